// The member side of the stock domain (document 1: UserPriceList; issue 14: the counter sale in the store
// scope and for staff, and the member's cart that the estimators fill and the counter sale picks up).
// docs/stock.md explains the decisions. Money in NTD (a line's amount is whole NTD, rounded up), quantities
// as decimal numbers with at most three decimals.
import { z } from 'zod';
import {
  endpoint,
  failSchema,
  looseNumberSchema,
  okSchema,
  personRefSchema,
  requestIdSchema,
} from './shared.ts';
import { filmTypeSchema, stockAccountSchema } from './stock.ts';

// --- UserPriceList: GET /user/price/list ---

/**
 * A row of the price list (document 1, section 3: Stock item, with what the page shows computed once on
 * the server). The list already applies document 1's filters: only displayed items, never items whose
 * name says overdue (過期), the shared-paper account (SP) only items named shared (共用), MOUNT only items
 * 80, 81 and 423, GICLEE only names that begin with a letter and two digits.
 */
export const priceRowSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  unit: z.string(),
  account: stockAccountSchema,
  /** The stock; null when hidden (items 296, 295, 227, 226, and service accounts). */
  quantity: z.number().nullable(),
  /**
   * The stock as shown: capped at 100 for 才, 30 for 張, 10 otherwise, with '≥' above the cap
   * ('≥ 30'), else the number with at most three decimals; '' when hidden.
   */
  quantityText: z.string(),
  /** NTD per unit; null: not for sale. */
  price: z.number().nullable(),
  discountprice: z.number().nullable(),
  discountpoint: z.number().nullable(),
  /** The viewer's own price at their valid points (the list price without a discount). */
  myprice: z.number().nullable(),
  /** The price at 100 points, for a viewer under 100 points (null otherwise or without a discount). */
  price100: z.number().nullable(),
  /** The price at 200 points, for a viewer with 100 to 199 points. */
  price200: z.number().nullable(),
  barcode: z.string(),
  filmtype: filmTypeSchema,
  /** 'sells out within a year': the stock is at most the past year's sales. */
  sellsOutWithinYear: z.boolean(),
});

export const priceList = endpoint({
  method: 'GET',
  path: '/user/price/list',
  ok: okSchema.extend({
    stocklist: z.array(priceRowSchema),
    /** The accounts in menu order (the page's accountprefix values), with whether any row is in them. */
    accountlist: z.array(stockAccountSchema.extend({ count: z.number() })),
    /** The viewer's valid points (decimal). */
    point: z.number(),
    /** Discount columns show only when the viewer has points (document 1, section 6). */
    showDiscount: z.boolean(),
    /** Which extra column applies: 100, 200 or none (document 1, section 9). */
    extraColumn: z.union([z.literal(100), z.literal(200), z.null()]),
    /** Services are for current members only (the notice). */
    ismember: z.boolean(),
  }),
  fail: failSchema,
});

// --- Quotes: the buyer's prices for some items (the estimators and the counter sale) ---

export const quoteLineSchema = z.object({
  stockpk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  unit: z.string(),
  prefix: z.string(),
  quantity: z.number(),
  /** NTD per unit at the buyer's points. */
  unitprice: z.number(),
  /** The list price per unit. */
  listprice: z.number(),
  /** The line's total, whole NTD (rounded up). */
  amount: z.number(),
  /** What the point discount saves on this line, NTD. */
  discount: z.number(),
  /** The stock now (null for service accounts). */
  stock: z.number().nullable(),
});

export const quoteItemSchema = z.object({
  stockpk: z.number().int().positive(),
  quantity: looseNumberSchema,
});

/**
 * POST /shop/quote (login; `userpk` other than oneself: staff). Never refuses an item: unknown items and
 * items not for sale are listed in `missing` (the estimators show 'inventory data error, cannot add to
 * cart'), bad quantities in `invalid`. Refusals: 'notfound' (no such buyer), 'forbidden'.
 */
export const quote = endpoint({
  method: 'POST',
  path: '/shop/quote',
  body: z.object({
    userpk: z.number().int().positive().optional(),
    items: z.array(quoteItemSchema).max(100),
  }),
  ok: okSchema.extend({
    lines: z.array(quoteLineSchema),
    missing: z.array(z.number()),
    invalid: z.array(z.number()),
    total: z.number(),
    discount: z.number(),
  }),
  fail: failSchema,
});

/** A stock item found by a scanned code: a barcode, its pkstr (S00080) or its pk. */
export const scanItemSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  unit: z.string(),
  prefix: z.string(),
  price: z.number().nullable(),
  forSale: z.boolean(),
});

/** GET /shop/scan/{code} (login). Refusal 'notfound'. */
export const scan = endpoint({
  method: 'GET',
  path: '/shop/scan/:code',
  params: z.object({ code: z.string().min(1).max(60) }),
  ok: okSchema.extend({ stock: scanItemSchema }),
  fail: failSchema,
});

// --- The cart: estimator results waiting for the counter ---

export const cartItemSchema = z.object({
  /** The cart item's id (remove it by this). */
  id: z.string(),
  stock: z.object({
    pk: z.number(),
    pkstr: z.string(),
    name: z.string(),
    unit: z.string(),
    prefix: z.string(),
  }),
  quantity: z.number(),
  /** What it is for, as the estimator wrote it ('鋁框 16×20 in'). */
  label: z.string(),
  /** Items added together by one estimate share a group (the estimate's id). */
  group: z.string(),
  addedAt: z.string(),
  /** The owner's price now, NTD per unit, and the line's amount; null when the item is no longer for sale. */
  unitprice: z.number().nullable(),
  amount: z.number().nullable(),
});

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Whole NTD of the items still for sale. */
  total: z.number(),
});

export const cart = endpoint({
  method: 'GET',
  path: '/user/cart',
  ok: okSchema.extend({ cart: cartSchema }),
  fail: failSchema,
});

/** At most this many items in a cart. */
export const CART_MAX_ITEMS = 50;

/**
 * POST /user/cart (login). cmd 'add': items added together (one estimate: frame, acrylic, board) under one
 * group; 'remove': one item by id; 'clear': everything. Refusals: 'inventory' ('inventory data error,
 * cannot add to cart': an item missing or not for sale, with `stockpk`), 'quantity_invalid' (not a positive
 * number with at most three decimals), 'label_required', 'cart_full' (over 50 items), 'notfound' (no such
 * cart item), 'mismatch'.
 */
export const cartReasons = [
  'inventory',
  'quantity_invalid',
  'label_required',
  'cart_full',
  'notfound',
  'mismatch',
] as const;

export const cartCommandBodySchema = z.discriminatedUnion('cmd', [
  z.object({
    cmd: z.literal('add'),
    items: z
      .array(
        z.object({
          stockpk: z.number().int().positive(),
          quantity: looseNumberSchema,
          label: z.string().max(200),
        }),
      )
      .min(1)
      .max(20),
    requestId: requestIdSchema,
  }),
  z.object({ cmd: z.literal('remove'), id: z.string().max(100), requestId: requestIdSchema }),
  z.object({ cmd: z.literal('clear'), requestId: requestIdSchema }),
]);

export const cartCommand = endpoint({
  method: 'POST',
  path: '/user/cart',
  body: cartCommandBodySchema,
  ok: okSchema.extend({ cart: cartSchema }),
  fail: failSchema.extend({ stockpk: z.number().optional() }),
});

// --- The counter sale ---

export const buyerSchema = personRefSchema.extend({
  ismember: z.boolean(),
  /** NTD. */
  balance: z.number(),
  /** Valid points (decimal). */
  point: z.number(),
  /** The balance may go negative (allowdebt). */
  allowdebt: z.boolean(),
});

/**
 * GET /shop/buyer/{userpk|me} (login; another person: staff): who pays, with their cart. Refusals:
 * 'notfound', 'forbidden'.
 */
export const buyer = endpoint({
  method: 'GET',
  path: '/shop/buyer/:userpk',
  params: z.object({ userpk: z.union([z.literal('me'), z.string().regex(/^[1-9]\d{0,12}$/)]) }),
  ok: okSchema.extend({ buyer: buyerSchema, cart: cartSchema }),
  fail: failSchema,
});

export const receiptLineSchema = z.object({
  stock: z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), unit: z.string() }),
  quantity: z.number(),
  unitprice: z.number(),
  listprice: z.number(),
  amount: z.number(),
  discount: z.number(),
  /** The buyer's transaction row of this line (null until paid). */
  transpk: z.number().nullable(),
  /** The stock delta (null until recorded). */
  deltapk: z.number().nullable(),
  label: z.string(),
});

/** A sale's receipt. `status`: paid; refused (nothing was charged, or what was is given back); pending. */
export const saleReceiptSchema = z.object({
  saleId: z.string(),
  status: z.enum(['paid', 'refused', 'pending']),
  /** Why a refused sale was refused ('insufficient_balance'). */
  reason: z.string().nullable(),
  timestamp: z.string(),
  buyer: personRefSchema,
  /** Who rang it up: the buyer at the kiosk, or the staff member. */
  execuser: personRefSchema.nullable(),
  lines: z.array(receiptLineSchema),
  total: z.number(),
  discount: z.number(),
  /** The buyer's balance now, NTD. */
  balance: z.number(),
});

/**
 * POST /shop/sale. The buyer pays from the balance at their point price (points are not spent). Who may:
 * a member for themselves in the store scope (`Scope: store`, the counter kiosk), or active staff for
 * anyone (`userpk`). Refusals, in this order: 'notfound' (no such buyer), 'forbidden', 'store_only' (a
 * member's own sale outside the store scope), 'not_member' (the buyer is not a current member: the
 * services are for members), 'items_required', 'quantity_invalid' (with `stockpk`), 'inventory' (an item
 * missing or not for sale, with `stockpk`), 'price_changed' (the total differs from `total`, the amount the
 * page showed: quote again), 'insufficient_balance' (unless allowdebt), 'mismatch'. Items that came from
 * the cart carry their `cartItemId`; they leave the cart once paid.
 */
export const saleReasons = [
  'notfound',
  'forbidden',
  'store_only',
  'not_member',
  'items_required',
  'quantity_invalid',
  'inventory',
  'price_changed',
  'insufficient_balance',
  'mismatch',
] as const;

export const sale = endpoint({
  method: 'POST',
  path: '/shop/sale',
  body: z.object({
    userpk: z.number().int().positive().optional(),
    items: z
      .array(
        z.object({
          stockpk: z.number().int().positive(),
          quantity: looseNumberSchema,
          cartItemId: z.string().max(100).optional(),
        }),
      )
      .max(50),
    /** The total NTD the page showed. */
    total: z.number(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ receipt: saleReceiptSchema }),
  fail: failSchema.extend({ stockpk: z.number().optional() }),
});

/** GET /shop/sale/{saleId} (the buyer, or staff). Refusal 'notfound'. */
export const saleReceipt = endpoint({
  method: 'GET',
  path: '/shop/sale/:saleId',
  params: z.object({ saleId: z.string().min(1).max(100) }),
  ok: okSchema.extend({ receipt: saleReceiptSchema }),
  fail: failSchema,
});

/** GET /shop/sales (login): the viewer's recent sales as receipts, newest first (the last 20). */
export const mySales = endpoint({
  method: 'GET',
  path: '/shop/sales',
  ok: okSchema.extend({ loglist: z.array(saleReceiptSchema) }),
  fail: failSchema,
});
