// Cash pouches (document 3, sections 2.2, 4, 5 and 6; docs/api.md, staff cash): registration (addvalue)
// and AdminDeposit's counting: list, scan, commit (addvalue). Money is whole NTD.
import { z } from 'zod';
import {
  cashFailSchema,
  endpoint,
  looseNumberSchema,
  okSchema,
  personRefSchema,
  requestIdSchema,
} from './shared.ts';

/** At most this many pouches are registered in one call. */
export const POUCH_REGISTER_LIMIT = 500;

/** 0 registered unused, 1 used awaiting count, 2 counted in the open batch. */
export const pocketFlagSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Deposit pocket (document 3): barcode, row (user, timestamp, amount, flag). */
export const pocketSchema = z.object({
  barcode: z.string(),
  row: z.object({
    /** The member who used the pouch, or null while unused. */
    user: personRefSchema.nullable(),
    /** When it was used (or registered, while unused). */
    timestamp: z.string(),
    /** The declared amount, whole NTD (0 while unused). */
    amount: z.number(),
    flag: pocketFlagSchema,
    /** What staff counted (flag 2), else null. */
    counted: z.number().nullable(),
    /** Counted although the amount differed (the forced recount). */
    forced: z.boolean(),
  }),
});

export const banknotesBodySchema = z.object({
  '2000': looseNumberSchema,
  '1000': looseNumberSchema,
  '500': looseNumberSchema,
  '200': looseNumberSchema,
  '100': looseNumberSchema,
});

/** Refusal: format (with the malformed barcode). Registering a pouch again changes nothing. */
export const registerPouches = endpoint({
  method: 'POST',
  path: '/admin/deposit/pouch',
  body: z.object({ barcodes: z.array(z.string().max(100)).max(POUCH_REGISTER_LIMIT) }),
  ok: okSchema.extend({ registered: z.array(z.string()), existing: z.array(z.string()) }),
  fail: cashFailSchema,
});

export const depositList = endpoint({
  method: 'GET',
  path: '/admin/deposit/list',
  ok: okSchema.extend({
    pocketList: z.array(pocketSchema),
    batchNo: z.number(),
    /** Pouches counted in the open batch and their total, whole NTD: settle 1 and 2 check against these. */
    countedCount: z.number(),
    countedTotal: z.number(),
    pocketTotal: z.number(),
    pocketUsed: z.number(),
  }),
  fail: cashFailSchema,
});

/** Refusals: format, unknown, unused, counted, amount (with `declared`; send force after a recount). */
export const scanPouch = endpoint({
  method: 'POST',
  path: '/admin/deposit/updateflag',
  body: z.object({
    scanedPocket: z.string().max(100),
    amount: looseNumberSchema,
    force: z.boolean().optional(),
  }),
  ok: okSchema.extend({ pocket: pocketSchema, countedCount: z.number(), countedTotal: z.number() }),
  fail: cashFailSchema,
});

/**
 * The spec's payload is `{ banknoteTotal, pocketCount }`; the denomination breakdown may come as well and is
 * then recorded. Refusals: format, empty (nothing counted), quantity, total, mismatch.
 */
export const commitDeposit = endpoint({
  method: 'POST',
  path: '/admin/deposit/commit',
  body: z.object({
    pocketCount: looseNumberSchema,
    banknoteTotal: looseNumberSchema.optional(),
    // The breakdown is optional (document 3 sends only banknoteTotal and pocketCount).
    banknotes: banknotesBodySchema.optional(),
    coins: looseNumberSchema.optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ batchNo: z.number(), total: z.number(), pocketCount: z.number() }),
  fail: cashFailSchema,
});
