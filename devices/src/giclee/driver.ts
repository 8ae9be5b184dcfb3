// What the giclee host drives: an Epson SureColor P6000-class printer, behind a port. The real printer is
// reached over the club's network (its job log and ink status pages); that connection is not built here,
// so only the simulator implements the port, and the driver (one poll = job log + ink levels) is shared.
import type { GicleeCommand, DeviceOutcome } from '@club/workers/device-commands';
import type { InkAmounts, PrinterJob } from '@club/core/giclee/report';
import type { DeviceDriver } from '../driver.ts';

/** The printer as the host sees it. Each call throws DeviceOfflineError when the printer cannot be reached. */
export interface PrinterConnection {
  /** The printer's job log, oldest first (the printer keeps its most recent jobs). */
  readJobLog(): Promise<PrinterJob[]>;
  /** Percent left per ink cartridge. */
  readInkLevels(): Promise<InkAmounts>;
}

export class GicleeDriverMissingError extends Error {
  override readonly name = 'GicleeDriverMissingError';
  constructor() {
    super('no driver for the real giclee printer is built yet; run the giclee host with --simulate');
  }
}

/** How many poll answers are kept for repeated request ids (a retried job answers as the first did). */
const REMEMBERED_POLLS = 20;

/** One poll: the job log and the ink levels, sent back as JSON text in the outcome's detail. */
export class GicleeDriver implements DeviceDriver<'giclee'> {
  readonly device = 'giclee' as const;
  readonly #answers = new Map<string, DeviceOutcome>();

  constructor(
    private readonly printer: PrinterConnection,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async execute(command: GicleeCommand): Promise<DeviceOutcome> {
    const first = this.#answers.get(command.requestId);
    if (first) return first;
    const jobs = await this.printer.readJobLog();
    const inkLevels = await this.printer.readInkLevels();
    const at = this.now().toISOString();
    const outcome: DeviceOutcome = {
      device: 'giclee',
      action: 'poll',
      requestId: command.requestId,
      completedAt: at,
      detail: { report: JSON.stringify({ jobs, inkLevels, at }) },
    };
    this.#answers.set(command.requestId, outcome);
    if (this.#answers.size > REMEMBERED_POLLS) this.#answers.delete(this.#answers.keys().next().value!);
    return outcome;
  }

  async close(): Promise<void> {}
}
