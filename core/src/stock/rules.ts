// The stock domain's rules that are not a stream's decision: the config form's checks (document 3,
// section 5), a purchase's checks (the E24 manufacturing-date and F expiry-date rules), the price list's
// filters and caps (document 1, section 9), the batches still in stock (oldest sold first) and the
// one-year windows. Pure; the API and the web share them.
import { discountedPriceCents } from '../points/discount.ts';
import { HUNDREDTHS_PER_POINT } from '../points/scale.ts';
import {
  EXPIRY_DATE_PREFIX,
  MANUFACTURE_DATE_PREFIX,
  SHARED_PAPER_PREFIX,
  type StockAccount,
  stockAccountOf,
} from './accounts.ts';
import type { FilmType, StockConfig } from './events.ts';
import {
  lineAmountCents,
  MILLI_PER_UNIT,
  parsePriceCents,
  parseQuantityMilli,
  parseYearMonth,
  valueCents,
} from './quantity.ts';

// --- The config tab ---

export type ConfigReason =
  | 'name_required'
  | 'data'
  | 'discount_both'
  | 'discount_not_lower'
  | 'account_unknown';

export interface ConfigInput {
  prefix: string;
  name: string;
  unit: string;
  price: unknown;
  discountprice: unknown;
  discountpoint: unknown;
  barcodetext: string;
  comment: string;
  display: boolean;
  filmtype: unknown;
  giclee: { payable: boolean; kind: string; keyword: string };
}

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Barcodes one per line or separated by commas; each printable, without spaces, at most 40 characters. */
export function parseBarcodes(text: string): string[] | null {
  const barcodes = [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  if (barcodes.length > 20) return null;
  return barcodes.every((code) => /^[\x21-\x7e]{1,40}$/.test(code)) ? barcodes : null;
}

/**
 * The config form's values as settings, or the first rule they break, in the spec's order: both discount
 * fields or neither; the discount price below the price; price and discount values non-negative numbers.
 * An empty price means not for sale; an item not for sale keeps no discount.
 */
export function checkConfig(
  input: ConfigInput,
): { ok: true; config: StockConfig } | { ok: false; reason: ConfigReason } {
  const name = input.name.trim();
  if (name === '') return { ok: false, reason: 'name_required' };
  if (!stockAccountOf(input.prefix)) return { ok: false, reason: 'account_unknown' };
  const unit = input.unit.trim() || '張';
  if ([...unit].length > 10) return { ok: false, reason: 'data' };
  const discountEmpty = isEmpty(input.discountprice);
  const pointEmpty = isEmpty(input.discountpoint);
  if (discountEmpty !== pointEmpty) return { ok: false, reason: 'discount_both' };
  const priceCents = isEmpty(input.price) ? null : parsePriceCents(input.price);
  if (!isEmpty(input.price) && priceCents === null) return { ok: false, reason: 'data' };
  const discountPriceCents = discountEmpty ? null : parsePriceCents(input.discountprice);
  if (!discountEmpty && discountPriceCents === null) return { ok: false, reason: 'data' };
  const points = pointEmpty ? null : parsePriceCents(input.discountpoint);
  if (!pointEmpty && points === null) return { ok: false, reason: 'data' };
  if (discountPriceCents !== null) {
    // A discount needs a price to be lower than; an item without a price is not for sale at all.
    if (priceCents === null || discountPriceCents >= priceCents)
      return { ok: false, reason: 'discount_not_lower' };
  }
  const filmType = isEmpty(input.filmtype) ? 0 : Number(input.filmtype);
  if (![0, 1, 2, 3].includes(filmType)) return { ok: false, reason: 'data' };
  const barcodes = parseBarcodes(input.barcodetext);
  if (!barcodes) return { ok: false, reason: 'data' };
  return {
    ok: true,
    config: {
      prefix: input.prefix,
      name,
      unit,
      priceCents,
      discountPriceCents,
      // Discount points are points (hundredths inside), two decimals like the price.
      discountPointsHundredths: points,
      barcodes,
      comment: input.comment.trim(),
      display: input.display,
      filmType: filmType as FilmType,
      giclee: {
        payable: input.giclee.payable,
        kind: input.giclee.kind.trim(),
        keyword: input.giclee.keyword.trim(),
      },
    },
  };
}

/** A new item's settings (AdminStockAdd): not for sale until configured, shown, unknown film type. */
export const newItemConfig = (prefix: string, name: string, unit: string): StockConfig => ({
  prefix,
  name: name.trim(),
  unit: unit.trim() || '張',
  priceCents: null,
  discountPriceCents: null,
  discountPointsHundredths: null,
  barcodes: [],
  comment: '',
  display: true,
  filmType: 0,
  giclee: { payable: false, kind: '', keyword: '' },
});

// --- Purchases ---

export type PurchaseDateReason = 'data' | 'manufacture_required' | 'expiry_required';

/**
 * The batch dates of a purchase: 'YYYY/MM' or empty, an E24 item needs its manufacturing date and an F
 * item its expiry date (document 3, section 5).
 */
export function checkPurchaseDates(
  prefix: string,
  expireddate: string | undefined,
  manufacturedate: string | undefined,
):
  | { ok: true; expiry: string | null; manufactured: string | null }
  | { ok: false; reason: PurchaseDateReason } {
  const expiryText = (expireddate ?? '').trim();
  const manufacturedText = (manufacturedate ?? '').trim();
  const expiry = expiryText === '' ? null : parseYearMonth(expiryText);
  const manufactured = manufacturedText === '' ? null : parseYearMonth(manufacturedText);
  if ((expiryText !== '' && expiry === null) || (manufacturedText !== '' && manufactured === null))
    return { ok: false, reason: 'data' };
  if (prefix === MANUFACTURE_DATE_PREFIX && manufactured === null)
    return { ok: false, reason: 'manufacture_required' };
  if (prefix === EXPIRY_DATE_PREFIX && expiry === null) return { ok: false, reason: 'expiry_required' };
  return { ok: true, expiry, manufactured };
}

/** A counted quantity (the quantity-adjust tab): a non-negative number with at most three decimals. */
export const parseCountedMilli = parseQuantityMilli;

// --- Prices for a buyer ---

export interface BuyerPrice {
  unitPriceCents: number;
  listPriceCents: number;
  amountCents: number;
  listAmountCents: number;
}

/** What `milli` of an item costs a buyer with these points (null: not for sale). */
export function buyerPrice(config: StockConfig, pointsHundredths: number, milli: number): BuyerPrice | null {
  if (config.priceCents === null) return null;
  const unit = discountedPriceCents(
    {
      listPriceCents: config.priceCents,
      discountPriceCents: config.discountPriceCents,
      discountPointsHundredths: config.discountPointsHundredths,
    },
    Math.max(0, pointsHundredths),
  );
  return {
    unitPriceCents: unit,
    listPriceCents: config.priceCents,
    amountCents: lineAmountCents(milli, unit),
    listAmountCents: lineAmountCents(milli, config.priceCents),
  };
}

/** The price at a given number of whole points (the 100 and 200 columns). */
export const priceAtPoints = (config: StockConfig, points: number): number | null =>
  buyerPrice(config, points * HUNDREDTHS_PER_POINT, MILLI_PER_UNIT)?.unitPriceCents ?? null;

// --- The price list (document 1, section 9) ---

/** Items whose stock is never shown. */
export const HIDDEN_STOCK_PKS: ReadonlySet<number> = new Set([296, 295, 227, 226]);
/** The only items MOUNT shows. */
export const MOUNT_PKS: ReadonlySet<number> = new Set([80, 81, 423]);

/** Names marking an item overdue (hidden) and shared paper (the only items the shared-paper account shows). */
const OVERDUE_WORDS = ['overdue', '過期'];
const SHARED_WORDS = ['shared', '共用'];
const hasWord = (name: string, words: readonly string[]) =>
  words.some((word) => name.toLowerCase().includes(word.toLowerCase()));

/** Whether an item is on the member price list. */
export function onPriceList(stockPk: number, config: StockConfig): boolean {
  if (!config.display || hasWord(config.name, OVERDUE_WORDS)) return false;
  if (config.prefix === SHARED_PAPER_PREFIX) return hasWord(config.name, SHARED_WORDS);
  if (config.prefix === 'MOUNT') return MOUNT_PKS.has(stockPk);
  // A letter and two digits: the giclee paper codes (A01 ...), not the paper's accessories.
  if (config.prefix === 'GICLEE') return /^[A-Za-z]\d{2}/.test(config.name);
  return true;
}

/** The display cap of a unit: 100 for 才, 30 for 張, 10 otherwise. */
export const displayCap = (unit: string): number => (unit === '才' ? 100 : unit === '張' ? 30 : 10);

/** The stock as the price list shows it: '' hidden, '≥ cap' above the cap, else up to three decimals. */
export function quantityText(
  stockPk: number,
  account: StockAccount | undefined,
  unit: string,
  milli: number,
): string {
  if (HIDDEN_STOCK_PKS.has(stockPk) || account?.service) return '';
  const cap = displayCap(unit);
  if (milli > cap * MILLI_PER_UNIT) return `≥ ${cap}`;
  return String(milli / MILLI_PER_UNIT);
}

// --- Batches still in stock and their value ---

export interface PurchaseBatch {
  quantityMilli: number;
  unitPriceCents: number;
  expiry: string | null;
  manufactured: string | null;
  at: string;
}

export interface RemainingBatch extends PurchaseBatch {
  remainingMilli: number;
}

/**
 * The purchases still in stock when items leave oldest first: the newest purchases hold the stock.
 * Stock beyond every purchase (counted up by an adjustment) is valued at the last purchase price.
 */
export function remainingBatches(
  purchases: readonly PurchaseBatch[],
  stockMilli: number,
): {
  batches: RemainingBatch[];
  valueCents: number;
} {
  let left = Math.max(0, stockMilli);
  const batches: RemainingBatch[] = [];
  let value = 0;
  for (let index = purchases.length - 1; index >= 0 && left > 0; index--) {
    const purchase = purchases[index]!;
    const remainingMilli = Math.min(left, purchase.quantityMilli);
    if (remainingMilli <= 0) continue;
    left -= remainingMilli;
    value += valueCents(remainingMilli, purchase.unitPriceCents);
    batches.unshift({ ...purchase, remainingMilli });
  }
  const last = purchases[purchases.length - 1];
  if (left > 0 && last) value += valueCents(left, last.unitPriceCents);
  return { batches, valueCents: value };
}

/** One year back from `now`: the window of recent sales and the film statistics (document 3, section 9). */
export const oneYearBefore = (now: Date): Date => {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  return from;
};

/** 'sells out within a year': the stock is at most the past year's sales (and something was sold). */
export const sellsOutWithinYear = (stockMilli: number, yearlySoldMilli: number): boolean =>
  yearlySoldMilli > 0 && stockMilli <= yearlySoldMilli;

/** Giclee paper kinds (document 3: from the server). */
export const GICLEE_KINDS = [
  { key: 'matte', name: '霧面', nameEn: 'Matte' },
  { key: 'glossy', name: '亮面', nameEn: 'Glossy' },
  { key: 'luster', name: '絨面', nameEn: 'Luster' },
  { key: 'baryta', name: '純棉鋇光', nameEn: 'Baryta' },
  { key: 'fineart', name: '藝術紙', nameEn: 'Fine art' },
  { key: 'canvas', name: '畫布', nameEn: 'Canvas' },
] as const;
