// Events of one file's duo alignment (stream duo-{projectPk}-{s3pk}): the left and right offsets (from a
// photo's analysis or typed in the settings), the adjustment job asked for, and its result, the adjusted
// back-side image stored as a file of application 11 with its final size (docs/duo-print.md).
import { z } from 'zod';

export const duoStream = (projectPk: number, s3pk: number): string => `duo-${projectPk}-${s3pk}`;

export const DUO_SIDES = ['left', 'right'] as const;
export type DuoSide = (typeof DUO_SIDES)[number];

const millimetres = z.number().finite().min(-100).max(100);
export const xyOffsetSchema = z.object({ x: millimetres, y: millimetres });
const pk = z.number().int().positive();
const sizePx = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });

export const duoEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('DuoOffsetRecorded'),
    data: z.object({
      projectPk: pk,
      s3pk: pk,
      side: z.enum(DUO_SIDES),
      offset: xyOffsetSchema,
      /** 'photo' when the analysis measured it, 'manual' when typed in the settings (step 28). */
      source: z.enum(['photo', 'manual']),
      byPk: pk,
    }),
  }),
  z.object({
    type: z.literal('DuoAdjustmentRequested'),
    data: z.object({
      projectPk: pk,
      s3pk: pk,
      jobId: z.string().min(1),
      left: xyOffsetSchema,
      right: xyOffsetSchema,
      byPk: pk,
    }),
  }),
  z.object({
    type: z.literal('DuoAdjustmentWritten'),
    data: z.object({
      jobId: z.string().min(1),
      filePk: pk,
      finalsize: sizePx,
      stretch: z.number().positive(),
    }),
  }),
  z.object({
    type: z.literal('DuoAdjustmentFailed'),
    data: z.object({ jobId: z.string().min(1), reason: z.string().max(500) }),
  }),
]);

export type DuoEvent = z.infer<typeof duoEventSchema>;
export type XyOffsetMm = z.infer<typeof xyOffsetSchema>;
export type FinalSize = z.infer<typeof sizePx>;
