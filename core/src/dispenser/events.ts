// One dispenser run is a stream `dispense-{dispenseId}` (document 3: Dispenser log, result history): requested
// (status init) from the darkroom page or at the device, started (dispense) when the host takes it, and
// finished with the run's status and per-ingredient results. A host that cannot be reached finishes it as
// unreachable.
import { z } from 'zod';

export const dispenseStream = (dispenseId: string): string => `dispense-${dispenseId}`;

/** Run statuses (document 3, section 4). */
export const DISPENSE_STATUSES = [
  'init',
  'unreachable',
  'dispense',
  'aborted',
  'weightdrop',
  'limitexceed',
  'finish',
] as const;
export type DispenseStatus = (typeof DISPENSE_STATUSES)[number];
/** Per-ingredient statuses (document 3, section 4). */
export const INGREDIENT_STATUSES = ['dispense', 'aborted', 'weightdrop', 'finish', 'limitexceed'] as const;
export type IngredientStatus = (typeof INGREDIENT_STATUSES)[number];
/** How a run can end. */
export const DISPENSE_END_STATUSES = [
  'unreachable',
  'aborted',
  'weightdrop',
  'limitexceed',
  'finish',
] as const;
export type DispenseEndStatus = (typeof DISPENSE_END_STATUSES)[number];

export const dispenseIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);

export const plannedIngredientSchema = z.object({
  /** The ingredient's name as the dispenser shows it ('D-76', 'water'). */
  ingredient: z.string().min(1).max(100),
  /** The chemical stock the ingredient comes from; null for water. */
  chemicalPk: z.number().int().positive().nullable(),
  /** Millilitres to pour. */
  targetvolume: z.number().int().positive(),
});
export type PlannedIngredient = z.infer<typeof plannedIngredientSchema>;

export const ingredientResultSchema = z.object({
  ingredient: z.string().max(100),
  /** Millilitres poured (the scale's reading, to 0.1). */
  volume: z.number().nonnegative(),
  status: z.enum(INGREDIENT_STATUSES),
  /** Pump cycles it took. */
  iteration: z.number().int().nonnegative(),
});
export type IngredientResult = z.infer<typeof ingredientResultSchema>;

/** One line of the result history (document 3: Dispenser result history row). */
export const historyRowSchema = z.object({
  lasttime: z.string(),
  status: z.enum(INGREDIENT_STATUSES),
  ingredient: z.string().max(100),
  iteration: z.number().int().nonnegative(),
  volume: z.number(),
  targetvolume: z.number(),
  /** ml per second over the last pump cycle. */
  flowrate: z.number(),
  pumpstatus: z.enum(['on', 'off']),
  stablecount: z.number().int().nonnegative(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const dispenseRequestedSchema = z.object({
  type: z.literal('DispenseRequested'),
  data: z.object({
    dispenseId: dispenseIdSchema,
    userPk: z.number().int().positive(),
    target: z.string().min(1).max(40),
    formula: z.object({ name: z.string().min(1).max(100), volume: z.number().int().positive() }),
    ingredients: z.array(plannedIngredientSchema).min(1).max(10),
    /** Started on the darkroom page ('web') or at the device's own panel ('device'). */
    source: z.enum(['web', 'device']),
    requestedAt: z.string(),
  }),
});

export const dispenseStartedSchema = z.object({
  type: z.literal('DispenseStarted'),
  data: z.object({ dispenseId: dispenseIdSchema, startedAt: z.string() }),
});

export const dispenseFinishedSchema = z.object({
  type: z.literal('DispenseFinished'),
  data: z.object({
    dispenseId: dispenseIdSchema,
    status: z.enum(DISPENSE_END_STATUSES),
    results: z.array(ingredientResultSchema).max(10),
    history: z.array(historyRowSchema).max(2_000),
    finishedAt: z.string(),
    /** Why an unreachable run did not happen (no heartbeat, failed job). */
    error: z.string().max(500).optional(),
  }),
});

export const dispenseEventSchema = z.discriminatedUnion('type', [
  dispenseRequestedSchema,
  dispenseStartedSchema,
  dispenseFinishedSchema,
]);
export type DispenseRequested = z.infer<typeof dispenseRequestedSchema>;
export type DispenseStarted = z.infer<typeof dispenseStartedSchema>;
export type DispenseFinished = z.infer<typeof dispenseFinishedSchema>;
export type DispenseEvent = DispenseRequested | DispenseStarted | DispenseFinished;
export const DISPENSE_EVENT_TYPES = new Set<string>([
  'DispenseRequested',
  'DispenseStarted',
  'DispenseFinished',
]);
