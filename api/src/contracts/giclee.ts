// The giclee (inkjet printer) calls of document 3: AdminGicleeJobHistory with its set calls, the counter
// payment of a job, and AdminP6000Stat. Money in NTD; sizes in mm; docs/giclee.md.
import { z } from 'zod';
import {
  endpoint,
  failSchema,
  looseNumberSchema,
  okSchema,
  pagerSchema,
  personRefSchema,
  requestIdSchema,
} from './shared.ts';

/** The domain's refusals (besides the shared guard reasons). */
export const gicleeReasons = [
  'notfound',
  'reason_required',
  'height_invalid',
  'fee_invalid',
  'paper_invalid',
  'paid',
  'noneedtopay',
  'printing',
  'nofee',
  'nopaper',
  'payer_required',
  'not_member',
  'insufficient_balance',
  'price_changed',
] as const;

/** One printer job as AdminGicleeJobHistory lists it (document 3, section 3: Giclee job). */
export const gicleeJobSchema = z.object({
  pk: z.number(),
  /** When the printer started it (ISO). */
  starttimefromnode: z.string(),
  filename: z.string(),
  /** mm, as the printer measured. */
  width: z.number(),
  height: z.number(),
  /** Staff's height in mm, or null (the printer's counts). */
  heightOverwrite: z.number().nullable(),
  /** The printer's status text; 'Completed' is shown plain, any other highlighted. */
  status: z.string(),
  media: z.string(),
  /** The paper (a GICLEE stock pk), or null when none matched. */
  papertype: z.number().nullable(),
  papername: z.string(),
  /** The sale's stock delta on the paper that paid the job, or null (unpaid). */
  stockdelta: z
    .object({ pk: z.number().nullable(), stockpk: z.number(), delta: z.number(), transpk: z.number() })
    .nullable(),
  needPayment: z.boolean(),
  noNeedToPayReason: z.string(),
  comment: z.string(),
  /** NTD: staff's fee, else the printed area times the paper's price; null when the paper has no price. */
  fee: z.number().nullable(),
  /** Whether the fee is staff's. */
  feeOverwritten: z.boolean(),
  /** 才 (thousandths), the printed area the fee is computed from. */
  area: z.number(),
  inchsquare: z.number(),
  /** Waits for payment: needs payment, not paid, its paper payable. */
  unpaid: z.boolean(),
  /** The member named in the file name, or null. */
  owner: personRefSchema.nullable(),
  /** The printer's raw facts (document 3: jsondata) and the ink used per colour in ml. */
  jsondata: z.record(z.string(), z.unknown()),
  ink: z.record(z.string(), z.number()),
  /** Each colour's share of the job's ink (0 to 1). */
  inkratio: z.record(z.string(), z.number()),
});

export const gicleeFilterSchema = z.enum(['all', 'notpaid']);

export const jobHistory = endpoint({
  method: 'GET',
  path: '/admin/giclee/job/history/:filter/:page',
  params: z.object({ filter: gicleeFilterSchema, page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  ok: okSchema.extend({
    loglist: z.array(gicleeJobSchema),
    pager: pagerSchema,
    /** The last time a poll reached the printer (ISO), or null. */
    updateTime: z.string().nullable(),
    /** True when the printer has been unreachable for over 5 minutes. */
    cronError: z.boolean(),
    /** The giclee papers to choose from (setpapertype, the payment). */
    paperlist: z.array(
      z.object({
        pk: z.number(),
        name: z.string(),
        price: z.number().nullable(),
        payable: z.boolean(),
        kind: z.string(),
      }),
    ),
    /** The printer's ink levels in percent, or null before the first poll. */
    inklevels: z.record(z.string(), z.number()).nullable(),
  }),
  fail: failSchema,
});

const setBase = z.object({ pk: z.number().int().positive() });
const setOk = okSchema.extend({ job: gicleeJobSchema });
const setFail = failSchema;

/** Set height: a number in mm, or 'None' (or null) to go back to the printer's height. */
export const setHeight = endpoint({
  method: 'PUT',
  path: '/admin/giclee/setheight',
  body: setBase.extend({ heightOverwrite: z.union([looseNumberSchema, z.null()]) }),
  ok: setOk,
  fail: setFail,
});
/** Set the fee in NTD (a non-negative integer), or '' / null to go back to the computed fee. */
export const setFee = endpoint({
  method: 'PUT',
  path: '/admin/giclee/setfee',
  body: setBase.extend({ fee: z.union([looseNumberSchema, z.null()]) }),
  ok: setOk,
  fail: setFail,
});
export const setComment = endpoint({
  method: 'PUT',
  path: '/admin/giclee/setcomment',
  body: setBase.extend({ comment: z.string().max(500) }),
  ok: setOk,
  fail: setFail,
});
export const setPaperType = endpoint({
  method: 'PUT',
  path: '/admin/giclee/setpapertype',
  body: setBase.extend({ papertype: z.number().int().positive() }),
  ok: setOk,
  fail: setFail,
});
/** noNeedToPay true needs a reason ('reason_required'); false makes the job need payment again. */
export const setNoNeedToPay = endpoint({
  method: 'PUT',
  path: '/admin/giclee/setnoneedtopay',
  body: setBase.extend({ noNeedToPay: z.boolean(), noNeedToPayReason: z.string().max(200).optional() }),
  ok: setOk,
  fail: setFail,
});

/**
 * Pay a job at the counter: the member (`userpk`, default the job's owner) pays the fee from their balance
 * as a sale of the job's paper (the area in 才), whose stock delta is linked to the job. `fee` is the fee
 * the page showed (NTD); another fee now is refused 'price_changed'.
 */
export const pay = endpoint({
  method: 'POST',
  path: '/admin/giclee/pay',
  body: setBase.extend({
    userpk: z.number().int().positive().optional(),
    fee: z.number(),
    requestId: requestIdSchema,
  }),
  ok: setOk,
  fail: setFail,
});

/** AdminP6000Stat: ink per colour, print volume per semester. */
export const p6000Stat = endpoint({
  method: 'GET',
  path: '/admin/p6000/stat',
  ok: okSchema.extend({
    /** Ink consumption per colour, in ml, over every recorded job; msg notes an empty log. */
    ink: z.array(z.object({ color: z.string(), consuptionvolume: z.number(), msg: z.string().optional() })),
    /** Square inches printed per semester (newest first). */
    job: z.array(z.object({ semester: z.string(), inchsquare: z.number(), jobs: z.number() })),
  }),
  fail: failSchema,
});
