// The stock domain's staff calls (document 3: AdminStockList, AdminStockAdd, AdminStockSingle with its tabs
// info / config / quantityadjust / purchase / log, AdminStockPurchase's wizard, AdminStockLog, the
// stockdelta edit, /admin/stock/film/stat). docs/stock.md explains the decisions; the member's price list,
// cart and counter sale are in shop.ts.
//
// Units at this edge: money in NTD (prices may have cents, such as 12.5 per 才; totals are whole NTD),
// quantities as decimal numbers with at most three decimals (core keeps thousandths). Dates of batches are
// 'YYYY/MM'. Who sees what (document 3, section 6): every call needs active staff; `stock` adds items,
// edits their settings and adjusts counts, and sees the film statistics; `stockpurchase` records purchases
// and sees unit prices, values, comments and the log's details (origin, receipts). A field the viewer may
// not see is null, never left out, so the row keeps one shape.
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

// --- Shared pieces ---

/** Film type (document 3): 0 unknown, 1 black-and-white, 2 colour negative, 3 colour slide. */
export const filmTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Stock delta kind (document 3): 1 purchase, 2 sale, 3 adjust. */
export const stockDeltaKindSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * A stock account: the group an item belongs to, by its prefix (E24, F, I, J, V850, FILMDUP, FILMD120,
 * ED9, MOUNT, GICLEE, SP). `pk` is the ledger account its sales pay into (4 film stock, 2861 giclee, 20
 * supplies stock; docs/stock.md). `service` accounts sell work (scanning, developing), not goods: no stock
 * is shown for them.
 */
export const stockAccountSchema = z.object({
  prefix: z.string(),
  name: z.string(),
  nameEn: z.string(),
  pk: z.number(),
  service: z.boolean(),
});

/** A batch's date: an expiry date, or for E24 papers the manufacturing date ('YYYY/MM'). */
export const stockBatchDateSchema = z.object({
  /** 'YYYY/MM'. */
  date: z.string(),
  kind: z.enum(['expiry', 'manufacture']),
  /** The quantity still counted to this batch (purchases less later sales and adjustments, oldest first). */
  quantity: z.number(),
});

/** Giclee settings of an item (for the giclee issue): payable, paper kind, keyword matched in job names. */
export const gicleeSettingsSchema = z.object({
  payable: z.boolean(),
  kind: z.string(),
  keyword: z.string(),
});

/** A stock item as staff see it (document 3, section 3: Stock). */
export const stockSchema = z.object({
  pk: z.number(),
  /** 'S' + pk padded to five digits: what a stock label's barcode carries. */
  pkstr: z.string(),
  name: z.string(),
  account: stockAccountSchema,
  /** 才, 張, 卷, 盒, ... */
  unit: z.string(),
  quantity: z.number(),
  /** NTD per unit; null: not for sale. */
  price: z.number().nullable(),
  /** NTD per unit at `discountpoint` points and above; null with `discountpoint` null: no point discount. */
  discountprice: z.number().nullable(),
  discountpoint: z.number().nullable(),
  /** The first barcode, or ''. */
  barcode: z.string(),
  barcodelist: z.array(z.string()),
  /** The barcodes one per line, as the config form edits them. */
  barcodetext: z.string(),
  comment: z.string(),
  /** Shown on the member price list. */
  display: z.boolean(),
  filmtype: filmTypeSchema,
  gicleejson: gicleeSettingsSchema,
  /** Batches still in stock with their dates, soonest first. */
  expireddate: z.array(stockBatchDateSchema),
  /** Quantity sold in the past year (sales less sale refunds). */
  recentSales: z.number(),
  /** The quantity is at most the past year's sales (document 3, section 9). */
  sellsOutWithinYear: z.boolean(),
  /** stockpurchase only (else null): the stock's value in NTD at its purchase prices (oldest sold first). */
  value: z.number().nullable(),
  /** stockpurchase only (else null): the unit price of the last purchase, NTD. */
  lastUnitPrice: z.number().nullable(),
});

/** A sale in the list of recent sales (AdminStockList). */
export const recentSaleSchema = z.object({
  /** The stock delta's pk. */
  pk: z.number(),
  timestamp: z.string(),
  stock: z.object({ pk: z.number(), name: z.string(), unit: z.string() }),
  /** Quantity sold (positive). */
  quantity: z.number(),
  /** NTD paid. */
  amount: z.number(),
  user: personRefSchema,
  /** The buyer's transaction row pk (TransLog, AdminTransDetail). */
  transpk: z.number().nullable(),
});

/** What the viewer may do, so the pages show the right tabs and columns. */
export const stockViewerSchema = z.object({ stock: z.boolean(), stockpurchase: z.boolean() });

export const FILM_TYPE_NAMES = {
  zh: ['未知', '黑白', '彩色負片', '正片'],
  en: ['Unknown', 'Black and white', 'Colour negative', 'Colour slide'],
} as const;

// --- AdminStockList ---

export const stockList = endpoint({
  method: 'GET',
  path: '/admin/stock/list',
  ok: okSchema.extend({
    stocklist: z.array(stockSchema),
    /** The last 30 sales, newest first. */
    recentsales: z.array(recentSaleSchema),
    /** Film type number to its name, in Chinese and English. */
    filmtypeDict: z.record(z.string(), z.object({ zh: z.string(), en: z.string() })),
    accountlist: z.array(stockAccountSchema),
    viewer: stockViewerSchema,
  }),
  fail: failSchema,
});

// --- AdminStockAdd (stock) ---

/**
 * Refusals: 'name_required', 'account_unknown' (no such prefix), 'mismatch' (requestId reused);
 * anything else the page shows as 'unknown error'.
 */
export const stockNewReasons = ['name_required', 'account_unknown', 'mismatch'] as const;

export const stockNew = endpoint({
  method: 'POST',
  path: '/admin/stock/new',
  body: z.object({
    cmd: z.literal('new'),
    /** The account's prefix (or the account object the list gave). */
    account: z.union([z.string().max(20), z.object({ prefix: z.string().max(20) })]),
    name: z.string().max(200),
    /** Default '張'. */
    unit: z.string().max(10).optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ pk: z.number(), stock: stockSchema }),
  fail: failSchema,
});

// --- AdminStockSingle ---

const stockPkParamsSchema = z.object({ pk: z.string().regex(/^[1-9]\d{0,8}$/) });

export const gicleeKindSchema = z.object({ key: z.string(), name: z.string(), nameEn: z.string() });

export const stockSingle = endpoint({
  method: 'GET',
  path: '/admin/stock/:pk',
  params: stockPkParamsSchema,
  ok: okSchema.extend({
    stock: stockSchema,
    /** Giclee paper kinds (document 3: they come from the server). */
    gicleeKindList: z.array(gicleeKindSchema),
    accountlist: z.array(stockAccountSchema),
    viewer: stockViewerSchema,
  }),
  fail: failSchema,
});

/** A money or quantity field as a form sends it: a number, digits, '' or null (empty). */
const formNumberSchema = z.union([looseNumberSchema, z.null()]).optional();

/**
 * The config tab (stock). Refusals: 'name_required'; 'data' ('please check the data': price or discount
 * values not non-negative numbers with at most two decimals, a discount point not a non-negative number,
 * a film type outside 0–3, a barcode with spaces or over 40 characters); 'discount_both' ('both discount
 * price and discount points must be filled or neither'); 'discount_not_lower' ('discount price must be
 * lower than price'); 'notfound'; 'mismatch'. An empty price means not for sale (then no discount).
 */
export const stockConfigReasons = [
  'name_required',
  'data',
  'discount_both',
  'discount_not_lower',
  'account_unknown',
  'notfound',
  'mismatch',
] as const;

export const stockConfigBodySchema = z.object({
  stock: z.object({
    name: z.string().max(200),
    unit: z.string().max(10),
    price: formNumberSchema,
    discountprice: formNumberSchema,
    discountpoint: formNumberSchema,
    /** One barcode per line (or separated by commas). */
    barcodetext: z.string().max(2000).optional(),
    comment: z.string().max(2000).optional(),
    display: z.boolean(),
    filmtype: z.union([z.number(), z.string().max(2)]).optional(),
    gicleejson: z
      .object({ payable: z.boolean(), kind: z.string().max(40), keyword: z.string().max(100) })
      .optional(),
    /** Moving an item to another account: its prefix (or the account object). Omit to keep it. */
    account: z.union([z.string().max(20), z.object({ prefix: z.string().max(20) })]).optional(),
  }),
  requestId: requestIdSchema,
});

export const stockConfig = endpoint({
  method: 'PUT',
  path: '/admin/stock/:pk',
  params: stockPkParamsSchema,
  body: stockConfigBodySchema,
  ok: okSchema.extend({ stock: stockSchema }),
  fail: failSchema,
});

/**
 * One purchase of one item (the purchase tab, and each item of the wizard). `delta` the quantity bought,
 * `amount` the total paid in whole NTD; `expireddate` / `manufacturedate` 'YYYY/MM' or ''.
 */
export const purchaseInputSchema = z.object({
  delta: looseNumberSchema,
  amount: looseNumberSchema,
  origin: z.string().max(200).optional(),
  expireddate: z.string().max(20).optional(),
  manufacturedate: z.string().max(20).optional(),
  comment: z.string().max(2000).optional(),
  /** The purchase's receipt batch (POST /admin/stock/purchase/new), whose stockreceipt files are attached. */
  purchasepk: z.number().int().positive().optional(),
  /** File pks of receipts (objname stockreceipt). */
  receiptList: z.array(z.number().int().positive()).max(50).optional(),
});

/**
 * POST /admin/stock/{pk}: cmd 'purchase' (stockpurchase) or 'adjustQuantity' (stock).
 * purchase refusals: 'data' ('please check the data': delta not a non-negative number with at most three
 * decimals, amount not a positive whole NTD, expiry not YYYY/MM), 'manufacture_required' (E24 needs the
 * manufacturing date), 'expiry_required' (F needs the expiry date), 'receipt_unknown' (a receipt pk that
 * is no stored stockreceipt file), 'notfound', 'forbidden' (no stockpurchase), 'mismatch'.
 * adjustQuantity refusals: 'quantity_invalid' ('please check the new quantity': not a non-negative number
 * with at most three decimals), 'reason_required', 'unchanged' (the count equals the stock),
 * 'notfound', 'forbidden' (no stock), 'mismatch'.
 */
export const stockCommandReasons = [
  'data',
  'manufacture_required',
  'expiry_required',
  'receipt_unknown',
  'quantity_invalid',
  'reason_required',
  'unchanged',
  'notfound',
  'forbidden',
  'mismatch',
] as const;

export const stockCommandBodySchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('purchase'), purchase: purchaseInputSchema, requestId: requestIdSchema }),
  z.object({
    cmd: z.literal('adjustQuantity'),
    /** The counted quantity. */
    stock: z.object({ quantity: looseNumberSchema }),
    /** Why the count differs (required). */
    reason: z.string().max(500),
    requestId: requestIdSchema,
  }),
]);

export const stockCommand = endpoint({
  method: 'POST',
  path: '/admin/stock/:pk',
  params: stockPkParamsSchema,
  body: stockCommandBodySchema,
  ok: okSchema.extend({
    stock: stockSchema,
    /** The stock delta written. */
    deltapk: z.number(),
    /** The purchase's transaction (the stock account pays the club's cash), or null for an adjustment. */
    transpk: z.number().nullable(),
  }),
  fail: failSchema,
});

// --- AdminStockPurchase (stockpurchase): receipts, details, items ---

/** Step 0: a receipt batch to upload the receipts to (POST /upload objname stockreceipt, pk purchasepk). */
export const purchaseBatchNew = endpoint({
  method: 'POST',
  path: '/admin/stock/purchase/new',
  body: z.object({ requestId: requestIdSchema }).optional(),
  ok: okSchema.extend({ purchasepk: z.number() }),
  fail: failSchema,
});

export const purchaseItemSchema = z.object({
  stockpk: z.number().int().positive(),
  /** A positive whole quantity. */
  quantity: looseNumberSchema,
  /** The item's total price, a positive whole NTD. */
  amount: looseNumberSchema,
  expireddate: z.string().max(20).optional(),
  manufacturedate: z.string().max(20).optional(),
  comment: z.string().max(2000).optional(),
});

/**
 * The wizard's submit (its final call is not shown in the spec). Refusals, in this order:
 * 'origin_required' ('purchase source not filled'), 'items_required' ('please check the details'),
 * 'no_receipt' ('no receipt, continue?': send again with confirmNoReceipt), 'receipt_unknown', then per
 * item (with `index`, from 0): 'notfound', 'data' (quantity or total not a positive integer, a date not
 * YYYY/MM), 'manufacture_required' (E24), 'expiry_required' (F); 'mismatch'. Nothing is written unless
 * every item passes. Each item is its own stock delta and transaction.
 */
export const purchaseWizardReasons = [
  'origin_required',
  'items_required',
  'no_receipt',
  'receipt_unknown',
  'notfound',
  'data',
  'manufacture_required',
  'expiry_required',
  'mismatch',
] as const;

export const purchaseWizard = endpoint({
  method: 'POST',
  path: '/admin/stock/purchase',
  body: z.object({
    purchasepk: z.number().int().positive().optional(),
    origin: z.string().max(200),
    comment: z.string().max(2000).optional(),
    receiptList: z.array(z.number().int().positive()).max(50).optional(),
    confirmNoReceipt: z.boolean().optional(),
    items: z.array(purchaseItemSchema).max(100),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({
    purchasepk: z.number(),
    deltas: z.array(z.object({ stockpk: z.number(), deltapk: z.number(), transpk: z.number().nullable() })),
  }),
  fail: failSchema.extend({ index: z.number().optional() }),
});

// --- AdminStockLog and the item's log tab ---

export const receiptSchema = z.object({ pk: z.number(), filename: z.string(), url: z.string() });

/** A stock log entry (document 3, section 3). Fields marked stockpurchase are null for other staff. */
export const stockLogRowSchema = z.object({
  pk: z.number(),
  kind: stockDeltaKindSchema,
  timestamp: z.string(),
  stock: z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), unit: z.string() }),
  /** Signed quantity: plus for purchases, minus for sales, the difference for adjustments. */
  delta: z.number(),
  /** Sales: the quantity given back by refunds so far (the delta stays; docs/stock.md). */
  refunded: z.number(),
  /** Purchases: deleted by a purchase refund (it no longer counts). */
  deleted: z.boolean(),
  /** stockpurchase: NTD per unit (purchase price, or the sale's price). */
  unitprice: z.number().nullable(),
  /** Sales: NTD the buyer saved through the point discount. */
  discount: z.number().nullable(),
  /** stockpurchase: the total NTD of the purchase or sale. */
  amount: z.number().nullable(),
  execuser: personRefSchema.nullable(),
  /** Sales: the buyer. */
  user: personRefSchema.nullable(),
  /** stockpurchase: the comment (adjustments: the reason, shown to all staff as `reason`). */
  comment: z.string().nullable(),
  /** Adjustments: why the count differed. */
  reason: z.string().nullable(),
  /** The counted quantity of an adjustment. */
  counted: z.number().nullable(),
  /** stockpurchase: where it was bought. */
  origin: z.string().nullable(),
  /** 'YYYY/MM' or ''. */
  expireddate: z.string(),
  manufacturedate: z.string(),
  /** stockpurchase: the receipts (file records). */
  receiptList: z.array(receiptSchema).nullable(),
  purchasepk: z.number().nullable(),
  /** The transaction booked with it (the payer's side), or null. */
  transpk: z.number().nullable(),
});

const logKindSchema = z.enum(['1', '2', '3', 'all']);

export const stockItemLog = endpoint({
  method: 'GET',
  path: '/admin/stock/:pk/log/:kind/:page',
  params: z.object({
    pk: z.string().regex(/^[1-9]\d{0,8}$/),
    kind: logKindSchema,
    page: z.string().regex(/^[1-9]\d{0,6}$/),
  }),
  ok: okSchema.extend({ loglist: z.array(stockLogRowSchema), pager: pagerSchema, viewer: stockViewerSchema }),
  fail: failSchema,
});

/** AdminStockLog: every item's log (pk 'all') or one item's, newest first; `page` (default 1) pages it. */
export const stockLog = endpoint({
  method: 'GET',
  path: '/admin/stock/log/:kind/:pk',
  params: z.object({
    kind: logKindSchema,
    pk: z.union([z.literal('all'), z.string().regex(/^[1-9]\d{0,8}$/)]),
  }),
  query: z.object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,6}$/)
      .optional(),
  }),
  ok: okSchema.extend({
    loglist: z.array(stockLogRowSchema),
    pager: pagerSchema,
    /** The item, when pk names one. */
    stock: stockSchema.nullable(),
    viewer: stockViewerSchema,
  }),
  fail: failSchema,
});

/**
 * PUT /admin/stockdelta/{pk} (stockpurchase): edits a delta's comment, origin and expiry date (a purchase's
 * origin and date; any delta's comment). Refusals: 'notfound', 'data' (expiry not YYYY/MM or ''),
 * 'mismatch'.
 */
export const stockDeltaEdit = endpoint({
  method: 'PUT',
  path: '/admin/stockdelta/:pk',
  params: z.object({ pk: z.string().regex(/^[1-9]\d{0,14}$/) }),
  body: z.object({
    comment: z.string().max(2000).optional(),
    origin: z.string().max(200).optional(),
    expireddate: z.string().max(20).optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ row: stockLogRowSchema }),
  fail: failSchema,
});

// --- Film sales statistics (stock) ---

export const filmStatRowSchema = z.object({
  stock: z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), unit: z.string() }),
  filmtype: filmTypeSchema,
  /** Sold in the past year (sales less refunds). */
  sold: z.number(),
  /** NTD taken in the past year. */
  amount: z.number(),
  quantity: z.number(),
  sellsOutWithinYear: z.boolean(),
  /** Sold per month, oldest first: 12 months ending with the current one (Taipei). */
  monthly: z.array(z.number()),
});

export const filmStat = endpoint({
  method: 'GET',
  path: '/admin/stock/film/stat',
  ok: okSchema.extend({
    loglist: z.array(filmStatRowSchema),
    /** Per film type: quantity sold and NTD in the past year. */
    byFilmtype: z.array(z.object({ filmtype: filmTypeSchema, sold: z.number(), amount: z.number() })),
    /** The months of `monthly`, 'YYYY-MM'. */
    months: z.array(z.string()),
    /** The window: one year back from now. */
    from: z.string(),
    to: z.string(),
  }),
  fail: failSchema,
});
