// The cash desk (document 3, sections 2.2, 5 and 6; docs/api.md, staff cash): add value and take back at
// the counter (addvalue), with the user search that finds the person. Money is whole NTD.
import { z } from 'zod';
import {
  cashFailSchema,
  endpoint,
  looseNumberSchema,
  okSchema,
  personRefSchema,
  receiptTransSchema,
  requestIdSchema,
} from './shared.ts';

export const cashChangeBodySchema = z.object({
  userpk: z.number().int(),
  /** Whole NTD. */
  amount: looseNumberSchema,
  /** Optional text for the transaction (default 現金儲值 / 現金退還). */
  summary: z.string().max(200).optional(),
  requestId: requestIdSchema,
});

const cashChangeOkSchema = okSchema.extend({
  user: personRefSchema.extend({ balance: z.number() }),
  /** The member's side of the transaction: positive for add value, negative for take back. */
  trans: receiptTransSchema,
});

/** Refusals: notfound, self, amount (a positive multiple of 100), mismatch. */
export const addValue = endpoint({
  method: 'POST',
  path: '/admin/cash/addvalue',
  body: cashChangeBodySchema,
  ok: cashChangeOkSchema,
  fail: cashFailSchema,
});

/** Refusals: notfound, self, amount (a positive whole amount), insufficient_balance, mismatch. */
export const takeBack = endpoint({
  method: 'POST',
  path: '/admin/cash/takeback',
  body: cashChangeBodySchema,
  ok: cashChangeOkSchema,
  fail: cashFailSchema,
});

export const searchedUserSchema = personRefSchema.extend({
  stuid: z.string(),
  studepartment: z.string(),
  mobile: z.string(),
  email: z.string(),
  ismember: z.boolean(),
  isstaff: z.boolean(),
  lastmember: z.string().nullable(),
  balance: z.number(),
});

export const staffUserSearch = endpoint({
  method: 'POST',
  path: '/admin/user/search',
  body: z.object({ keyword: z.string().max(100) }),
  ok: okSchema.extend({ list: z.array(searchedUserSchema) }),
  fail: cashFailSchema,
});
