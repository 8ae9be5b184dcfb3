// Exact arithmetic for the estimators: lengths typed by a person are read as mathjs fractions (never
// floats), converted to millimetres, and quantities leave as integer thousandths, the stock's unit
// (docs/stock.md: quantities in thousandths).
import { type Fraction, fraction } from '../../exact.ts';
import { CAI_AREA_MM2, MM_PER_INCH } from './config.ts';

export type LengthUnit = 'inch' | 'cm';

/** A positive decimal as a person types it ('16', '40.5', '.5'); anything else is null. */
export function parsePositiveDecimal(text: string | number): Fraction | null {
  const trimmed = String(text).trim();
  if (!/^(\d{1,6}(\.\d{0,4})?|\.\d{1,4})$/.test(trimmed)) return null;
  const value = fraction(trimmed.startsWith('.') ? `0${trimmed}` : trimmed.replace(/\.$/, ''));
  return value.compare(0) > 0 ? value : null;
}

export const toMm = (length: Fraction, unit: LengthUnit): Fraction =>
  unit === 'cm' ? length.mul(10) : length.mul(fraction(MM_PER_INCH));

export const inchToMm = (inches: number | Fraction): Fraction => fraction(inches).mul(fraction(MM_PER_INCH));

/** An area in mm² as 才, rounded up to the thousandth (the stock's quantity unit). */
export const caiMilliOf = (areaMm2: Fraction): number =>
  Number(areaMm2.div(fraction(CAI_AREA_MM2)).mul(1000).ceil().valueOf());

/** Whole NTD, rounded up. */
export const ceilNtd = (amount: Fraction): number => Number(amount.ceil().valueOf());

/** The two sides ordered (short, long). */
export const ordered = (a: Fraction, b: Fraction): [Fraction, Fraction] =>
  a.compare(b) <= 0 ? [a, b] : [b, a];

/**
 * A line's amount at a unit price: quantity × price rounded up to whole NTD, as the counter sale charges
 * it (docs/stock.md: a line's amount). Prices may have cents (12.5 per 才).
 */
export const lineAmountNtd = (quantityMilli: number, unitPriceNtd: number): number =>
  ceilNtd(
    fraction(quantityMilli)
      .div(1000)
      .mul(fraction(String(unitPriceNtd))),
  );
