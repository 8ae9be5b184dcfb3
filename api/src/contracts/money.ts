// The member's money (documents 1 to 3; core/src/ledger/README.md): transfers, the transaction log,
// paying the member fee from the balance, topping up with a numbered cash pouch, the semester info of the
// store scope, and the user search picker's data. Amounts are whole NTD.
import { z } from 'zod';
import { userViewSchema } from './accounts.ts';
import {
  endpoint,
  failSchema,
  okSchema,
  pageParamsSchema,
  pagerSchema,
  requestIdSchema,
  transactionSchema,
} from './shared.ts';

/**
 * A whole NTD amount as a person typed it: a number or a numeric string. Loosely typed so that a bad
 * amount is the spec's refusal (HTTP 200 amount_invalid), not a 400.
 */
const amountInputSchema = z.union([z.number(), z.string().max(40), z.null()]).optional();

/** Refusal codes, in the order they are checked (docs/api.md, member money). */
export const transferReasons = [
  'no_recipient',
  'notfound',
  'amount_invalid',
  'same_account',
  'insufficient_balance',
  'summary_too_short',
  'memberfee_account',
  'mismatch',
] as const;

export const transfer = endpoint({
  method: 'PUT',
  path: '/user/transfer',
  body: z.object({
    /** The recipient's user pk (a number, digits, or the picker's object); absent or empty: none chosen. */
    touserid: z.union([z.number(), z.string().max(40), z.object({ pk: z.number() }), z.null()]).optional(),
    amount: amountInputSchema,
    summary: z.string().max(1000).nullish(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ trans: transactionSchema, balance: z.number() }),
  fail: failSchema,
});

export const transLog = endpoint({
  method: 'GET',
  path: '/user/trans/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(transactionSchema), pager: pagerSchema }),
  fail: failSchema,
});

/** Refusals: semester_invalid, not_allowed, already, insufficient_balance, mismatch. */
export const payMemberFee = endpoint({
  method: 'PUT',
  path: '/user/modify',
  body: z.object({
    /** The semester tag to pay: the current or the next semester. */
    paymemberfee: z.string().max(20),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ user: userViewSchema, trans: transactionSchema }),
  fail: failSchema,
});

/** Refusals: amount_invalid (not a positive multiple of 100 NTD), pouch_unknown, pouch_used. */
export const pouchTopUp = endpoint({
  method: 'POST',
  path: '/user/pouch/topup',
  body: z.object({ barcode: z.string().max(100).nullish(), amount: amountInputSchema }),
  ok: okSchema.extend({ trans: transactionSchema, balance: z.number() }),
  fail: failSchema,
});

export const storeRefresh = endpoint({
  method: 'GET',
  path: '/store/refresh',
  ok: okSchema.extend({ semesterinfo: z.object({ semester: z.string(), nextsemester: z.string() }) }),
});

/** A person or a club account the search picker can choose (document 2: searchable kind user). */
export const searchEntrySchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  /** A person's last semester with a paid member fee ('' if never); '' for club accounts. */
  semester: z.string(),
  name: z.string(),
  /** A second name to match: the English name of a club account; '' for people. */
  shortname: z.string(),
  /** True for the club's accounts (non-human); the human-only option leaves them out. */
  prefix: z.boolean(),
});

export const userSearchList = endpoint({
  method: 'GET',
  path: '/typeahead2/user',
  ok: okSchema.extend({ searchlist: z.array(searchEntrySchema) }),
  fail: failSchema,
});
