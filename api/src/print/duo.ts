// The duo alignment's glue in the API process: the xydir view, the queue port, and the follower that
// turns finished duo-alignment jobs into files of application 11 (the worker itself writes no events).
import type { DuoState } from '@club/core/duo/decider';
import { type DuoAlignmentJobData, type DuoJobResult, parseDuoJobId } from '@club/core/duo/service';
import type { FileRow } from '@club/projections/files';
import type { UnspecifiedJobData } from '@club/workers/queues';
import type { PortalServices } from '../services.ts';
import { fileContentUrl } from '../views/file-record.ts';

export function xydirView(services: PortalServices, state: DuoState, source: FileRow) {
  const { adjustment } = state;
  const fileRow =
    adjustment.status === 'done' ? services.projections.models.files.byPk.get(adjustment.filePk) : undefined;
  return {
    left: state.left,
    right: state.right,
    adjustment: {
      status: adjustment.status,
      finalsize: adjustment.status === 'done' ? adjustment.finalsize : null,
      stretch: adjustment.status === 'done' ? adjustment.stretch : null,
      file: fileRow ? { pk: fileRow.pk, url: fileContentUrl(fileRow.pk), filename: fileRow.filename } : null,
      reason: adjustment.status === 'failed' ? adjustment.reason : '',
    },
    source: {
      pk: source.pk,
      filename: source.filename,
      width: source.info?.width ?? 0,
      height: source.info?.height ?? 0,
    },
  };
}

export const duoQueue = (services: PortalServices) => ({
  enqueue: async (job: DuoAlignmentJobData) =>
    services.queues
      ? services.queues.enqueueOrServiceDown('duo-alignment', job as unknown as UnspecifiedJobData, {
          jobId: job.jobId,
        })
      : { ok: false },
});

const systemContext = (services: PortalServices) => ({
  now: services.now(),
  actor: null,
  correlationId: `duo-follow-${services.now().getTime()}`,
});

const isResult = (value: unknown): value is DuoJobResult =>
  typeof value === 'object' && value !== null && typeof (value as DuoJobResult).resultKey === 'string';

/** Records one finished job; called from the queue's events and when a reader finds a job still running. */
export async function settleDuoJob(
  services: PortalServices,
  jobId: string,
  outcome: { completed: true; returnValue: unknown } | { completed: false; reason: string },
): Promise<void> {
  if (!parseDuoJobId(jobId)) return;
  const context = systemContext(services);
  if (outcome.completed && isResult(outcome.returnValue)) {
    await services.duo.recordResult(jobId, outcome.returnValue, services.files, context);
  } else {
    await services.duo.recordFailure(jobId, outcome.completed ? 'no result' : outcome.reason, context);
  }
}

/**
 * A job whose finish was missed (the API was down): a reader asking about a running adjustment looks the
 * job up in Redis and records its outcome. Final failures only: a failed attempt that will be retried waits.
 */
export async function reconcileDuoJob(services: PortalServices, jobId: string): Promise<void> {
  const outcome = await services.queues?.jobOutcome('duo-alignment', jobId).catch(() => null);
  if (!outcome) return;
  if (outcome.state === 'completed')
    await settleDuoJob(services, jobId, { completed: true, returnValue: outcome.returnValue });
  else if (outcome.state === 'failed')
    await settleDuoJob(services, jobId, { completed: false, reason: outcome.failedReason });
}

export function followDuoAlignments(
  services: PortalServices,
  log: { error: (message: string) => void },
): void {
  if (!services.queues) return;
  const settle = (jobId: string, outcome: Parameters<typeof settleDuoJob>[2]) =>
    void settleDuoJob(services, jobId, outcome).catch((error: Error) =>
      log.error(`duo alignment ${jobId}: recording the outcome failed: ${error.message}`),
    );
  services.queues.onFinished('duo-alignment', {
    completed: (jobId, returnValue) => settle(jobId, { completed: true, returnValue }),
    // BullMQ reports every failed attempt here; only the last one is final, which reconcile checks.
    failed: (jobId) =>
      void reconcileDuoJob(services, jobId).catch((error: Error) =>
        log.error(`duo alignment ${jobId}: ${error.message}`),
      ),
  });
}
