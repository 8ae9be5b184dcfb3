// Temperature and humidity, chemicals and the dispenser (document 3: AdminSystemTempRH and the time-series
// call, AdminChemical2 with its log and adjust form, AdminDispenserLog and its detail; docs/darkroom-devices.md).
import { DISPENSE_STATUSES, historyRowSchema, ingredientResultSchema } from '@club/core/dispenser/events';
import { z } from 'zod';
import {
  endpoint,
  failSchema,
  okSchema,
  pageParamsSchema,
  pagerSchema,
  personRefSchema,
  requestIdSchema,
} from './shared.ts';

// --- Temperature and humidity ---

/** One sensor block (document 3: Sensor): null values and status 'unavailable' give the red notice. */
export const sensorSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(['ok', 'unavailable']),
  /** °C to 0.1, % to whole; null when the current value is unavailable. */
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  /** When the shown value was read. */
  at: z.string().nullable(),
  /** Out of the range film tolerates: too_hot, too_cold, too_humid, too_dry. */
  problems: z.array(z.string()),
});

export const tempRh = endpoint({
  method: 'GET',
  path: '/admin/system/temprh',
  ok: okSchema.extend({ loglist: z.array(sensorSchema) }),
  fail: failSchema,
});

/**
 * GET /go/flux/read/darkroom/{temperature|humidity}/{yyyy}/{mm}/{dd}: outside /api, as the spec's "go path"
 * (a time-series service of its own in the original). One point per reading of that Taipei day.
 */
export const FLUX_READ_PATH = '/go/flux/read/:sensor/:metric/:yyyy/:mm/:dd';
export const fluxParamsSchema = z.object({
  sensor: z.string().regex(/^[a-z0-9-]{1,40}$/),
  metric: z.enum(['temperature', 'humidity']),
  yyyy: z.string().regex(/^\d{4}$/),
  mm: z.string().regex(/^\d{1,2}$/),
  dd: z.string().regex(/^\d{1,2}$/),
});
export const fluxSeriesSchema = okSchema.extend({
  sensor: z.string(),
  metric: z.enum(['temperature', 'humidity']),
  /** The day's points, oldest first: ISO time and value (°C or %). */
  series: z.array(z.object({ time: z.string(), value: z.number() })),
});

// --- Chemicals ---

export const chemicalSchema = z.object({
  pk: z.number(),
  name: z.string(),
  /** Bottles in stock (volume / bottle2ml, two decimals). */
  bottle: z.number(),
  /** Millilitres in stock. */
  volume: z.number(),
  bottle2ml: z.number(),
  needRecycle: z.boolean(),
  needReplenish: z.boolean(),
  /** Millilitres collected for recycling so far. */
  accurecyclevolume: z.number(),
});

export const chemicalList = endpoint({
  method: 'GET',
  path: '/admin/chemical2',
  ok: okSchema.extend({ loglist: z.array(chemicalSchema) }),
  fail: failSchema,
});

export const chemicalLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  user: personRefSchema.nullable(),
  /** 1 use, 2 replenish, 3 adjust. */
  operation: z.number(),
  diffvolume: z.number(),
  recyclevolume: z.number(),
  newvolume: z.number(),
  comment: z.string(),
});

export const chemicalPkParamsSchema = z.object({ pk: z.string().regex(/^[1-9]\d{0,8}$/) });

export const chemicalLog = endpoint({
  method: 'GET',
  path: '/admin/chemical2/log/:pk/:page',
  params: chemicalPkParamsSchema.extend(pageParamsSchema.shape),
  ok: okSchema.extend({ loglist: z.array(chemicalLogRowSchema), pager: pagerSchema, obj: chemicalSchema }),
  fail: failSchema,
});

export const chemicalAdjustGet = endpoint({
  method: 'GET',
  path: '/admin/chemical2/adjust/:pk',
  params: chemicalPkParamsSchema,
  ok: okSchema.extend({ obj: chemicalSchema }),
  fail: failSchema,
});

/**
 * The adjust form: operation 2 adds `quantity` bottles, 3 sets the count to `quantity` bottles. Reasons:
 * 'format' (quantity not a signed float, or a count below zero: 'please fill in new bottle count'),
 * 'operation' (not 2 or 3), 'notfound'.
 */
export const chemicalAdjustReasons = ['format', 'operation', 'notfound'] as const;
export const chemicalAdjust = endpoint({
  method: 'POST',
  path: '/admin/chemical2/adjust/:pk',
  params: chemicalPkParamsSchema,
  body: z.object({
    operation: z.union([z.number(), z.string().max(5)]),
    quantity: z.union([z.number(), z.string().max(30)]).nullish(),
    comment: z.string().max(500).nullish(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ obj: chemicalSchema }),
  fail: failSchema,
});

// --- The dispenser ---

export const dispenseRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  /** Seconds from start to end; null while the run has not ended. */
  timeelasped: z.number().nullable(),
  user: personRefSchema.nullable(),
  target: z.string(),
  formula: z.object({ name: z.string(), volume: z.number() }),
  result: z.array(ingredientResultSchema),
  status: z.enum(DISPENSE_STATUSES),
  source: z.enum(['web', 'device']),
});

export const dispenseLog = endpoint({
  method: 'GET',
  path: '/admin/darkroom/dispense/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(dispenseRowSchema), pager: pagerSchema }),
  fail: failSchema,
});

export const dispenseResultHistory = endpoint({
  method: 'GET',
  path: '/admin/darkroom/dispense/resulthistory/:pk',
  params: z.object({ pk: z.string().regex(/^[1-9]\d{0,12}$/) }),
  ok: okSchema.extend({
    dispenser: dispenseRowSchema.extend({ history: z.array(historyRowSchema) }),
  }),
  fail: failSchema,
});

export const dispenseFormulas = endpoint({
  method: 'GET',
  path: '/darkroom/dispense/formulas',
  ok: okSchema.extend({
    formulas: z.array(
      z.object({
        name: z.string(),
        ingredients: z.array(z.object({ ingredient: z.string(), mlPerLitre: z.number() })),
      }),
    ),
    targets: z.array(z.string()),
    minVolume: z.number(),
    maxVolume: z.number(),
    /** The member's own runs, newest first (the last 5). */
    mine: z.array(dispenseRowSchema),
  }),
  fail: failSchema,
});

/**
 * A member starts a formula from the darkroom page. Reasons: 'formula' (unknown), 'volume' (not a whole
 * number of ml from 100 to 5000), 'target' (no such tank), 'servicedown' (the dispenser is not reachable:
 * the run is logged as unreachable), 'mismatch' (the same requestId with other content).
 */
export const dispenseStartReasons = ['formula', 'volume', 'target', 'servicedown', 'mismatch'] as const;
export const dispenseStart = endpoint({
  method: 'POST',
  path: '/darkroom/dispense',
  body: z.object({
    formula: z.string().max(100),
    volume: z.union([z.number(), z.string().max(30)]),
    target: z.string().max(40),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ pk: z.number(), dispenseId: z.string() }),
  fail: failSchema.extend({ pk: z.number().optional() }),
});

export type FluxSeries = z.infer<typeof fluxSeriesSchema>;
