// Group-buy events: one stream `groupbuy` decides every group buy and its orders, so a cancel and a
// closing never cross. Money is integer cents (whole NTD × 100); the ledger moves it (service.ts).
import { z } from 'zod';
import { instantSchema } from '../ledger/events.ts';

export const GROUPBUY_STREAM = 'groupbuy';

const pkSchema = z.number().int().positive();
const actorSchema = pkSchema.nullable();
const centsSchema = z.number().int().nonnegative();
const keySchema = z.string().min(1).max(300);

export const websiteSchema = z.enum(['bh', 'fotoimpex']);
/** A decimal as typed (price, weight, rate), kept as text so it stays exact. */
const decimalTextSchema = z.string().max(20);

export const groupBuyEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GroupBuyOpened'),
    data: z.object({
      groupBuyPk: pkSchema,
      website: websiteSchema,
      currency: z.string().min(1).max(10),
      expiredAt: instantSchema,
      requestKey: keySchema,
      fingerprint: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('GroupBuyOrderPlaced'),
    data: z.object({
      orderPk: pkSchema,
      groupBuyPk: pkSchema,
      userPk: pkSchema,
      url: z.string().max(1000),
      title: z.string().max(300),
      price: decimalTextSchema,
      weight: decimalTextSchema,
      /** The exchange rate used, or null for a manual add (its prices are given). */
      rate: decimalTextSchema.nullable(),
      quantity: z.number().int().positive(),
      unitPriceCents: centsSchema,
      totalCents: centsSchema,
      depositCents: centsSchema,
      manual: z.boolean(),
      requestKey: keySchema,
      fingerprint: z.string().max(600),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('GroupBuyDepositHeld'),
    data: z.object({ orderPk: pkSchema, transferKey: z.string().max(300) }),
  }),
  z.object({
    type: z.literal('GroupBuyOrderRefused'),
    data: z.object({ orderPk: pkSchema, reason: z.string().max(60), at: instantSchema }),
  }),
  z.object({
    type: z.literal('GroupBuyOrderCancelled'),
    data: z.object({ orderPk: pkSchema, refundCents: centsSchema, actorPk: actorSchema, at: instantSchema }),
  }),
  z.object({
    type: z.literal('GroupBuyClosed'),
    data: z.object({ groupBuyPk: pkSchema, actorPk: actorSchema, at: instantSchema }),
  }),
  z.object({
    type: z.literal('GroupBuyRemainderPaid'),
    data: z.object({ orderPk: pkSchema, transferKey: z.string().max(300), at: instantSchema }),
  }),
  z.object({
    type: z.literal('GroupBuyRateSet'),
    data: z.object({
      currency: z.string().min(1).max(10),
      /** NTD per unit of the currency, as typed. */
      rate: decimalTextSchema,
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('GroupBuyRemainderShort'),
    data: z.object({ orderPk: pkSchema, reason: z.string().max(60), at: instantSchema }),
  }),
]);
export type GroupBuyEvent = z.infer<typeof groupBuyEventSchema>;
export type OrderPlacedData = Extract<GroupBuyEvent, { type: 'GroupBuyOrderPlaced' }>['data'];
