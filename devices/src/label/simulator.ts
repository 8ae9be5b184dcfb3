// A label printer in a folder: each job's label is written as `{requestId}-x{sheets}.png` (one file per
// job, the sheet count in its name), after a delay per sheet as a thermal printer takes. The roll holds
// `rollSize` labels; a job that needs more than are left fails with OutOfLabelsError. Refill by creating
// the control file (default `{outputDir}/refill`): the next job finds it, loads a new roll and removes it.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceOutcome, LabelCommand } from '@club/workers/device-commands';
import { labelPrintJobSchema } from './contract.ts';
import { type LabelPrinterDriver, OutOfLabelsError } from './driver.ts';

export interface LabelSimulatorOptions {
  outputDir: string;
  /** Labels on a new roll (default 200). */
  rollSize?: number;
  /** Labels on the roll at start (default a full roll). */
  labelsLeft?: number;
  /** Time to print one sheet (default 150 ms). */
  msPerSheet?: number;
  /** A file whose appearance means "the roll was refilled" (default `{outputDir}/refill`). */
  refillFile?: string;
  now?: () => Date;
}

/** The file a job's label is written to. */
export const printedFileName = (requestId: string, sheets: number): string => `${requestId}-x${sheets}.png`;

export class LabelPrinterSimulator implements LabelPrinterDriver {
  readonly device = 'label' as const;
  readonly outputDir: string;
  readonly refillFile: string;
  readonly #rollSize: number;
  readonly #msPerSheet: number;
  readonly #now: () => Date;
  #left: number;

  constructor(options: LabelSimulatorOptions) {
    this.outputDir = options.outputDir;
    mkdirSync(this.outputDir, { recursive: true });
    this.refillFile = options.refillFile ?? join(this.outputDir, 'refill');
    this.#rollSize = options.rollSize ?? 200;
    this.#left = options.labelsLeft ?? this.#rollSize;
    this.#msPerSheet = options.msPerSheet ?? 150;
    this.#now = options.now ?? (() => new Date());
  }

  labelsLeft(): number {
    this.#refillIfAsked();
    return this.#left;
  }

  #refillIfAsked(): void {
    if (existsSync(this.refillFile)) {
      this.refill();
      rmSync(this.refillFile, { force: true });
    }
  }

  refill(): void {
    this.#left = this.#rollSize;
  }

  /** The file an earlier run of this request wrote, if any (a replayed job prints nothing again). */
  #printedBefore(requestId: string): string | null {
    const prefix = `${requestId}-x`;
    return (
      readdirSync(this.outputDir).find((name) => name.startsWith(prefix) && name.endsWith('.png')) ?? null
    );
  }

  async execute(command: LabelCommand): Promise<DeviceOutcome> {
    const job = labelPrintJobSchema.parse(command);
    const earlier = this.#printedBefore(job.requestId);
    if (earlier)
      return this.#outcome(job.requestId, Number(/-x(\d+)\.png$/.exec(earlier)?.[1] ?? 0), earlier);
    this.#refillIfAsked();
    if (this.#left < job.quantity) throw new OutOfLabelsError(this.#left, job.quantity);
    await new Promise((resolve) => setTimeout(resolve, this.#msPerSheet * job.quantity));
    this.#left -= job.quantity;
    const name = printedFileName(job.requestId, job.quantity);
    const png = Buffer.from(job.image.slice('data:image/png;base64,'.length), 'base64');
    // Written whole, then renamed: a reader never sees half a label.
    const partial = join(this.outputDir, `.${name}.partial`);
    writeFileSync(partial, png);
    renameSync(partial, join(this.outputDir, name));
    return this.#outcome(job.requestId, job.quantity, name);
  }

  #outcome(requestId: string, sheets: number, file: string): DeviceOutcome {
    return {
      device: 'label',
      action: 'print',
      requestId,
      completedAt: this.#now().toISOString(),
      detail: { sheets, file, labelsLeft: this.#left },
    };
  }

  async close(): Promise<void> {}
}
