// Response schemas shared by several routes.
import { z } from 'zod';

export const failSchema = z.object({
  status: z.literal('fail'),
  reason: z.string(),
  fields: z.array(z.string()).optional(),
});

export const userViewSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  identity: z.number(),
  ismember: z.boolean(),
  isnextmember: z.boolean(),
  isstaff: z.boolean(),
  authlist: z.array(z.string()),
  balance: z.number(),
  balanceplus: z.number(),
  point: z.number(),
  lastmember: z.string().nullable(),
  valid: z.boolean(),
  memberfee: z.number(),
  settings: z.object({ lang: z.enum(['tw', 'en', '']) }),
  bookexpiredcount: z.number(),
  bookborrowlist: z.array(z.unknown()),
  propertyexpiredcount: z.number(),
  propertyborrowlist: z.array(z.unknown()),
});

export const okSchema = z.object({ status: z.literal('ok') });

/** The usual response map: ok body, business refusal, and the guard answers. */
export const responses = <Ok extends z.ZodType>(ok: Ok) => ({
  200: z.union([ok, failSchema]),
  400: failSchema,
  401: failSchema,
  403: failSchema,
  429: failSchema,
});
