// Quantities and prices of the stock domain as integers (STYLE.md: fixed minor units, never floats).
//
//   quantity  thousandths of a unit ("milli"): paper is cut by the 才 (0.5 才), chemicals by the litre;
//             document 3 shows quantities with two to three decimals, so three decimals are exact.
//   money     cents, as the ledger keeps it; a price may have cents (12.5 per 才), a line's amount is
//             rounded up to whole NTD (the counter takes whole dollars, and rounding never favours the buyer
//             over the club's stock, as the point discount rounds up too).
//
// Parsing goes through the decimal text, never through multiplication of a float, so 0.1 is exactly 100
// thousandths and 1e-7 or 0.0005 is refused rather than rounded.

export const MILLI_PER_UNIT = 1000;
export const CENTS_PER_NTD = 100;

/** The largest quantity accepted (a billion units): sums of many stay exact in a double. */
const MAX_MILLI = 1e12;
const MAX_CENTS = 1e13;

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d*))?$/;

/** A decimal number's text as an integer of 10^-digits units, or null if it has more decimals. */
function scaled(value: number | string, digits: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > digits) return null;
  const units = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' && units !== 0 ? -units : units;
}

/** A non-negative quantity with at most three decimals, in thousandths; null otherwise. */
export function parseQuantityMilli(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const milli = scaled(value, 3);
  return milli === null || milli < 0 || milli > MAX_MILLI ? null : milli;
}

/** A positive quantity with at most three decimals. */
export function parsePositiveQuantityMilli(value: unknown): number | null {
  const milli = parseQuantityMilli(value);
  return milli !== null && milli > 0 ? milli : null;
}

/** A positive whole quantity (the purchase wizard's items). */
export function parseWholeQuantityMilli(value: unknown): number | null {
  const milli = parsePositiveQuantityMilli(value);
  return milli !== null && milli % MILLI_PER_UNIT === 0 ? milli : null;
}

/** A non-negative amount of NTD with at most two decimals, in cents; null otherwise. */
export function parsePriceCents(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const cents = scaled(value, 2);
  return cents === null || cents < 0 || cents > MAX_CENTS ? null : cents;
}

/** A positive whole NTD amount, in cents. */
export function parseWholeNtdCents(value: unknown): number | null {
  const cents = parsePriceCents(value);
  return cents !== null && cents > 0 && cents % CENTS_PER_NTD === 0 ? cents : null;
}

/** A quantity as the API shows it: a number with at most three decimals. */
export const milliToNumber = (milli: number): number => milli / MILLI_PER_UNIT;

export const centsToNumber = (cents: number): number => cents / CENTS_PER_NTD;

/** The exact amount of `milli` thousandths at `unitCents` per unit, rounded up to whole NTD, in cents. */
export function lineAmountCents(milli: number, unitCents: number): number {
  if (!Number.isSafeInteger(milli) || milli < 0) throw new Error(`not a quantity: ${milli}`);
  if (!Number.isSafeInteger(unitCents) || unitCents < 0) throw new Error(`not a price: ${unitCents}`);
  // milli * unitCents / 1000 cents, rounded up to a multiple of 100 cents: BigInt keeps it exact.
  const numerator = BigInt(milli) * BigInt(unitCents);
  const perNtd = BigInt(MILLI_PER_UNIT * CENTS_PER_NTD);
  return Number(((numerator + perNtd - 1n) / perNtd) * BigInt(CENTS_PER_NTD));
}

/** The unit price of a purchase, in cents rounded to the nearest cent (for the log and the value). */
export function unitPriceCents(amountCents: number, milli: number): number {
  if (milli <= 0) return 0;
  return Math.round((amountCents * MILLI_PER_UNIT) / milli);
}

/** The value of `milli` at `unitCents` per unit, in cents rounded to the nearest cent. */
export const valueCents = (milli: number, unitCents: number): number =>
  Math.round((milli * unitCents) / MILLI_PER_UNIT);

/** 'YYYY/MM' with a real month (document 3: the expiry format); the month as 'YYYY/MM', or null. */
export function parseYearMonth(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})\/(\d{1,2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return `${match[1]}/${String(month).padStart(2, '0')}`;
}
