// Events of the stock domain, as zod schemas (types inferred). Streams:
//   stock-{pk}                 one item: created, configured, and every stock delta (purchase, sale,
//                              adjustment), the edits of a delta and the refunds of purchases and sales
//   stock-sale-{saleId}        a counter sale's saga: claimed (lines with their postings), then confirmed
//                              (every line paid and its delta recorded) or released (a line refused)
//   cart-{userPk}              a member's cart: estimator results waiting for the counter
//   sequence-stock-pk          item pks; sequence-stock-purchase  receipt batches of purchases
// Quantities are thousandths of a unit (`...Milli`), money integer cents, points hundredths
// (core/src/stock/quantity.ts). Every event names its item (and buyer), so projections need not parse
// stream names. Times are ISO-8601 instants.
import { z } from 'zod';
import { instantSchema, positiveCentsSchema, postingSchema, transferKeySchema } from '../ledger/events.ts';

export const stockPkSchema = z.number().int().positive();
const milliSchema = z.number().int().min(-1e12).max(1e12);
const positiveMilliSchema = milliSchema.positive();
const centsSchema = z.number().int().nonnegative().max(1e13);
const actorSchema = z.number().int().positive().nullable();
/** 'YYYY/MM'. */
export const yearMonthSchema = z.string().regex(/^\d{4}\/(0[1-9]|1[0-2])$/);

/** Film type (document 3): 0 unknown, 1 black-and-white, 2 colour negative, 3 colour slide. */
export const filmTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type FilmType = z.infer<typeof filmTypeSchema>;

/** An item's settings: everything the config tab edits. */
export const stockConfigSchema = z.object({
  prefix: z.string().min(1).max(20),
  name: z.string().min(1).max(200),
  unit: z.string().min(1).max(10),
  /** Null: not for sale. */
  priceCents: centsSchema.nullable(),
  /** Both or neither; the discount price below the price (rules.ts). */
  discountPriceCents: centsSchema.nullable(),
  discountPointsHundredths: z.number().int().nonnegative().nullable(),
  barcodes: z.array(z.string().min(1).max(40)).max(20),
  comment: z.string().max(2000),
  display: z.boolean(),
  filmType: filmTypeSchema,
  /** For the giclee issue: whether jobs on this paper are paid, the paper kind, a keyword in job names. */
  giclee: z.object({ payable: z.boolean(), kind: z.string().max(40), keyword: z.string().max(100) }),
});
export type StockConfig = z.infer<typeof stockConfigSchema>;

// --- Item streams (stock-{pk}) ---

export const stockItemCreatedSchema = z.object({
  type: z.literal('StockItemCreated'),
  data: z.object({
    stockPk: stockPkSchema,
    config: stockConfigSchema,
    /** The creating request's key: a retry is a no-op. */
    requestKey: z.string().min(1).max(300),
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

export const stockItemConfiguredSchema = z.object({
  type: z.literal('StockItemConfigured'),
  data: z.object({
    stockPk: stockPkSchema,
    config: stockConfigSchema,
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

/** Delta kind 1: bought, paid by the item's stock account to the club's cash (the recorded posting). */
export const stockPurchasedSchema = z.object({
  type: z.literal('StockPurchased'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    quantityMilli: milliSchema.nonnegative(),
    amountCents: positiveCentsSchema,
    unitPriceCents: centsSchema,
    origin: z.string().max(200),
    comment: z.string().max(2000),
    expiry: yearMonthSchema.nullable(),
    manufactured: yearMonthSchema.nullable(),
    /** File pks of the receipts (objname stockreceipt). */
    receiptPks: z.array(z.number().int().positive()).max(50),
    /** The receipt batch of the purchase wizard, or null. */
    purchasePk: z.number().int().positive().nullable(),
    /** The money side, posted right after (and by the process manager after a crash). */
    posting: postingSchema,
    fingerprint: z.string(),
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

/** Delta kind 2: sold at the counter, one line of a sale, paid by its transfer (transferKey). */
export const stockSoldSchema = z.object({
  type: z.literal('StockSold'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    saleId: z.string().min(1).max(200),
    lineNo: z.number().int().nonnegative(),
    buyerPk: z.number().int().positive(),
    quantityMilli: positiveMilliSchema,
    unitPriceCents: centsSchema,
    listPriceCents: centsSchema,
    amountCents: centsSchema,
    listAmountCents: centsSchema,
    transferKey: transferKeySchema,
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

/** Delta kind 3: counted; the delta is the count less the stock before it. */
export const stockAdjustedSchema = z.object({
  type: z.literal('StockAdjusted'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    countedMilli: milliSchema.nonnegative(),
    deltaMilli: milliSchema,
    reason: z.string().min(1).max(500),
    fingerprint: z.string(),
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

/** PUT /admin/stockdelta: the fields present changed. */
export const stockDeltaEditedSchema = z.object({
  type: z.literal('StockDeltaEdited'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    comment: z.string().max(2000).optional(),
    origin: z.string().max(200).optional(),
    expiry: yearMonthSchema.nullable().optional(),
    actorPk: actorSchema,
    at: instantSchema,
  }),
});

/** A purchase's refund returned the full amount: the purchase no longer counts (document 3, section 4). */
export const stockPurchaseRefundedSchema = z.object({
  type: z.literal('StockPurchaseRefunded'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    refundTransferKey: transferKeySchema,
    quantityMilli: milliSchema.nonnegative(),
    at: instantSchema,
  }),
});

/**
 * A sale's refund gave back part or all of the quantity sold: the delta stays, this reverses that much
 * of it. `quantityMilli` is what was applied: at most what was left of the sale (`requestedMilli` is what
 * the refund asked for).
 */
export const stockSaleRefundedSchema = z.object({
  type: z.literal('StockSaleRefunded'),
  data: z.object({
    stockPk: stockPkSchema,
    deltaId: z.string().min(1).max(300),
    refundTransferKey: transferKeySchema,
    quantityMilli: milliSchema.nonnegative(),
    requestedMilli: milliSchema.nonnegative(),
    buyerPk: z.number().int().positive(),
    at: instantSchema,
  }),
});

export const stockItemEventSchema = z.discriminatedUnion('type', [
  stockItemCreatedSchema,
  stockItemConfiguredSchema,
  stockPurchasedSchema,
  stockSoldSchema,
  stockAdjustedSchema,
  stockDeltaEditedSchema,
  stockPurchaseRefundedSchema,
  stockSaleRefundedSchema,
]);
export type StockItemEvent = z.infer<typeof stockItemEventSchema>;
export type StockPurchased = z.infer<typeof stockPurchasedSchema>;
export type StockSold = z.infer<typeof stockSoldSchema>;

// --- Sale streams (stock-sale-{saleId}) ---

export const saleLineSchema = z.object({
  lineNo: z.number().int().nonnegative(),
  stockPk: stockPkSchema,
  name: z.string(),
  unit: z.string(),
  prefix: z.string(),
  quantityMilli: positiveMilliSchema,
  unitPriceCents: centsSchema,
  listPriceCents: centsSchema,
  amountCents: positiveCentsSchema,
  listAmountCents: centsSchema,
  cartItemId: z.string().nullable(),
  label: z.string().max(200),
  /** The debit of the buyer that pays this line (transferId `sale:{saleId}:{lineNo}`). */
  posting: postingSchema,
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const saleClaimedSchema = z.object({
  type: z.literal('SaleClaimed'),
  data: z.object({
    saleId: z.string().min(1).max(200),
    buyerPk: z.number().int().positive(),
    actorPk: actorSchema,
    lines: z.array(saleLineSchema).min(1).max(50),
    /** Looked-up fact fixed at claim time, so a resumed saga repeats the same balance check. */
    allowDebt: z.boolean(),
    totalCents: positiveCentsSchema,
    fingerprint: z.string(),
    at: instantSchema,
  }),
});

export const saleConfirmedSchema = z.object({
  type: z.literal('SaleConfirmed'),
  data: z.object({
    saleId: z.string().min(1).max(200),
    buyerPk: z.number().int().positive(),
    transferKeys: z.array(transferKeySchema),
    cartItemIds: z.array(z.string()),
    at: instantSchema,
  }),
});

/** A line's debit was refused (for good): the lines paid before it were given back, nothing is sold. */
export const saleReleasedSchema = z.object({
  type: z.literal('SaleReleased'),
  data: z.object({
    saleId: z.string().min(1).max(200),
    buyerPk: z.number().int().positive(),
    reason: z.enum(['insufficient_balance', 'amount_invalid', 'summary_too_short']),
    refusedLine: z.number().int().nonnegative(),
    /** The refunds of the lines debited before the refused one. */
    refundKeys: z.array(transferKeySchema),
    at: instantSchema,
  }),
});

export const saleEventSchema = z.discriminatedUnion('type', [
  saleClaimedSchema,
  saleConfirmedSchema,
  saleReleasedSchema,
]);
export type SaleEvent = z.infer<typeof saleEventSchema>;
export type SaleClaimed = z.infer<typeof saleClaimedSchema>;

// --- Cart streams (cart-{userPk}) ---

export const cartItemSchema = z.object({
  id: z.string().min(1).max(100),
  stockPk: stockPkSchema,
  quantityMilli: positiveMilliSchema,
  label: z.string().min(1).max(200),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartItemsAddedSchema = z.object({
  type: z.literal('CartItemsAdded'),
  data: z.object({
    userPk: z.number().int().positive(),
    /** One estimate's items share it; it is the add request's key. */
    group: z.string().min(1).max(80),
    items: z.array(cartItemSchema).min(1),
    fingerprint: z.string(),
    at: instantSchema,
  }),
});

export const cartItemRemovedSchema = z.object({
  type: z.literal('CartItemRemoved'),
  data: z.object({ userPk: z.number().int().positive(), id: z.string(), at: instantSchema }),
});

export const cartClearedSchema = z.object({
  type: z.literal('CartCleared'),
  data: z.object({ userPk: z.number().int().positive(), ids: z.array(z.string()), at: instantSchema }),
});

/** The counter sale paid these items: they leave the cart. */
export const cartItemsSoldSchema = z.object({
  type: z.literal('CartItemsSold'),
  data: z.object({
    userPk: z.number().int().positive(),
    saleId: z.string().min(1).max(200),
    ids: z.array(z.string()),
    at: instantSchema,
  }),
});

export const cartEventSchema = z.discriminatedUnion('type', [
  cartItemsAddedSchema,
  cartItemRemovedSchema,
  cartClearedSchema,
  cartItemsSoldSchema,
]);
export type CartEvent = z.infer<typeof cartEventSchema>;

// --- Sequences ---

export const stockPkAllocatedSchema = z.object({
  type: z.literal('StockPkAllocated'),
  /** `requestKey`: the creating request's key, so a retried create gets the same pk back. */
  data: z.object({ pk: stockPkSchema, requestKey: z.string().max(300).optional() }),
});
export const stockPurchasePkAllocatedSchema = z.object({
  type: z.literal('StockPurchasePkAllocated'),
  data: z.object({ pk: z.number().int().positive(), actorPk: actorSchema, at: instantSchema }),
});

/** Every event of the stock domain, for projections reading the global log. */
export const stockEventSchema = z.discriminatedUnion('type', [
  ...stockItemEventSchema.options,
  ...saleEventSchema.options,
  ...cartEventSchema.options,
  stockPkAllocatedSchema,
  stockPurchasePkAllocatedSchema,
]);
export type StockEvent = z.infer<typeof stockEventSchema>;

export const stockEventTypes = [
  'StockItemCreated',
  'StockItemConfigured',
  'StockPurchased',
  'StockSold',
  'StockAdjusted',
  'StockDeltaEdited',
  'StockPurchaseRefunded',
  'StockSaleRefunded',
  'SaleClaimed',
  'SaleConfirmed',
  'SaleReleased',
  'CartItemsAdded',
  'CartItemRemoved',
  'CartCleared',
  'CartItemsSold',
  'StockPkAllocated',
  'StockPurchasePkAllocated',
] as const satisfies readonly StockEvent['type'][];

const stockEventTypeSet: ReadonlySet<string> = new Set(stockEventTypes);
export const isStockEventType = (type: string): type is StockEvent['type'] => stockEventTypeSet.has(type);

export const stockStream = (stockPk: number): string => `stock-${stockPk}`;
export const saleStream = (saleId: string): string => `stock-sale-${saleId}`;
export const cartStream = (userPk: number): string => `cart-${userPk}`;
export const STOCK_PK_SEQUENCE_STREAM = 'sequence-stock-pk';
export const STOCK_PURCHASE_SEQUENCE_STREAM = 'sequence-stock-purchase';

/** The transferId of a sale line's debit (the buyer's account). */
export const saleLineTransferId = (saleId: string, lineNo: number): string => `sale:${saleId}:${lineNo}`;
/** The deltaId of a sale line on its item's stream. */
export const saleLineDeltaId = (saleId: string, lineNo: number): string => `sale:${saleId}:${lineNo}`;
/** 'S' + pk padded to five digits: what a stock label's barcode carries (api/src/routes/labels.ts). */
export const stockPkStr = (stockPk: number): string => `S${String(stockPk).padStart(5, '0')}`;
