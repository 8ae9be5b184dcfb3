// Staff fee collection, AdminReceiveMemberFee (document 3, sections 2.2, 4, 5 and 8; docs/api.md, staff
// cash): today's collections, 'prepare' (find the payer by student ID or mobile) and 'pay' (member fee and
// workshop deposits in cash). Money is whole NTD.
import { z } from 'zod';
import {
  cashFailSchema,
  endpoint,
  okSchema,
  personRefSchema,
  receiptTransSchema,
  requestIdSchema,
} from './shared.ts';

/** Fee payment record (document 3): user, trans, pk; plus what it paid and the receipt it belongs to. */
export const collectionRowSchema = z.object({
  pk: z.number(),
  user: personRefSchema,
  trans: receiptTransSchema,
  /** Rows with the same collection were paid together: they form one receipt. */
  collection: z.string(),
  kind: z.enum(['memberfee', 'workshop']),
  semester: z.string(),
  workshopKind: z.number().nullable(),
  /** The staff member who took the cash. */
  staff: personRefSchema,
  /** Refunded since (AdminTransDetail). */
  refunded: z.boolean(),
});

/** Fee payer user (document 3): name, studepartment, stuid, ismember, pk; and what the screen needs. */
export const payerSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  studepartment: z.string(),
  stuid: z.string(),
  identity: z.number(),
  ismember: z.boolean(),
  isnextmember: z.boolean(),
  lastmember: z.string().nullable(),
  /** The normalised keyword the payer was found by; 'pay' finds them again by it. */
  keyword: z.string(),
  /** The semester a member fee paid now is for (the current one, else the next), or null if both are paid. */
  memberfeeSemester: z.string().nullable(),
  memberfee: z.number(),
});

/** Workshop pending list item (document 3): pk, kind, trans (false while unpaid). */
export const pendingWorkshopSchema = z.object({
  /** '{semester}:{kind}', what 'pay' takes in workshopChecked. */
  pk: z.string(),
  kind: z.number(),
  semester: z.string(),
  trans: z.literal(false),
  amount: z.number(),
});

export const prepareOkSchema = okSchema.extend({
  userwaitforpay: payerSchema,
  workshoplist: z.array(pendingWorkshopSchema),
});

export const payOkSchema = okSchema.extend({
  detail: z.literal('finish'),
  resultList: z.array(collectionRowSchema),
});

/** The payer as 'prepare' answered it, posted back by 'pay' (other fields are ignored). */
const payerBodySchema = z.object({
  pk: z.number().int(),
  keyword: z.string().max(100),
  memberfeeSemester: z.string().max(20).nullable().optional(),
});

export const feeBodySchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('prepare'), keyword: z.string().max(100) }),
  z.object({
    cmd: z.literal('pay'),
    userwaitforpay: payerBodySchema,
    memberfeeChecked: z.boolean(),
    /** The pks of the chosen pending workshops, or a map of pk to chosen. */
    workshopChecked: z
      .union([z.array(z.string().max(40)).max(20), z.record(z.string().max(40), z.boolean())])
      .optional(),
    /** What the screen showed as the total, whole NTD; must match the chosen items. */
    totalNeedPay: z.number(),
    requestId: requestIdSchema,
  }),
]);

export const todaysCollections = endpoint({
  method: 'GET',
  path: '/admin/receive/member/fee',
  ok: okSchema.extend({
    loglist: z.array(collectionRowSchema),
    count: z.number(),
    /** Sum of the listed rows that were not refunded, whole NTD. */
    total: z.number(),
  }),
  fail: cashFailSchema,
});

/** One path, two commands: 'prepare' answers the payer, 'pay' the receipt rows. */
export const feeCollection = endpoint({
  method: 'POST',
  path: '/admin/receive/member/fee',
  body: feeBodySchema,
  ok: z.union([prepareOkSchema, payOkSchema]),
  fail: cashFailSchema,
});
