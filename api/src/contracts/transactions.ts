// AdminTransDetail (document 3, sections 2.2, 4, 5 and 7): one transaction with what it is linked to, and
// its corrections: refund, modify and delete (the transmodify authority; core/src/ledger/README.md,
// corrections). Money is whole NTD.
import { userPkSchema } from '@club/core/access/events';
import { z } from 'zod';
import {
  accountPartySchema,
  endpoint,
  failSchema,
  okSchema,
  personRefSchema,
  requestIdSchema,
  transactionSchema,
} from './shared.ts';

const pkParamsSchema = z.object({ pk: z.string().regex(/^[1-9]\d{0,14}$/) });

/** A correction already made to the transaction (a refund, or the reversal of a delete or modify). */
export const correctionSchema = z.object({
  /** The debit side's pk of the correcting transfer. */
  pk: z.number(),
  pkstr: z.string(),
  kind: z.string(),
  timestamp: z.string(),
  /** NTD moved back. */
  amount: z.number(),
  summary: z.string(),
  /** The summary in English (the same as `summary` for text a person typed). */
  summaryEn: z.string(),
  execuser: personRefSchema.nullable(),
});

export const dueLinkSchema = z.object({
  semester: z.string(),
  user: accountPartySchema,
  /** 'paid' while the due stands; 'refunded' once a refund or delete cancelled it. */
  status: z.enum(['paid', 'refunded', 'pending', 'open']),
});

export const transactionDetailSchema = okSchema.extend({
  /** The side whose pk was asked for, with the transfer's global name. */
  obj: transactionSchema.extend({ transferKey: z.string() }),
  /** The member fee this transfer paid (or, on a refund, cancelled), or null. */
  memberfee: dueLinkSchema.nullable(),
  /** The workshop deposit this transfer paid, or null. */
  workshop: dueLinkSchema.extend({ kind: z.number() }).nullable(),
  /** The stock movement booked with it (kind 1 purchase, 2 sale, 3 adjust), or null. */
  stockdelta: z
    .object({
      stockPk: z.number(),
      kind: z.number(),
      delta: z.number(),
      /** The stock delta's pk (null while it is not recorded yet). */
      pk: z.number().nullable().optional(),
      stock: z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), unit: z.string() }).optional(),
      /**
       * How a refund treats it (document 3, section 4): 'purchase' refunds the full amount and deletes the
       * delta (refundStockDelta must be the purchased quantity); 'sale' keeps the delta and reverses up to
       * the quantity sold (refundStockDelta the quantity given back); 'none' for a refund of a refund.
       */
      refundRule: z.enum(['purchase', 'sale', 'none']).optional(),
      /** A purchase deleted by its refund. */
      deleted: z.boolean().optional(),
      /** A sale's quantity given back by refunds so far. */
      refunded: z.number().optional(),
    })
    .nullable(),
  /** The giclee job it paid, or null. */
  gicleejob: z.object({ pk: z.number() }).nullable(),
  /** Refunds and reversals of this transaction, oldest first. */
  refunds: z.array(correctionSchema),
  /** NTD still refundable: the amount less every refund and reversal so far. */
  refundable: z.number(),
  /**
   * False for member-fee and deposit payments (refund or delete those instead) and for purchases and sales
   * of stock (refund only: 'not_modifiable' for modify and delete).
   */
  modifiable: z.boolean(),
  /** The pk of the transaction this one corrects (a refund or reversal of it, or its replacement), or null. */
  corrects: z.number().nullable(),
  /** The pk of the transaction that replaced this one by a modify, or null. */
  replacedBy: z.number().nullable(),
});

export const transactionDetail = endpoint({
  method: 'GET',
  path: '/admin/trans/detail/:pk',
  params: pkParamsSchema,
  ok: transactionDetailSchema,
  fail: failSchema,
});

/** The person chosen in the type-ahead: a user pk, or the user object it gave; null when nobody was chosen. */
const userSelectedSchema = z.union([userPkSchema, z.object({ pk: userPkSchema }), z.null()]);

/**
 * The forms as posted. Missing or mistyped fields are a 400 (the spec: amount, stock delta and reason are
 * required; amount an integer, stock delta a float); values that parse but break a rule are reasons.
 */
export const modifyBodySchema = z.discriminatedUnion('cmd', [
  z.object({
    cmd: z.literal('refund'),
    /** Whole NTD, a positive integer, at most what is left. */
    refundAmount: z.number(),
    /**
     * The stock quantity the refund moves back (positive); 0 when the transaction has no stock movement.
     * A purchase's refund must give back the full amount and the full quantity (the delta is deleted:
     * reason 'purchase_refund_partial' otherwise); a sale's refund gives back at most what is left of the
     * quantity sold ('stockdelta_exceeds').
     */
    refundStockDelta: z.number(),
    refundReason: z.string().max(500),
    /** Also cancel the member fee (or workshop deposit) the transaction paid. */
    memberFee: z.boolean().optional(),
    /** Clear the giclee job's payment link so the job can be paid again. */
    removeGicleeLink: z.boolean().optional(),
    requestId: requestIdSchema,
  }),
  z.object({
    cmd: z.literal('modify'),
    modifyUser: userSelectedSchema,
    modifyAmount: z.number(),
    modifySummary: z.string().max(500),
    requestId: requestIdSchema,
  }),
  z.object({
    cmd: z.literal('delete'),
    /** Optional: recorded as the reversal's summary (default '刪除：' and the original summary). */
    refundReason: z.string().max(500).optional(),
    requestId: requestIdSchema,
  }),
]);

export const modifyOkSchema = okSchema.extend({
  /** The debit side's pk of the new transfer (the refund, the reversal, or the modify's replacement). */
  pk: z.number(),
  transferKey: z.string(),
});

export const modifyFailSchema = failSchema.extend({
  /** A modify whose reversal was made but whose new transfer was refused: retry with the same key. */
  reversed: z.boolean().optional(),
});

export const transactionModify = endpoint({
  method: 'POST',
  path: '/admin/trans/modify/:pk',
  params: pkParamsSchema,
  body: modifyBodySchema,
  ok: modifyOkSchema,
  fail: modifyFailSchema,
});
