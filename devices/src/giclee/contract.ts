// The job contract of the inkjet (giclee) printer host: a job on `device-giclee` asks for one poll. Checked
// before the host talks to the printer.
import { z } from 'zod';
import type { GicleeCommand } from '@club/workers/device-commands';
import { InvalidJobDataError, isValidJobId } from '@club/workers/device-commands';

export const gicleeJobSchema = z.object({
  device: z.literal('giclee'),
  action: z.literal('poll'),
  requestId: z.string().refine(isValidJobId, 'not a valid job id'),
});

export function parseGicleeJob(data: unknown): GicleeCommand {
  const parsed = gicleeJobSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidJobDataError(
      `giclee job: ${issue?.path.join('.') || 'data'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}
