// The job the label printer host consumes (queue device-label): print `quantity` sheets of a rendered
// label. The portal's command type is workers/src/device-commands.ts (LabelCommand); this schema is the
// host's own check of what it reads back from Redis.
import { z } from 'zod';

export const labelPrintJobSchema = z.object({
  device: z.literal('label'),
  action: z.literal('print'),
  requestId: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/),
  image: z.string().startsWith('data:image/png;base64,'),
  quantity: z.number().int().positive().max(100),
});
export type LabelPrintJob = z.infer<typeof labelPrintJobSchema>;

/** What the host reports in its heartbeat's status. */
export const labelHostStatusSchema = z.object({ labelsLeft: z.number().int().nonnegative() });
