// Label printing (document 2: LabelPrint; document 3: the label print log). docs/labels.md explains the
// reason codes, the charge and what is drawn for the kinds whose domains do not exist yet.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pageParamsSchema, pagerSchema, personRefSchema } from './shared.ts';

export const labelKindSchema = z.enum(['user', 'book', 'stock', 'sharingpaper', 'property', 'test', 'any']);

/**
 * The label request (document 2, section 3). Loosely typed where a form sends loose values; `pk` is the
 * target's pk (user, book, stock, sharingpaper, property) or the free text (test, any).
 */
export const labelDrawBodySchema = z.object({
  kind: labelKindSchema,
  pk: z.union([z.number(), z.string().max(100)]).nullish(),
  comment: z.string().max(200).nullish(),
  /** The logo ('club', 'ntu', 'none'); only the special user pk 2 chooses. */
  selectlogo: z.string().max(20).nullish(),
  datetoday: z.boolean().nullish(),
  timetoday: z.boolean().nullish(),
  /** Film expiry: YYYY.MM, 'auto' or empty; slashes become dots. */
  expdate: z.string().max(20).nullish(),
  /** Text shown instead of the target's name. */
  namereplace: z.string().max(100).nullish(),
  landscape: z.boolean().nullish(),
  simple: z.boolean().nullish(),
  /** 'ntup' or 'sql'; only the special user pk 2 chooses. */
  location: z.string().max(20).nullish(),
  rounded: z.boolean().nullish(),
});

/**
 * Refusals of the draw call: 'format' (the expiry is not YYYY.MM / auto / empty), 'notfound' (no such
 * target), 'cannotgenerate' (the content cannot be drawn: 'cannot generate image'), 'unknown'
 * ('unknown error, cannot generate image').
 */
export const labelDrawReasons = ['format', 'notfound', 'cannotgenerate', 'unknown'] as const;

export const labelDraw = endpoint({
  method: 'POST',
  path: '/label/draw',
  body: labelDrawBodySchema,
  ok: okSchema.extend({
    barcode: z.object({ datauri: z.string() }),
    /** A stock label's item: its batches still in stock with their expiry dates ('YYYY.MM'), soonest first. */
    expdatelist: z.array(z.object({ expdate: z.string(), quantity: z.number() })),
    /** The comment as drawn (trimmed and shortened). */
    comment: z.string(),
  }),
  fail: failSchema,
});

export const labelPrintBodySchema = z.object({
  simple: z.boolean().nullish(),
  label: z.object({
    dataURI: z.string().max(200_000),
    quantity: z.union([z.number(), z.string().max(30)]).nullish(),
    location: z.string().max(20).nullish(),
  }),
  /** The idempotency key of this print (or send an Idempotency-Key header). */
  requestId: z.string().min(1).max(200).optional(),
});

/**
 * Refusals of the print call: 'servicedown' (no label printer: 'cannot reach the label machine'),
 * 'format' (quantity not a positive integer), 'image' (not a label this portal drew for the caller),
 * 'insufficient_balance' (the extra sheets cannot be paid), 'mismatch' (the same requestId with other
 * content), 'failed' ('failed, retry or contact the fan page').
 */
export const labelPrintReasons = [
  'servicedown',
  'format',
  'image',
  'insufficient_balance',
  'mismatch',
  'failed',
] as const;

export const labelPrint = endpoint({
  method: 'POST',
  path: '/label/print',
  body: labelPrintBodySchema,
  ok: okSchema.extend({
    /** Sheets sent after clamping to the kind's cap. */
    quantity: z.number(),
    /** NTD charged for sheets beyond the day's free user labels. */
    charge: z.number(),
    printId: z.string(),
  }),
  fail: failSchema,
});

/** A row of the label print log (document 3: done, quantity, result, datauri image). */
export const labelPrintLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  user: personRefSchema,
  kind: labelKindSchema,
  target: z.string(),
  quantity: z.number(),
  /** NTD. */
  charge: z.number(),
  /** Null while the printer has not answered. */
  done: z.boolean().nullable(),
  result: z.string(),
  datauri: z.string(),
});

export const labelPrintLog = endpoint({
  method: 'GET',
  path: '/admin/system/label/print/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(labelPrintLogRowSchema), pager: pagerSchema }),
  fail: failSchema,
});
