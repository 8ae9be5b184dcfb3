// The job contract of the booking host: what a job on the `device-actplace` queue carries (one wish to
// book). Checked before the host touches the booking site.
import { z } from 'zod';
import type { ActPlaceCommand } from '@club/workers/device-commands';
import { InvalidJobDataError, isValidJobId } from '@club/workers/device-commands';

export const actplaceJobSchema = z.object({
  device: z.literal('actplace'),
  action: z.literal('book'),
  requestId: z.string().refine(isValidJobId, 'not a valid job id'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timeslot: z.string().min(1),
  name: z.string().min(1),
  ntup: z.number().int().positive(),
  choicelist: z.array(z.string().min(1)).min(1).max(6),
});

export function parseActPlaceJob(data: unknown): ActPlaceCommand {
  const parsed = actplaceJobSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidJobDataError(
      `actplace job: ${issue?.path.join('.') || 'data'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}
