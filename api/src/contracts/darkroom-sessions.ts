// Darkroom sessions and their fees (issue 16 §4; document 3: AdminDarkroomLog and the darkroom log entity;
// document 1: the training fee table; docs/darkroom-sessions.md). Money is whole NTD on the wire.
import { FORMATS } from '@club/core/darkroom-sessions/fees';
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

export const sessionLineViewSchema = z.object({
  lineId: z.string(),
  kind: z.number(),
  format: z.string(),
  quantity: z.number(),
});

export const chemicalUseViewSchema = z.object({
  useId: z.string(),
  chemicalPk: z.number(),
  name: z.string(),
  volume: z.number(),
});

export const chargeViewSchema = z.object({
  items: z.array(
    z.object({
      code: z.enum(['bw_film_roll', 'bw_print_session', 'colour_film_roll']),
      quantity: z.number(),
      covered: z.number(),
      unitprice: z.number(),
      amount: z.number(),
    }),
  ),
  total: z.number(),
});

export const sessionViewSchema = z.object({
  pk: z.number(),
  sessionId: z.string(),
  starttime: z.string(),
  /** Null while the session is ongoing. */
  endtime: z.string().nullable(),
  lines: z.array(sessionLineViewSchema),
  chemicals: z.array(chemicalUseViewSchema),
  /** The check-out's charge; null while ongoing. */
  charge: chargeViewSchema.nullable(),
});

const allowancePartSchema = z.object({ total: z.number(), used: z.number(), left: z.number() });

export const darkroomSessionState = okSchema.extend({
  user: personRefSchema,
  semester: z.string(),
  /** What the member fee still covers this semester. */
  allowance: z.object({ bwRolls: allowancePartSchema, bwPrintSessions: allowancePartSchema }),
  /** The ongoing session, or null when checked out. */
  session: sessionViewSchema.nullable(),
  /** What checking out now would charge (null without a session). */
  preview: chargeViewSchema.nullable(),
  /** The last sessions, newest first. */
  recent: z.array(sessionViewSchema),
  filmFormats: z.array(z.string()),
  printFormats: z.array(z.string()),
  chemicalList: z.array(z.object({ pk: z.number(), name: z.string() })),
});

/** `userpk`: staff at the counter acting for a member; otherwise the member themselves. */
export const darkroomSessionGet = endpoint({
  method: 'GET',
  path: '/darkroom/session',
  query: z.object({
    userpk: z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .optional(),
  }),
  ok: darkroomSessionState,
  fail: failSchema,
});

/**
 * Reasons: 'already_in' (a session is ongoing), 'not_in' (no ongoing session), 'format' (a format or
 * quantity that does not fit), 'notfound' (no such member or chemical), 'notmember' (the person is not a
 * current member), 'mismatch' (a request id sent again with other content).
 */
export const darkroomSessionReasons = [
  'already_in',
  'not_in',
  'format',
  'notfound',
  'notmember',
  'mismatch',
] as const;

export const darkroomSessionPost = endpoint({
  method: 'POST',
  path: '/darkroom/session',
  body: z.object({
    cmd: z.enum(['checkin', 'line', 'removeline', 'chemical', 'checkout']),
    userpk: z.number().int().positive().optional(),
    kind: z.number().int().min(0).max(3).optional(),
    format: z.enum(FORMATS).optional(),
    quantity: z.union([z.number(), z.string().max(10)]).optional(),
    lineId: z.string().max(80).optional(),
    chemicalPk: z.number().int().positive().optional(),
    volume: z.union([z.number(), z.string().max(10)]).optional(),
    requestId: requestIdSchema,
  }),
  ok: darkroomSessionState.extend({
    /** The check-out's charge (cmd checkout only). */
    charged: chargeViewSchema.optional(),
  }),
  fail: failSchema,
});

export const darkroomLogRowSchema = z.object({
  pk: z.number(),
  starttime: z.string(),
  /** Null: the session has not ended. */
  endtime: z.string().nullable(),
  user: personRefSchema.nullable(),
  /** Started on today's Taipei date. */
  today: z.boolean(),
  values: z.object({
    /** By process kind: 0 b/w film, 1 b/w enlarging, 2 colour film, 3 colour enlarging. */
    kind: z.array(z.boolean()),
    /** By process kind: the count of each quantity key. */
    result: z.array(z.record(z.string(), z.number())),
  }),
  chemicals: z.array(chemicalUseViewSchema),
  /** The charge in NTD; null while ongoing. */
  fee: z.number().nullable(),
});

export const darkroomLog = endpoint({
  method: 'GET',
  path: '/admin/darkroom/list/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(darkroomLogRowSchema), pager: pagerSchema }),
  fail: failSchema,
});
