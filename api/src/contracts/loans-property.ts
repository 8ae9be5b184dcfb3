// Loans, part 2: equipment (document 1: UserPropertyHistory, the member home's lent-out and overdue lists;
// document 3: AdminPropertyHistory all / lendout, AdminPropertyList, AdminPropertyEdit with the day fee,
// the equipment rule: a deposit of 3 × the day fee; rent under 6 h is 1/6 of the day fee per started
// hour, 6 to 24 h one day, then per day; in-club personal use free the same day, then at most 5 a day).
// docs/loans.md explains the decisions. Money in whole NTD, times as ISO instants.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pagerSchema, personRefSchema, requestIdSchema } from './shared.ts';

/** Usage kinds (document 3): 1 personal use in the club, 2 personal loan, 5 staff official activity. */
export const activityTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(5)]);

/** One side of what a loan moved on the member's balance: the transaction and its signed delta (NTD). */
export const loanTransSchema = z.object({ pk: z.number(), pkstr: z.string(), delta: z.number() });

/**
 * An equipment loan (document 1: Equipment log). `transbefore` is what the lending took (the deposit held:
 * delta −3 × day fee; null when no deposit: official activity), `transafter` what the return gave back
 * (the deposit released less the rent; null until returned or without deposit). paid = −before − after =
 * `rent`. `expired`: out past `expreturntime`, or returned after it.
 */
export const propertyLogSchema = z.object({
  /** 'EQLog-{pk}'. */
  pk: z.string(),
  user: personRefSchema,
  clubproperty: z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), dayfee: z.number() }),
  activitytype: activityTypeSchema,
  /** When it was lent. */
  timestamp: z.string(),
  expreturntime: z.string(),
  realreturntime: z.string().nullable(),
  expired: z.boolean(),
  deposit: z.number(),
  /** Rent charged at the return (NTD); null while out. */
  rent: z.number().nullable(),
  transbefore: loanTransSchema.nullable(),
  transafter: loanTransSchema.nullable(),
  comment: z.string(),
});

/** A property item (document 3: Property). `account`: the ledger account its rent pays into. */
export const propertySchema = z.object({
  pk: z.number(),
  /** 'EQ' + pk padded to five digits (what its label carries). */
  pkstr: z.string(),
  name: z.string(),
  account: z.object({ pk: z.number(), name: z.string() }),
  /** Whole NTD a day, a positive integer. */
  dayfee: z.number(),
  /** The latest loan, or null if never lent. */
  lastrow: propertyLogSchema.nullable(),
});

/** What `GET /api/user/check` lists in `user.propertyborrowlist`: the member's items not yet returned. */
export const propertyBorrowEntrySchema = z.object({
  pk: z.string(),
  clubproperty: z.object({ pk: z.number(), pkstr: z.string(), name: z.string() }),
  timestamp: z.string(),
  expreturntime: z.string(),
  expired: z.boolean(),
});

export const EQUIPMENT_RULES = { depositDays: 3, inClubDailyCapNtd: 5, hourlyUpToHours: 6 } as const;

// --- Items ---

/** Every item with its latest loan (members see the list too: what can be borrowed). */
export const propertyList = endpoint({
  method: 'GET',
  path: '/property/list',
  ok: okSchema.extend({ propertylist: z.array(propertySchema) }),
  fail: failSchema,
});

export const getProperty = endpoint({
  method: 'GET',
  path: '/admin/property/:id',
  params: z.object({ id: z.string().regex(/^\d{1,9}$/) }),
  ok: okSchema.extend({ property: propertySchema }),
  fail: failSchema,
});

/**
 * Edit reasons: dayfee (not a positive integer), invalid (name empty or too long; `fields`), noaccount
 * (the account pk is not an account), notfound.
 */
export const propertyEditReasons = ['dayfee', 'invalid', 'noaccount', 'notfound'] as const;

const propertyFields = z.object({
  name: z.string().max(100),
  /** The account pk the rent pays into; default the club's equipment rent account (docs/loans.md). */
  account: z.number().int().positive().optional(),
  /** A positive integer (document 3); strings from a form are accepted and checked. */
  dayfee: z.union([z.number(), z.string().max(20)]),
});

export const createProperty = endpoint({
  method: 'POST',
  path: '/admin/property',
  body: propertyFields.extend({ requestId: requestIdSchema }),
  ok: okSchema.extend({ property: propertySchema }),
  fail: failSchema.extend({ fields: z.array(z.string()).optional() }),
});

/** Save edited items (document 3: PUT /admin/property with propertylist); all or nothing. */
export const editProperties = endpoint({
  method: 'PUT',
  path: '/admin/property',
  body: z.object({
    propertylist: z
      .array(propertyFields.extend({ pk: z.number().int().positive() }))
      .min(1)
      .max(200),
  }),
  ok: okSchema.extend({ propertylist: z.array(propertySchema) }),
  fail: failSchema.extend({ pk: z.number().optional(), fields: z.array(z.string()).optional() }),
});

// --- Lend and return ---

/**
 * Lend and return reasons: notfound (no such item), out (lent already), notout (return of an item not
 * lent), nouser, notmember (the borrower is not a current member), activitytype (5 official activity is
 * for staff borrowers only; kinds other than 1, 2, 5), expreturntime (not after now, or more than 60 days
 * ahead), insufficient_balance (the deposit cannot be held), forbidden (a member outside the store scope
 * or naming another borrower), mismatch (request id reused for another loan).
 */
export const propertyLoanReasons = [
  'notfound',
  'out',
  'notout',
  'nouser',
  'notmember',
  'activitytype',
  'expreturntime',
  'insufficient_balance',
  'forbidden',
  'mismatch',
] as const;

/** Lend an item: staff for `userpk`, or a member at the counter (store scope) for themselves. */
export const lendProperty = endpoint({
  method: 'POST',
  path: '/property/lend',
  body: z.object({
    propertypk: z.number().int().positive(),
    userpk: z.number().int().positive().optional(),
    activitytype: z.number(),
    /** ISO instant; default: kind 1 the end of today (Taipei), kind 2 and 5 one day later. */
    expreturntime: z.string().max(40).optional(),
    comment: z.string().max(200).optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ log: propertyLogSchema }),
  fail: failSchema,
});

/** Return an item: the rent is charged and the deposit released, once (docs/loans.md). */
export const returnProperty = endpoint({
  method: 'POST',
  path: '/property/return',
  body: z.object({ propertypk: z.number().int().positive(), requestId: requestIdSchema }),
  ok: okSchema.extend({ log: propertyLogSchema }),
  fail: failSchema,
});

// --- Histories ---

const historyOk = okSchema.extend({ loglist: z.array(propertyLogSchema), pager: pagerSchema });

export const userPropertyHistory = endpoint({
  method: 'GET',
  path: '/user/property/history/:page',
  params: z.object({ page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  ok: historyOk,
  fail: failSchema,
});

/** Every loan (`all`, newest first) or the items out now (`lendout`, the longest out first). */
export const adminPropertyHistory = endpoint({
  method: 'GET',
  path: '/admin/property/history/:filter/:page',
  params: z.object({ filter: z.enum(['all', 'lendout']), page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  ok: historyOk,
  fail: failSchema,
});
