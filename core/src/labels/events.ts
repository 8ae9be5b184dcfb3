// Label prints are events of one stream per person and Taipei day, `label-day-{pk}-{YYYYMMDD}`: the day's
// free user-label sheets are counted there, so two prints of the same person at once are decided one
// after the other (expected revision) and cannot both use the last free sheets.
import { z } from 'zod';
import { LABEL_KINDS, LABEL_LOCATIONS } from './rules.ts';

export const labelDayStream = (userPk: number, day: string): string => `label-day-${userPk}-${day}`;

/**
 * A print's id: `lp-{pk}-{YYYYMMDD}-{key}`. It is the device job's id too, so the outcome the printer
 * reports names the stream its print was requested on.
 */
export const labelPrintId = (userPk: number, day: string, key: string): string =>
  `lp-${userPk}-${day}-${key}`;

export function parseLabelPrintId(printId: string): { userPk: number; day: string } | null {
  const match = /^lp-([1-9]\d{0,14})-(\d{8})-[A-Za-z0-9]{6,64}$/.exec(printId);
  return match ? { userPk: Number(match[1]), day: match[2]! } : null;
}

/** A print was asked for and its charge decided; the image is kept for the print log. */
export const labelPrintRequestedSchema = z.object({
  type: z.literal('LabelPrintRequested'),
  data: z.object({
    printId: z.string(),
    userPk: z.number().int().positive(),
    kind: z.enum(LABEL_KINDS),
    /** What the label names: a pkstr such as U00101, a typed id, or the free text. */
    target: z.string(),
    quantity: z.number().int().positive(),
    /** Cents due for user-label sheets beyond the day's free ones (0 for other kinds). */
    chargeCents: z.number().int().nonnegative(),
    /** The rendered PNG as a data URI. */
    image: z.string().startsWith('data:image/png;base64,'),
    location: z.enum(LABEL_LOCATIONS),
    simple: z.boolean(),
    /** Hash of what was asked, so a retry with other content is told apart from a repeat. */
    fingerprint: z.string(),
  }),
});

/** A print that never reached the printer: nothing printed, its sheets do not count, a charge is refunded. */
export const labelPrintRefusedSchema = z.object({
  type: z.literal('LabelPrintRefused'),
  data: z.object({
    printId: z.string(),
    reason: z.enum(['insufficient_balance', 'servicedown']),
  }),
});

/** The printer's outcome: done, or failed with the printer's reason (a charge is then refunded). */
export const labelPrintFinishedSchema = z.object({
  type: z.literal('LabelPrintFinished'),
  data: z.object({
    printId: z.string(),
    done: z.boolean(),
    /** 'ok', or why the printer failed (out of labels, ...). */
    result: z.string().max(500),
    finishedAt: z.string(),
  }),
});

export const labelEventSchema = z.union([
  labelPrintRequestedSchema,
  labelPrintRefusedSchema,
  labelPrintFinishedSchema,
]);
export type LabelPrintRequestedEvent = z.infer<typeof labelPrintRequestedSchema>;
export type LabelPrintRefusedEvent = z.infer<typeof labelPrintRefusedSchema>;
export type LabelPrintFinishedEvent = z.infer<typeof labelPrintFinishedSchema>;
export type LabelEvent = z.infer<typeof labelEventSchema>;

export const LABEL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'LabelPrintRequested',
  'LabelPrintRefused',
  'LabelPrintFinished',
]);
