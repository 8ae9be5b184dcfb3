// The duo alignment application service: offsets typed in or measured from a photo, the adjustment job
// (queued only after the stream recorded it, failed at once if it cannot be queued), and the job's result
// turned into a file of application 11 by this process, the only writer of events (docs/duo-print.md).
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { Files } from '../files/service.ts';
import { newId } from '../ids.ts';
import { analyseEdgePhoto, type PhotoRefusal } from './analyse-photo.ts';
import { type DuoCommand, duoDecider, type DuoRejection, type DuoState } from './decider.ts';
import { type DuoSide, duoEventSchema, duoStream, type XyOffsetMm } from './events.ts';

/** What the duo-alignment worker is given (JSON in the queue; no secrets). */
export interface DuoAlignmentJobData {
  [key: string]: string | number | XyOffsetMm;
  jobId: string;
  projectPk: number;
  s3pk: number;
  sourceKey: string;
  left: XyOffsetMm;
  right: XyOffsetMm;
}

export interface DuoQueuePort {
  enqueue(job: DuoAlignmentJobData): Promise<{ ok: boolean }>;
}

/** What the worker returns (workers/src/processors/duo-alignment.ts). */
export interface DuoJobResult {
  resultKey: string;
  finalsize: { width: number; height: number };
  stretch: number;
}

export type RequestRefusal = DuoRejection | 'servicedown';

/** The project and file a job belongs to, read back from its id `duo-{projectPk}-{s3pk}-{uuid}`. */
export function parseDuoJobId(jobId: string): { projectPk: number; s3pk: number } | null {
  const match = /^duo-(\d{1,13})-(\d{1,13})-[0-9a-f-]{36}$/.exec(jobId);
  return match ? { projectPk: Number(match[1]), s3pk: Number(match[2]) } : null;
}

export class DuoAlignments {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  private command(projectPk: number, s3pk: number, command: DuoCommand, context: CommandContext) {
    return handleCommand(this.store, duoStream(projectPk, s3pk), duoDecider, command, context, {
      cache: this.cache,
      schema: duoEventSchema,
    });
  }

  async state(projectPk: number, s3pk: number): Promise<DuoState> {
    return (await loadState(this.store, duoStream(projectPk, s3pk), duoDecider, this.cache)).state;
  }

  /** POST xydirsync: offsets typed in the settings (step 28). */
  async recordOffsets(
    projectPk: number,
    s3pk: number,
    offsets: Partial<Record<DuoSide, XyOffsetMm>>,
    byPk: number,
    context: CommandContext,
  ): Promise<{ ok: true; state: DuoState } | { ok: false; reason: DuoRejection }> {
    for (const side of ['left', 'right'] as const) {
      const offset = offsets[side];
      if (!offset) continue;
      const result = await this.command(
        projectPk,
        s3pk,
        { type: 'RecordOffset', projectPk, s3pk, side, offset, source: 'manual', byPk },
        context,
      );
      if (!result.ok) return { ok: false, reason: result.rejection.rejected };
    }
    return { ok: true, state: await this.state(projectPk, s3pk) };
  }

  /** Steps 22 and 23: a photo of one edge; its offset is recorded when the analysis finds one. */
  async analysePhoto(
    projectPk: number,
    s3pk: number,
    side: DuoSide,
    photo: Buffer,
    byPk: number,
    context: CommandContext,
  ): Promise<
    | { ok: true; offset: XyOffsetMm; state: DuoState }
    | { ok: false; reason: PhotoRefusal; offset?: XyOffsetMm }
  > {
    const analysis = await analyseEdgePhoto(photo).catch(() => null);
    if (analysis === null) return { ok: false, reason: 'noReferenceBar' };
    if (!analysis.ok)
      return {
        ok: false,
        reason: analysis.reason,
        ...(analysis.offsetMm ? { offset: analysis.offsetMm } : {}),
      };
    const result = await this.command(
      projectPk,
      s3pk,
      { type: 'RecordOffset', projectPk, s3pk, side, offset: analysis.offsetMm, source: 'photo', byPk },
      context,
    );
    if (!result.ok) return { ok: false, reason: 'tooFarOut', offset: analysis.offsetMm };
    return { ok: true, offset: analysis.offsetMm, state: result.state };
  }

  /** POST duoalignment: records the job, then queues it; a job that cannot be queued is recorded failed. */
  async requestAdjustment(
    projectPk: number,
    s3pk: number,
    sourceKey: string,
    byPk: number,
    queue: DuoQueuePort | null,
    context: CommandContext,
  ): Promise<{ ok: true; jobId: string } | { ok: false; reason: RequestRefusal }> {
    const jobId = `duo-${projectPk}-${s3pk}-${newId()}`;
    const requested = await this.command(
      projectPk,
      s3pk,
      { type: 'RequestAdjustment', projectPk, s3pk, jobId, byPk },
      context,
    );
    if (!requested.ok) return { ok: false, reason: requested.rejection.rejected };
    const { left, right } = requested.state;
    if (!left || !right) throw new Error('an adjustment was recorded without both offsets');
    const queued = queue
      ? await queue.enqueue({ jobId, projectPk, s3pk, sourceKey, left, right }).catch(() => ({ ok: false }))
      : { ok: false };
    if (!queued.ok) {
      await this.command(projectPk, s3pk, { type: 'RecordFailed', jobId, reason: 'servicedown' }, context);
      return { ok: false, reason: 'servicedown' };
    }
    return { ok: true, jobId };
  }

  /**
   * The worker finished: its image becomes a file of application 11 owned by whoever asked for it, and
   * the stream records the file and the final size. A job that is not the running one changes nothing.
   */
  async recordResult(
    jobId: string,
    result: DuoJobResult,
    files: Files,
    context: CommandContext,
  ): Promise<void> {
    const ids = parseDuoJobId(jobId);
    if (!ids) return;
    const state = await this.state(ids.projectPk, ids.s3pk);
    if (state.adjustment.status !== 'running' || state.adjustment.jobId !== jobId) return;
    const bytes = await files.storage.get(result.resultKey);
    if (!bytes) {
      await this.recordFailure(jobId, 'the adjusted image is missing', context);
      return;
    }
    const uploaded = await files.uploadMultipart(
      state.adjustment.requestedByPk,
      { objname: 'printproject', objpk: ids.projectPk, application: 11, attr: `duo:${ids.s3pk}` },
      [{ filename: `duo-${ids.s3pk}-adjusted.png`, bytes }],
      context,
    );
    if (!uploaded.ok) {
      await this.recordFailure(jobId, `the adjusted image was refused: ${uploaded.reason}`, context);
      return;
    }
    await this.command(
      ids.projectPk,
      ids.s3pk,
      {
        type: 'RecordWritten',
        jobId,
        filePk: uploaded.pks[0]!,
        finalsize: result.finalsize,
        stretch: result.stretch,
      },
      context,
    );
    await files.storage.delete(result.resultKey).catch(() => undefined);
  }

  async recordFailure(jobId: string, reason: string, context: CommandContext): Promise<void> {
    const ids = parseDuoJobId(jobId);
    if (!ids) return;
    await this.command(
      ids.projectPk,
      ids.s3pk,
      { type: 'RecordFailed', jobId, reason: reason.slice(0, 500) },
      context,
    );
  }
}
