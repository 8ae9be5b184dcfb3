import type { DeviceDriver } from '../driver.ts';

/** A label printer: prints jobs and tells how many labels are left on its roll. */
export interface LabelPrinterDriver extends DeviceDriver<'label'> {
  /** Labels left on the roll, for the heartbeat (null when the printer cannot tell). */
  labelsLeft(): number | null;
}

/** The roll has fewer labels than the job needs; the job fails until someone refills it. */
export class OutOfLabelsError extends Error {
  override readonly name = 'OutOfLabelsError';
  constructor(
    readonly left: number,
    readonly needed: number,
  ) {
    super(`out of labels: ${left} left, ${needed} needed; refill the label roll`);
  }
}
