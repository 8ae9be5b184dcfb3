// Loans, part 3: shared darkroom paper (document 3: AdminSharingPaper, AdminSharingPaperRow,
// AdminSharingPaperEdit and their states; they also run in the store scope with page-push navigation). A
// box is weighed when taken to the darkroom and again when brought back; sheets used = weight difference /
// unit weight, sold at the stock item's price through the stock sale (docs/stock.md), so the stock delta
// is linked to the payment. docs/loans.md explains the decisions. Weights in grams (floats), money NTD.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, personRefSchema, requestIdSchema } from './shared.ts';

/** What a row records: a box taken out (borrow), brought back (return), set up or refilled by staff
 * (set), or its problem fixed (fix). */
export const paperActionSchema = z.enum(['borrow', 'return', 'set', 'fix']);

/**
 * One row of a box's usage (document 3: Sharing paper lastrow). For a borrow row the return fields are
 * filled in once it comes back. `borrowquantity` / `returnquantity`: whole sheets in the box by weight;
 * `checkoutdelta`: sheets charged (the stock delta of the sale, positive); `today`: taken out today
 * (Taipei); `expireddays`: whole days overdue (out past the end of the day it was taken out).
 */
export const paperRowSchema = z.object({
  pk: z.number(),
  user: personRefSchema.nullable(),
  action: paperActionSchema,
  timestamp: z.string(),
  returntime: z.string().nullable(),
  borrowquantity: z.number().nullable(),
  returnquantity: z.number().nullable(),
  borrowweight: z.number().nullable(),
  returnweight: z.number().nullable(),
  /** A problem reported at the return, pending until fixed. */
  problem: z.boolean(),
  today: z.boolean(),
  checkoutdelta: z.number().nullable(),
  /** NTD charged for the sheets (null: nothing charged). */
  amount: z.number().nullable(),
  /** The sale that paid for the sheets ('stock-sale' id), for TransLog and the stock log. */
  saleId: z.string().nullable(),
  comment: z.string(),
  expireddays: z.number(),
});

/**
 * The states of a box (document 3): nodata (never used), borrowed (out, taken today), overdue (out since an
 * earlier day), returned (normal), problem (returned with a problem pending), low (returned with fewer
 * than 5 sheets).
 */
export const paperStateSchema = z.enum(['nodata', 'borrowed', 'overdue', 'returned', 'problem', 'low']);

/** A shared paper box (document 3: Sharing paper). */
export const sharingPaperSchema = z.object({
  pk: z.number(),
  barcode: z.string(),
  stock: z.object({ pk: z.number(), name: z.string(), price: z.number().nullable(), unit: z.string() }),
  enabled: z.boolean(),
  /** The empty box's weight, g. */
  boxweight: z.number(),
  /** One sheet's weight, g. */
  unitweight: z.number(),
  /** Sheets in the box by its last weighing. */
  quantity: z.number(),
  state: paperStateSchema,
  /** The edit (take out, set up) is offered: no last row, or the last row is not an open borrow. */
  editable: z.boolean(),
  lastrow: paperRowSchema.nullable(),
});

export const PAPER_RULES = { lowSheets: 5 } as const;

/**
 * Reasons: invalid (box weight, unit weight and weight must be positive numbers, the weight at least the
 * box weight: the page says 'please check the data'), notfound, out (the box is out: edit only with no
 * last row or a returned one), notout (return of a box not out), disabled (a disabled box cannot be taken
 * out), noproblem (fix of a box without a pending problem), nostock (no such stock item, or it has no
 * price), duplicated (barcode taken), nouser, notmember, forbidden (a member outside the store scope,
 * or returning a box someone else took; set, fix and changing a box's weights are staff only), mismatch.
 * The sheets are charged even into debt (they are used), so a return is never refused for balance.
 */
export const paperReasons = [
  'invalid',
  'notfound',
  'out',
  'notout',
  'disabled',
  'noproblem',
  'nostock',
  'duplicated',
  'nouser',
  'notmember',
  'forbidden',
  'mismatch',
] as const;

export const sharingPaperList = endpoint({
  method: 'GET',
  path: '/admin/sharingpaper',
  ok: okSchema.extend({ list: z.array(sharingPaperSchema) }),
  fail: failSchema,
});

/** A box's usage history, newest first (AdminSharingPaperRow). */
export const sharingPaperRows = endpoint({
  method: 'GET',
  path: '/admin/sharingpaper/:pk',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  ok: okSchema.extend({ box: sharingPaperSchema, loglist: z.array(paperRowSchema) }),
  fail: failSchema,
});

/** Staff add a box. */
export const createSharingPaper = endpoint({
  method: 'POST',
  path: '/admin/sharingpaper',
  body: z.object({
    barcode: z.string().max(64),
    stockpk: z.number().int().positive(),
    boxweight: z.union([z.number(), z.string().max(20)]),
    unitweight: z.union([z.number(), z.string().max(20)]),
    /** The box's weight now (with its paper); default the box weight (empty). */
    weight: z.union([z.number(), z.string().max(20)]).optional(),
    enabled: z.boolean().optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ box: sharingPaperSchema }),
  fail: failSchema,
});

export const sharingPaperEditPage = endpoint({
  method: 'GET',
  path: '/admin/sharingpaper/:pk/edit',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  ok: okSchema.extend({ box: sharingPaperSchema }),
  fail: failSchema,
});

/**
 * Weigh and record a box (AdminSharingPaperEdit; document 3: pk, boxweight, unitweight, weight, problem,
 * comment). `action` 'borrow' (default) takes it out at `weight` for the signed-in member at the counter
 * or, by staff, for `userpk`; 'set' (staff) changes its settings and records the weight (a refill or a
 * count) with no user. Refused with `out` while the box is out.
 */
export const editSharingPaper = endpoint({
  method: 'PUT',
  path: '/admin/sharingpaper/:pk/edit',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  body: z.object({
    pk: z.number().optional(),
    action: z.enum(['borrow', 'set']).optional(),
    userpk: z.number().int().positive().optional(),
    boxweight: z.union([z.number(), z.string().max(20)]),
    unitweight: z.union([z.number(), z.string().max(20)]),
    weight: z.union([z.number(), z.string().max(20)]),
    enabled: z.boolean().optional(),
    problem: z.boolean().optional(),
    comment: z.string().max(200).optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ box: sharingPaperSchema }),
  fail: failSchema,
});

/**
 * Weigh a box back in: the sheets used are sold to the borrower at the item's price (the stock sale,
 * linked to its stock delta). `problem` marks it for staff to fix. By the borrower at the counter or by
 * staff.
 */
export const returnSharingPaper = endpoint({
  method: 'PUT',
  path: '/admin/sharingpaper/:pk/return',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  body: z.object({
    weight: z.union([z.number(), z.string().max(20)]),
    problem: z.boolean().optional(),
    comment: z.string().max(200).optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ box: sharingPaperSchema, row: paperRowSchema }),
  fail: failSchema,
});

/** Staff mark a box's pending problem fixed. */
export const fixSharingPaper = endpoint({
  method: 'PUT',
  path: '/admin/sharingpaper/:pk/fix',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  body: z.object({ comment: z.string().max(200).optional() }),
  ok: okSchema.extend({ box: sharingPaperSchema }),
  fail: failSchema,
});
