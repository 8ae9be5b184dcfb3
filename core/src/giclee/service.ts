// The giclee application service: records what a printer poll reported (each job when first seen or
// changed, the printer reached with its ink levels), a failed poll (the printer lost), and the staff's
// edits of a job. Polls are idempotent: the deciders append nothing for facts already recorded.
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type GicleeJobCommand,
  type GicleeJobRejection,
  type GicleeJobState,
  gicleeJobDecider,
  gicleePrinterDecider,
} from './decider.ts';
import {
  GICLEE_PRINTER_STREAM,
  gicleeJobEventSchema,
  gicleeJobStream,
  gicleePrinterEventSchema,
} from './events.ts';
import type { PrinterReport } from './report.ts';
import { type GicleePaper, matchPaper, ownerPkOf } from './rules.ts';

export type GicleeEditCommand = Exclude<GicleeJobCommand, { type: 'RecordFromPrinter' }>;
export type GicleeEditAnswer = { ok: true; position: number } | { ok: false; reason: GicleeJobRejection };

export class Giclee {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  async job(pk: number): Promise<GicleeJobState> {
    return (await loadState(this.store, gicleeJobStream(pk), gicleeJobDecider, this.cache)).state;
  }

  /**
   * Records one poll's report. Returns how many events it appended and the last position (0 when the
   * report said nothing new).
   */
  async recordReport(
    report: PrinterReport,
    papers: readonly GicleePaper[],
    context: CommandContext,
  ): Promise<{ appended: number; position: number }> {
    let appended = 0;
    let position = 0;
    for (const job of report.jobs) {
      const { jobId, ...facts } = job;
      const result = await handleCommand(
        this.store,
        gicleeJobStream(jobId),
        gicleeJobDecider,
        {
          type: 'RecordFromPrinter',
          pk: jobId,
          facts,
          paperStockPk: matchPaper(job, papers),
          ownerPk: ownerPkOf(job.name),
        },
        context,
        {
          schema: gicleeJobEventSchema,
          deciderIsIdempotent: true,
          ...(this.cache ? { cache: this.cache } : {}),
        },
      );
      if (!result.ok) throw new Error(`recording printer job ${jobId}: ${result.rejection.rejected}`);
      appended += result.events.length;
      if (result.events.length > 0) position = Math.max(position, result.position);
    }
    const reached = await handleCommand(
      this.store,
      GICLEE_PRINTER_STREAM,
      gicleePrinterDecider,
      { type: 'RecordReached', at: report.at, inkLevels: report.inkLevels },
      context,
      { schema: gicleePrinterEventSchema, deciderIsIdempotent: true },
    );
    if (reached.ok && reached.events.length > 0) {
      appended += reached.events.length;
      position = Math.max(position, reached.position);
    }
    return { appended, position };
  }

  /** Records that a poll could not reach the printer (once per outage). */
  async recordLost(lastSuccessAt: string | null, error: string, context: CommandContext): Promise<number> {
    const result = await handleCommand(
      this.store,
      GICLEE_PRINTER_STREAM,
      gicleePrinterDecider,
      { type: 'RecordLost', at: context.now.toISOString(), lastSuccessAt, error },
      context,
      { schema: gicleePrinterEventSchema, deciderIsIdempotent: true },
    );
    return result.ok ? result.position : 0;
  }

  async edit(pk: number, command: GicleeEditCommand, context: CommandContext): Promise<GicleeEditAnswer> {
    const result = await handleCommand(this.store, gicleeJobStream(pk), gicleeJobDecider, command, context, {
      schema: gicleeJobEventSchema,
      deciderIsIdempotent: true,
      ...(this.cache ? { cache: this.cache } : {}),
    });
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }
}
