// The printer-poll (docs/giclee.md): a repeatable BullMQ job (every minute; GICLEE_POLL_MS) that the API
// process runs, because only the API writes events. Each run asks the giclee host for the printer's job log
// and ink levels through the device link, and records new and changed jobs; a run that reaches nobody
// records the printer lost (once per outage, with the last success). AdminGicleeJobHistory warns once the
// printer has been lost for over 5 minutes.
import { randomUUID } from 'node:crypto';
import { printerReportSchema } from '@club/core/giclee/report';
import { printerDown } from '@club/core/giclee/rules';
import type { PortalServices } from '../services.ts';
import { gicleePapers } from './view.ts';

export const DEFAULT_POLL_MS = 60_000;
/** How long one poll may wait for the host. */
export const POLL_WAIT_MS = 10_000;

export type PollOutcome = { ok: true; appended: number } | { ok: false; error: string };

/** The last success this process saw (the read model holds the one across restarts). */
const lastSuccess = new WeakMap<PortalServices, string>();
/** When the process started watching: the printer-down rule counts from here if it was never reached. */
const watchingSince = new WeakMap<PortalServices, Date>();

const systemContext = (services: PortalServices, label: string) => ({
  now: services.now(),
  actor: null,
  correlationId: `giclee-${label}-${services.now().toISOString()}`,
});

/** Records one report the host sent (the JSON text of its outcome). Idempotent. */
export async function recordReport(services: PortalServices, reportText: string): Promise<PollOutcome> {
  const parsed = printerReportSchema.safeParse(JSON.parse(reportText));
  if (!parsed.success) return { ok: false, error: `bad report: ${parsed.error.issues[0]?.message ?? ''}` };
  const { appended, position } = await services.giclee.recordReport(
    parsed.data,
    gicleePapers(services),
    systemContext(services, 'poll'),
  );
  lastSuccess.set(services, parsed.data.at);
  if (position > 0) await services.projections.waitFor(position);
  return { ok: true, appended };
}

/** One poll: ask the host, record what it said, or record the printer lost. */
export async function pollPrinter(services: PortalServices): Promise<PollOutcome> {
  const link = services.devices;
  const now = services.now();
  let outcome: PollOutcome;
  if (!link) outcome = { ok: false, error: 'no-device-link' };
  else {
    const answer = await link.send(
      {
        device: 'giclee',
        action: 'poll',
        requestId: `giclee-poll-${now.getTime()}-${randomUUID().slice(0, 8)}`,
      },
      { waitMs: POLL_WAIT_MS },
    );
    if (!answer.ok)
      outcome = {
        ok: false,
        error: answer.reason === 'servicedown' ? `servicedown: ${answer.why}` : answer.error,
      };
    else if (!('outcome' in answer) || typeof answer.outcome.detail?.report !== 'string')
      outcome = { ok: false, error: 'no report' };
    else outcome = await recordReport(services, answer.outcome.detail.report);
  }
  if (!outcome.ok) {
    const model = services.projections.models.giclee.printer;
    const position = await services.giclee.recordLost(
      lastSuccess.get(services) ?? model.lastSuccessAt,
      outcome.error,
      systemContext(services, 'lost'),
    );
    if (position > 0) await services.projections.waitFor(position);
  }
  return outcome;
}

/**
 * updateTime and cronError of the job history. The 5 minutes count from this process's last success, else
 * (after a restart) from the last success recorded when the printer was lost, else from when this process
 * started watching.
 */
export function printerStatus(services: PortalServices): { updateTime: string | null; cronError: boolean } {
  const model = services.projections.models.giclee.printer;
  const seen = lastSuccess.get(services);
  const since = watchingSince.get(services) ?? services.now();
  const updateTime = seen ?? model.lastSuccessAt;
  const reference = seen ?? (model.reachable === false ? model.lastSuccessAt : null);
  const from = reference ? new Date(reference) : null;
  return { updateTime, cronError: printerDown(from, from ? from : since, services.now()) };
}

/** Starts the repeatable printer-poll on Redis (a no-op without queues). */
export function startPrinterPoll(
  services: PortalServices,
  everyMs: number,
  log: { warn(message: string): void },
) {
  watchingSince.set(services, services.now());
  if (!services.queues) return;
  services.queues.repeatEvery('printer-poll', everyMs, async () => {
    try {
      await pollPrinter(services);
    } catch (error) {
      log.warn(`printer-poll failed: ${(error as Error).message}`);
    }
  });
}
