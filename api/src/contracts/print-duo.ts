// The duo (two-sided) alignment calls (document 2: duo alignment offsets, xydirsync, duoalignment;
// docs/duo-print.md). Offsets in mm of the sheet's front frame; the final size in px at 300 dpi.
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

/**
 * 'needPhotoAnalysis' ('not finished photo analysis') and the photo's 'tooFarOut' ('paper placed too far
 * out') are the spec's; 'noReferenceBar' and 'noMark' (the photo shows no bar or no mark), 'running' (an
 * adjustment is being made), 'notfound', 'servicedown' and 'toosmall' (a page narrower than 100 mm at 300 dpi) are ours.
 */
export const duoReasons = [
  'notfound',
  'needPhotoAnalysis',
  'tooFarOut',
  'noReferenceBar',
  'noMark',
  'running',
  'servicedown',
  'toosmall',
] as const;

const offsetSchema = z.object({
  x: z.number().finite().min(-100).max(100),
  y: z.number().finite().min(-100).max(100),
});

/** The spec's xydir: the left and right offsets, and the adjustment with its final size once made. */
export const xydirSchema = z.object({
  left: offsetSchema.nullable(),
  right: offsetSchema.nullable(),
  adjustment: z.object({
    status: z.enum(['none', 'running', 'done', 'failed']),
    finalsize: z.object({ width: z.number(), height: z.number() }).nullable(),
    /** How much wider the back came out (1 = true to size). */
    stretch: z.number().nullable(),
    /** The adjusted image (a file of application 11). */
    file: z.object({ pk: z.number(), url: z.string(), filename: z.string() }).nullable(),
    reason: z.string(),
  }),
  /** The back-side file: its name and size, px. */
  source: z.object({ pk: z.number(), filename: z.string(), width: z.number(), height: z.number() }),
});

const params = z.object({
  pk: z.string().regex(/^[1-9]\d{0,12}$/),
  s3pk: z.string().regex(/^[1-9]\d{0,12}$/),
});

export const xydirGet = endpoint({
  method: 'GET',
  path: '/print/:pk/xydirsync/:s3pk',
  params,
  ok: okSchema.extend({ xydir: xydirSchema }),
  fail: failSchema,
});

export const xydirPost = endpoint({
  method: 'POST',
  path: '/print/:pk/xydirsync/:s3pk',
  params,
  body: z.object({ left: offsetSchema.optional(), right: offsetSchema.optional() }),
  ok: okSchema.extend({ xydir: xydirSchema }),
  fail: failSchema,
});

/** Steps 22 and 23: the raw photo (image/jpeg or image/png) of the left or right edge. */
export const photo = endpoint({
  method: 'POST',
  path: '/print/:pk/duophoto/:s3pk/:side',
  params: params.extend({ side: z.enum(['left', 'right']) }),
  ok: okSchema.extend({ offset: offsetSchema, xydir: xydirSchema }),
  fail: failSchema.extend({ offset: offsetSchema.optional() }),
});

export const duoalignment = endpoint({
  method: 'POST',
  path: '/print/:pk/duoalignment/:s3pk',
  params,
  ok: okSchema.extend({ jobId: z.string() }),
  fail: failSchema,
});

/** The test sheet's front or back as PNG, the size of the back-side file. */
export const testSheet = endpoint({
  method: 'GET',
  path: '/print/:pk/duoprint/:s3pk/testsheet/:face',
  params: params.extend({ face: z.enum(['front.png', 'back.png']) }),
  ok: z.unknown().describe('image/png'),
  fail: failSchema,
});
