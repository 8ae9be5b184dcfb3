// Events of the inkjet (giclee) printer. One stream per printer job (giclee-job-{pk}, pk = the printer's job
// number): first seen by a poll, changed by later polls (status, size, ink), edited by staff (height, fee,
// comment, paper, no-need-to-pay). The printer's own stream (giclee-printer) records ink levels when they
// change and when the printer is lost and reached again. Payment is a stock sale (core/src/stock) whose
// transfer links the job (links.gicleeJob); docs/giclee.md.
import { z } from 'zod';
import { inkAmountsSchema } from './report.ts';

const instant = z.iso.datetime();
const actor = z.number().int().positive();

/** What the printer says about a job; recorded when first seen and whenever it changes. */
export const printerFactsSchema = z.object({
  name: z.string().max(300),
  startedAt: instant,
  widthMm: z.number().finite().nonnegative(),
  heightMm: z.number().finite().nonnegative(),
  media: z.string().max(200),
  status: z.string().min(1).max(60),
  ink: inkAmountsSchema,
});
export type PrinterFacts = z.infer<typeof printerFactsSchema>;

export const gicleeJobEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GicleeJobSeen'),
    data: printerFactsSchema.extend({
      pk: z.number().int().positive(),
      /** The paper matched by keyword (a stock pk), or null. */
      paperStockPk: z.number().int().positive().nullable(),
      /** The member named in the file name, or null. */
      ownerPk: z.number().int().positive().nullable(),
    }),
  }),
  z.object({
    type: z.literal('GicleeJobChanged'),
    data: printerFactsSchema.extend({ pk: z.number().int().positive() }),
  }),
  z.object({
    type: z.literal('GicleeJobHeightSet'),
    data: z.object({
      pk: z.number().int().positive(),
      heightMm: z.number().positive().nullable(),
      byPk: actor,
    }),
  }),
  z.object({
    type: z.literal('GicleeJobFeeSet'),
    data: z.object({
      pk: z.number().int().positive(),
      feeCents: z.number().int().nonnegative().nullable(),
      byPk: actor,
    }),
  }),
  z.object({
    type: z.literal('GicleeJobCommentSet'),
    data: z.object({ pk: z.number().int().positive(), comment: z.string().max(500), byPk: actor }),
  }),
  z.object({
    type: z.literal('GicleeJobPaperSet'),
    data: z.object({
      pk: z.number().int().positive(),
      paperStockPk: z.number().int().positive(),
      byPk: actor,
    }),
  }),
  z.object({
    type: z.literal('GicleeJobNoNeedToPaySet'),
    data: z.object({
      pk: z.number().int().positive(),
      /** True: the job needs no payment for `reason`; false: it needs payment again. */
      noNeedToPay: z.boolean(),
      reason: z.string().max(200),
      byPk: actor,
    }),
  }),
]);
export type GicleeJobEvent = z.infer<typeof gicleeJobEventSchema>;

export const gicleePrinterEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GicleeInkLevelsRecorded'),
    data: z.object({ levels: inkAmountsSchema, at: instant }),
  }),
  /** A poll failed after a success (or since start): `lastSuccessAt` is the last time it was reached. */
  z.object({
    type: z.literal('GicleePrinterLost'),
    data: z.object({ lastSuccessAt: instant.nullable(), at: instant, error: z.string().max(300) }),
  }),
  z.object({ type: z.literal('GicleePrinterReached'), data: z.object({ at: instant }) }),
]);
export type GicleePrinterEvent = z.infer<typeof gicleePrinterEventSchema>;

export const gicleeEventTypes = [
  'GicleeJobSeen',
  'GicleeJobChanged',
  'GicleeJobHeightSet',
  'GicleeJobFeeSet',
  'GicleeJobCommentSet',
  'GicleeJobPaperSet',
  'GicleeJobNoNeedToPaySet',
  'GicleeInkLevelsRecorded',
  'GicleePrinterLost',
  'GicleePrinterReached',
] as const;

export const gicleeJobStream = (pk: number) => `giclee-job-${pk}`;
export const GICLEE_PRINTER_STREAM = 'giclee-printer';
/** The sale that pays a job; `generation` counts refunds that cleared its link, so it can be paid again. */
export const gicleeSaleId = (pk: number, generation: number) => `giclee-${pk}-${generation}`;
