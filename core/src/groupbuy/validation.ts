// The order form's checks (document 2, section 5), each failure with the spec's message key. The keys
// are the API's reasons; the web shows their texts ('URL format wrong, see example', ...).
import type { Fraction } from '../exact.ts';
import { exact } from './price.ts';

export type Website = 'bh' | 'fotoimpex';

export const WEBSITES: readonly Website[] = ['bh', 'fotoimpex'];

/** The example URL shown with 'URL format wrong, see example'. */
export const EXAMPLE_URLS: Record<Website, string> = {
  bh: 'https://www.bhphotovideo.com/c/product/1234567-REG/ilford_1174001_hp5_plus_120.html',
  fotoimpex: 'https://www.fotoimpex.com/films/ilford-hp5-plus-120.html',
};

// B&H: {host}/c/product/{digits}-{3 capital letters}/{name}.html.
const BH_URL = /^https?:\/\/[^/\s]+\/c\/product\/\d+-[A-Z]{3}\/[^/\s?#]+\.html$/;
// Fotoimpex: a product page ending .html, with an optional query.
const FOTOIMPEX_URL = /^https?:\/\/[^/\s]+(?:\/[^/\s?#]+)*\/[^/\s?#]+\.html(?:\?[^\s#]*)?$/;

export const isProductUrl = (website: Website, url: string): boolean =>
  (website === 'bh' ? BH_URL : FOTOIMPEX_URL).test(url.trim());

export type OrderFieldReason =
  | 'url_format'
  | 'title_required'
  | 'price_invalid'
  | 'weight_invalid'
  | 'quantity_invalid';

/** The spec's messages, by reason (zh-Hant and en texts live in the web catalogue). */
export const ORDER_MESSAGES = {
  url_format: 'URL format wrong, see example',
  title_required: 'check product name',
  price_invalid: 'check list price USD',
  weight_invalid: 'check Package Weight (lb)',
  quantity_invalid: 'check quantity',
  balance_insufficient: 'balance insufficient',
  no_rate: 'cannot get exchange rate, cannot order',
  unknown: 'unknown error',
  placed: 'order placed',
  cancelled: 'order cancelled, refunded',
  closed: 'group buy #N closed',
} as const;

const POSITIVE_DECIMAL = /^(?:\d{1,7}(?:\.\d{1,4})?|\.\d{1,4})$/;

/** A positive decimal as typed ('12', '3.5'), exact; anything else is null. */
export function positiveDecimal(text: string | number): Fraction | null {
  const trimmed = String(text).trim();
  if (!POSITIVE_DECIMAL.test(trimmed)) return null;
  const value = exact(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  return value.compare(0) > 0 ? value : null;
}

export interface OrderFields {
  url: string;
  title: string;
  price: string;
  weight: string;
  quantity: number;
}

/** The first failing check of an order's fields, in the form's order, or null when all pass. */
export function checkOrderFields(website: Website, fields: OrderFields): OrderFieldReason | null {
  if (!isProductUrl(website, fields.url)) return 'url_format';
  if (fields.title.trim() === '') return 'title_required';
  if (positiveDecimal(fields.price) === null) return 'price_invalid';
  if (positiveDecimal(fields.weight) === null) return 'weight_invalid';
  if (!Number.isSafeInteger(fields.quantity) || fields.quantity < 1) return 'quantity_invalid';
  return null;
}
