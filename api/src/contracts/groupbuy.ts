// Group buys (document 2: GroupBuy; docs/groupbuy.md). Amounts in whole NTD; list prices and weights as
// the decimals a person typed. The open, rate, order and estimate calls are not named by the spec.
import { z } from 'zod';
import { endpoint, failSchema, looseNumberSchema, okSchema, requestIdSchema } from './shared.ts';

export const groupBuyReasons = [
  'url_format',
  'title_required',
  'price_invalid',
  'weight_invalid',
  'quantity_invalid',
  'balance_insufficient',
  'no_rate',
  'notfound',
  'closed',
  'not_cancellable',
  'no_orders',
  'amount_invalid',
  'rate_invalid',
  'unknown',
] as const;

export const websiteSchema = z.enum(['bh', 'fotoimpex']);

export const groupBuyOrderSchema = z.object({
  pk: z.number(),
  createtime: z.string(),
  /** The orderer: shown to administrators and on the viewer's own orders; null otherwise. */
  createuser: z.object({ pk: z.number(), name: z.string() }).nullable(),
  /** Whether the viewer placed it (they may cancel it while billingstatus 1 and open). */
  mine: z.boolean(),
  title: z.string(),
  url: z.string(),
  /** Package weight (lb) and unit price (NTD): administrators and the orderer only. */
  weight: z.string().nullable(),
  unitprice: z.number().nullable(),
  quantity: z.number(),
  totalfee: z.number(),
  paid: z.number(),
  remain: z.number(),
  /** 1 unpaid or partial, 2 paid off, 9 cancelled with the deposit refunded. */
  billingstatus: z.union([z.literal(1), z.literal(2), z.literal(9)]),
  /** The remainder could not be billed at closing (the debt list); administrators only. */
  indebt: z.boolean(),
});

export const groupBuySchema = z.object({
  pk: z.number(),
  website: websiteSchema,
  /** 0 open, 1 closed. */
  status: z.union([z.literal(0), z.literal(1)]),
  expiredtime: z.string(),
  currency: z.string(),
  /** The total of the orders not cancelled: administrators only (null for others). */
  totalfee: z.number().nullable(),
  orderlist: z.array(groupBuyOrderSchema),
});

export const groupBuyPageSchema = okSchema.extend({
  groupBuyList: z.array(groupBuySchema),
  /** NTD per unit of each currency in use; null where no rate can be had. */
  xrate: z.record(z.string(), z.number().nullable()),
  /** The viewer holds the groupbuy authority (administrator: totals, columns, close, manual add). */
  isadmin: z.boolean(),
});

/** Every group buy; `groupBuyListOf` shows one (two calls: OpenAPI paths have no optional segment). */
export const groupBuyList = endpoint({
  method: 'GET',
  path: '/groupbuy',
  ok: groupBuyPageSchema,
  fail: failSchema,
});
export const groupBuyListOf = endpoint({
  ...groupBuyList,
  path: '/groupbuy/:pk',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
});

export const openGroupBuy = endpoint({
  method: 'POST',
  path: '/groupbuy/open',
  body: z.object({
    website: websiteSchema,
    currency: z.string().min(1).max(10),
    expiredtime: z.iso.datetime({ offset: true }),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ pk: z.number() }),
  fail: failSchema,
});

export const setGroupBuyRate = endpoint({
  method: 'POST',
  path: '/groupbuy/rate',
  body: z.object({ currency: z.string().min(1).max(10), rate: looseNumberSchema }),
  ok: okSchema,
  fail: failSchema,
});

const orderFields = {
  gbpk: z.number().int().positive(),
  url: z.string().max(1000),
  title: z.string().max(300),
  /** The list price in the group buy's currency. */
  unitprice: looseNumberSchema,
  /** Package weight (lb). */
  weight: looseNumberSchema,
  quantity: looseNumberSchema,
};

export const priceStepSchema = z.object({ step: z.string(), value: z.string() });

export const estimateGroupBuyOrder = endpoint({
  method: 'POST',
  path: '/groupbuy/order/estimate',
  body: z.object(orderFields),
  ok: okSchema.extend({
    xrate: z.number(),
    category: z.enum(['paper', 'film', 'other']),
    categoryfactor: z.string(),
    steps: z.array(priceStepSchema),
    unitprice: z.number(),
    totalfee: z.number(),
    deposit: z.number(),
    remain: z.number(),
  }),
  fail: failSchema,
});

export const placeGroupBuyOrder = endpoint({
  method: 'POST',
  path: '/groupbuy/order',
  body: z.object({ ...orderFields, requestId: requestIdSchema }),
  ok: okSchema.extend({ order: groupBuyOrderSchema }),
  fail: failSchema,
});

export const endGroupBuy = endpoint({
  method: 'POST',
  path: '/groupbuy/end',
  body: z.object({ pk: z.number().int().positive() }),
  ok: okSchema,
  fail: failSchema,
});

export const cancelGroupBuyOrder = endpoint({
  method: 'POST',
  path: '/groupbuy/order/cancel',
  body: z.object({ gbopk: z.number().int().positive() }),
  ok: okSchema,
  fail: failSchema,
});

export const addManualGroupBuyOrder = endpoint({
  method: 'POST',
  path: '/groupbuy/order/manual/add',
  body: z.object({
    gbpk: z.number().int().positive(),
    url: z.string().max(1000),
    title: z.string().max(300),
    unitprice: looseNumberSchema,
    totalfee: looseNumberSchema,
    quantity: looseNumberSchema,
    weight: looseNumberSchema,
    requestId: requestIdSchema,
  }),
  ok: okSchema,
  fail: failSchema,
});
