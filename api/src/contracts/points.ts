// Contribution points (document 1, sections 2 to 9; document 3: AdminPointLog, AdminPointEdit,
// AdminPointStat). 'user' calls are the member's own; 'admin' calls are open to active staff or the point
// authority (docs/api.md, contribution points).
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pageParamsSchema, pagerSchema, personRefSchema } from './shared.ts';
import { momentSchema } from './statistics.ts';

/** 0 review failed, 1 not yet effective, 2 valid, 3 expired. */
export const pointStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * A point record as the client sees it. `pk` is null for the blank form of a new record. `kind` is the
 * Chinese kind name the spec lists (what the legacy client sent and showed); `kindkey` is its stable key
 * (core/src/points/kinds.ts), which the client uses to show the name and guidance in either language.
 * `confirmtime` is the effective time (from then the points count), `expiretime` when they stop.
 */
export const pointViewSchema = z.object({
  pk: z.number().nullable(),
  /** PT-{pk}. */
  pkstr: z.string(),
  workdate: z.string(),
  /** The applicant. */
  user: personRefSchema,
  receiveuser: personRefSchema.nullable(),
  kind: z.string(),
  kindkey: z.string(),
  reason: z.string(),
  /** Points as a decimal (1 point = 1 hour); null on a blank form. */
  applypoint: z.number().nullable(),
  status: pointStatusSchema.nullable(),
  confirmtime: z.string().nullable(),
  expiretime: z.string().nullable(),
  requesttime: z.string().nullable(),
  /** The last review by the point authority, or null. */
  reviewtime: z.string().nullable(),
  /** The form may be opened for editing (document 1, section 6). */
  canEdit: z.boolean(),
  /** The save button shows (document 1, section 6). */
  canSave: z.boolean(),
});

/** A refusal; `remaining` (points still allowed that day) comes with `daily_limit`. */
export const pointFailSchema = failSchema.extend({ remaining: z.number().optional() });

export const pointPkParamsSchema = z.object({
  pk: z.union([z.literal('new'), z.string().regex(/^[1-9]\d{0,12}$/)]),
});

/**
 * The form as posted. Everything is optional and loosely typed so that a missing or malformed field is
 * the spec's 'format' refusal (HTTP 200), not a 400; the decider checks the values. `receiveuser` is the
 * user object the GET returned (or just its pk).
 */
export const pointBodySchema = z.object({
  point: z.object({
    workdate: z.string().max(40).nullish(),
    receiveuser: z.union([z.object({ pk: z.number() }), z.number(), z.null()]).optional(),
    kind: z.string().max(100).nullish(),
    reason: z.string().max(20_000).nullish(),
    applypoint: z.union([z.number(), z.string().max(40), z.null()]).optional(),
    /** Admin only: keep the set effective time (only while status 1), set valid, or set invalid. */
    confirmtype: z.enum(['set', 'valid', 'invalid']).nullish(),
  }),
  /** The idempotency key of this save (or send an Idempotency-Key header). */
  requestId: z.string().min(1).max(200).optional(),
});

export const userPointLog = endpoint({
  method: 'GET',
  path: '/user/point/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({
    pager: pagerSchema,
    loglist: z.array(pointViewSchema),
    /** The same page of the records applied for others, with its own pager. */
    loglist_others: z.array(pointViewSchema),
    pager_others: pagerSchema,
  }),
  fail: pointFailSchema,
});

export const adminPointLog = endpoint({
  method: 'GET',
  path: '/admin/point/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({
    pager: pagerSchema,
    loglist: z.array(pointViewSchema),
    loglist_others: z.array(pointViewSchema),
  }),
  fail: pointFailSchema,
});

export const pointStat = endpoint({
  method: 'GET',
  path: '/admin/point/stat',
  ok: okSchema.extend({
    loglist: z.array(z.object({ user: personRefSchema, point: z.number(), discount: z.number() })),
    totalpoint: z.number(),
    totaldiscount: z.number(),
    /** The log position and time these figures reflect. */
    moment: momentSchema,
  }),
  fail: pointFailSchema,
});

/** At most 6 people whose pk, pkstr or name matches the keyword. */
export const pointUserSearch = endpoint({
  method: 'GET',
  path: '/admin/point/users',
  query: z.object({ keyword: z.string().max(100).optional() }),
  ok: okSchema.extend({ list: z.array(personRefSchema) }),
  fail: pointFailSchema,
});

const pointOk = okSchema.extend({ point: pointViewSchema });

export const userPoint = endpoint({
  method: 'GET',
  path: '/user/point/:pk',
  params: pointPkParamsSchema,
  ok: pointOk,
  fail: pointFailSchema,
});

export const adminPoint = endpoint({
  method: 'GET',
  path: '/admin/point/:pk',
  params: pointPkParamsSchema,
  ok: pointOk,
  fail: pointFailSchema,
});

/** Refusals: format, daily_limit (with remaining), forbidden, expired, notpending, notfound, mismatch. */
export const userPointSave = endpoint({
  method: 'POST',
  path: '/user/point/:pk',
  params: pointPkParamsSchema,
  body: pointBodySchema,
  ok: pointOk,
  fail: pointFailSchema,
});

export const adminPointSave = endpoint({
  method: 'POST',
  path: '/admin/point/:pk',
  params: pointPkParamsSchema,
  body: pointBodySchema,
  ok: pointOk,
  fail: pointFailSchema,
});
