// The staff stock forms' rules (document 3, section 5), pure so they are unit-tested without the pages.
// The server decides again with the same rules (core/src/stock); these only spare a round trip and name
// the field. Each check answers the reason code the server would, so one table of messages serves both.

/** 'YYYY/MM' with a real month (the spec's yyyy/mm pattern). */
export const YEAR_MONTH = /^\d{4}\/(0[1-9]|1[0-2])$/;

/** A non-negative decimal with at most `decimals` decimals (no sign, no exponent), or null. */
export function parseNonNegative(text: string, decimals = 3): number | null {
  const trimmed = text.trim();
  if (!new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** A positive whole number, or null. */
export function parsePositiveInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Slashes or dots between year and month, as people type them: '2027.3' -> '2027/03'. */
export function normalizeYearMonth(text: string): string {
  const match = /^\s*(\d{4})\s*[./-]\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return text.trim();
  return `${match[1]}/${match[2]!.padStart(2, '0')}`;
}

export type ConfigReason = 'name_required' | 'data' | 'discount_both' | 'discount_not_lower';

/** The config tab's price fields: an empty price is not for sale (and then no discount). */
export function checkConfig(form: {
  name: string;
  price: string;
  discountprice: string;
  discountpoint: string;
}): ConfigReason | null {
  if (form.name.trim() === '') return 'name_required';
  const filled = (text: string) => text.trim() !== '';
  for (const text of [form.price, form.discountprice])
    if (filled(text) && parseNonNegative(text, 2) === null) return 'data';
  if (filled(form.discountpoint) && parseNonNegative(form.discountpoint, 2) === null) return 'data';
  if (filled(form.discountprice) !== filled(form.discountpoint)) return 'discount_both';
  if (filled(form.discountprice)) {
    const price = filled(form.price) ? parseNonNegative(form.price, 2) : null;
    // A discount needs a price to be lower than; an item not for sale has no discount.
    if (price === null || parseNonNegative(form.discountprice, 2)! >= price) return 'discount_not_lower';
  }
  return null;
}

export type AdjustReason = 'quantity_invalid' | 'reason_required' | 'unchanged';

export function checkAdjust(form: { quantity: string; reason: string }, stock: number): AdjustReason | null {
  const quantity = parseNonNegative(form.quantity);
  if (quantity === null) return 'quantity_invalid';
  if (form.reason.trim() === '') return 'reason_required';
  if (Math.round(quantity * 1000) === Math.round(stock * 1000)) return 'unchanged';
  return null;
}

/** Which batch date an account's purchases need: E24 papers the manufacturing date, F films the expiry. */
export function requiredDate(prefix: string): 'manufacture' | 'expiry' | null {
  if (prefix === 'E24') return 'manufacture';
  if (prefix === 'F') return 'expiry';
  return null;
}

export type PurchaseReason = 'data' | 'manufacture_required' | 'expiry_required';

/**
 * One purchase: the purchase tab (a non-negative quantity, `wholeQuantity` false) or a wizard item (a
 * positive whole quantity); the total a positive whole NTD; dates YYYY/MM or empty, with the account's
 * required one filled.
 */
export function checkPurchase(
  form: { delta: string; amount: string; expireddate: string; manufacturedate: string },
  prefix: string,
  wholeQuantity: boolean,
): PurchaseReason | null {
  const quantityOk = wholeQuantity
    ? parsePositiveInteger(form.delta) !== null
    : parseNonNegative(form.delta) !== null;
  if (!quantityOk || parsePositiveInteger(form.amount) === null) return 'data';
  for (const date of [form.expireddate, form.manufacturedate])
    if (date.trim() !== '' && !YEAR_MONTH.test(normalizeYearMonth(date))) return 'data';
  const needed = requiredDate(prefix);
  if (needed === 'manufacture' && form.manufacturedate.trim() === '') return 'manufacture_required';
  if (needed === 'expiry' && form.expireddate.trim() === '') return 'expiry_required';
  return null;
}

export type WizardReason = 'origin_required' | 'items_required' | 'no_receipt';

/** The wizard's overview before sending: source, at least one item, and receipts (or a confirmation). */
export function checkWizard(form: {
  origin: string;
  itemCount: number;
  receiptCount: number;
  confirmNoReceipt: boolean;
}): WizardReason | null {
  if (form.origin.trim() === '') return 'origin_required';
  if (form.itemCount === 0) return 'items_required';
  if (form.receiptCount === 0 && !form.confirmNoReceipt) return 'no_receipt';
  return null;
}

/** Quantities show two to three decimals (document 3, section 9): trailing zeros dropped past two. */
export function formatQuantity(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const text = value.toFixed(3);
  return text.endsWith('0') ? value.toFixed(2) : text;
}
