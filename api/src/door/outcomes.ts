// Door outcomes the open call did not record itself: a host that finished a command after the person was
// told 'unreachable' (the job had started), and attempts left waiting when the API stopped mid-call. Only
// the API process writes events, so it listens to the device link and reconciles at start.
import type { CommandContext } from '@club/core/commands';
import type { DoorOutcome } from '@club/core/door/decider';
import type { DeviceLink, DeviceJobState } from '@club/workers/device-link';
import type { PortalServices } from '../services.ts';

const systemContext = (services: PortalServices, reason: string): CommandContext => ({
  now: services.now(),
  actor: null,
  correlationId: `door-${reason}`,
});

function outcomeOf(job: DeviceJobState): { outcome: DoorOutcome; error?: string } | null {
  switch (job.state) {
    case 'completed':
      return { outcome: 'opened' };
    case 'failed':
      return { outcome: 'failed', error: job.error };
    case 'unknown':
      // Never queued, withdrawn unstarted, or expired: the door did not open for it.
      return { outcome: 'unreachable', error: 'no-job' };
    case 'pending':
      return null;
    default:
      return null;
  }
}

/** Records late door outcomes as they come, and settles the attempts still waiting from before a restart. */
export async function followDoorOutcomes(services: PortalServices, link: DeviceLink): Promise<void> {
  const record = async (requestId: string, answer: { outcome: DoorOutcome; error?: string }) => {
    if (!services.projections.models.doorLog.byRequestId.has(requestId)) return;
    await services.door.recordOutcome(
      requestId,
      answer.outcome,
      answer.error,
      systemContext(services, 'outcome'),
    );
  };
  await link.onOutcome(['door'], (job) => {
    const answer = outcomeOf(job);
    if (answer)
      record(job.requestId, answer).catch((error) => console.error('door outcome not recorded', error));
  });
  for (const requestId of [...services.projections.models.doorLog.pending]) {
    try {
      const answer = outcomeOf(await link.jobState('door', requestId));
      if (answer) await record(requestId, answer);
    } catch {
      // Redis is away: the attempt stays waiting until the next start.
    }
  }
}
