// The job contract of the door host: what a job on the `device-door` queue carries. The API writes it
// through the device link (workers/src/device-link.ts); the host checks it with this schema before the relay
// moves, so a stale or foreign producer's job fails at once instead of opening the door.
import { z } from 'zod';
import type { DoorCommand } from '@club/workers/device-commands';
import { InvalidJobDataError, isValidJobId } from '@club/workers/device-commands';

export const doorJobSchema = z.object({
  device: z.literal('door'),
  action: z.literal('open'),
  /** The person's request end to end: the job id, and the key the door is idempotent by. */
  requestId: z.string().refine(isValidJobId, 'not a valid job id'),
});

/** Checks a door job's data; throws InvalidJobDataError naming the first wrong field. */
export function parseDoorJob(data: unknown): DoorCommand {
  const parsed = doorJobSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidJobDataError(
      `door job: ${issue?.path.join('.') || 'data'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}
