// The dispenser host's contract with the portal. Commands come on the device queue (workers/src/
// device-commands.ts, DispenserCommand, checked here again); the host reports each run's progress on the
// `dispenser-report` queue, which the API process consumes into events: a run started at the device's own
// panel ('requested'), a run taken up ('started') and a run ended with its results ('finished').
import {
  dispenseIdSchema,
  historyRowSchema,
  ingredientResultSchema,
  plannedIngredientSchema,
} from '@club/core/dispenser/events';
import { z } from 'zod';

export const DISPENSER_REPORT_QUEUE = 'dispenser-report';

export const dispenseJobSchema = z.object({
  device: z.literal('dispenser'),
  action: z.literal('dispense'),
  requestId: dispenseIdSchema,
  target: z.string().min(1).max(40),
  formula: z.object({ name: z.string().min(1).max(100), volume: z.number().int().positive() }),
  ingredients: z.array(plannedIngredientSchema).min(1).max(10),
});
export type DispenseJob = z.infer<typeof dispenseJobSchema>;

export const dispenserReportSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('requested'),
    dispenseId: dispenseIdSchema,
    userPk: z.number().int().positive(),
    target: z.string().min(1).max(40),
    formula: z.object({ name: z.string().min(1).max(100), volume: z.number().int().positive() }),
    ingredients: z.array(plannedIngredientSchema).min(1).max(10),
    at: z.iso.datetime(),
  }),
  z.object({ kind: z.literal('started'), dispenseId: dispenseIdSchema, at: z.iso.datetime() }),
  z.object({
    kind: z.literal('finished'),
    dispenseId: dispenseIdSchema,
    status: z.enum(['aborted', 'weightdrop', 'limitexceed', 'finish']),
    results: z.array(ingredientResultSchema),
    history: z.array(historyRowSchema),
    at: z.iso.datetime(),
  }),
]);
export type DispenserReport = z.infer<typeof dispenserReportSchema>;

export const dispenserReportJobId = (report: DispenserReport) => `${report.dispenseId}-${report.kind}`;
