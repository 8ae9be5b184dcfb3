// Points are kept as integers in hundredths of a point (1 point = 100) so sums are exact. The API gets
// and shows decimals (`applypoint: 1.5`); these helpers convert at that edge and nowhere else.

import { z } from 'zod';
import { HUNDREDTHS_PER_POINT } from './scale.ts';

export { HUNDREDTHS_PER_POINT };

/**
 * The most a recipient may get for one work date (and so in one request): 10 points, in hundredths.
 * The spec's message is 'daily limit 10 points, split multi-day activities'.
 */
export const DAILY_LIMIT_HUNDREDTHS = 10 * HUNDREDTHS_PER_POINT;

// A plain decimal: optional minus, digits, at most two decimals. No exponent, no thousands separators.
const decimalPattern = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Converts a decimal number of points (a JSON number or a string such as '1.5') to hundredths. Returns
 * null when the value is not a finite decimal with at most two decimals, or is too large to be exact.
 * The sign is kept; whether a value must be positive is the decider's rule, not the parser's.
 */
export const pointsToHundredths = (value: number | string): number | null => {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that round-trips, so 1.5 -> '1.5' and 0.1 + 0.2 -> '0.30000000000000004'.
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const hundredths = Number(whole) * HUNDREDTHS_PER_POINT + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(hundredths)) return null;
  return sign === '-' && hundredths !== 0 ? -hundredths : hundredths;
};

/** Converts hundredths to the decimal the API sends (150 -> 1.5). Exact for every safe integer input. */
export const hundredthsToPoints = (hundredths: number): number => {
  if (!Number.isSafeInteger(hundredths)) throw new Error(`points must be integer hundredths: ${hundredths}`);
  // Division by 100 of an integer yields the nearest double to the two-decimal value, which is what
  // JSON.stringify prints back as that decimal.
  return hundredths / HUNDREDTHS_PER_POINT;
};

/**
 * Zod schema for an incoming `applypoint`: a number or numeric string with at most two decimals,
 * transformed to integer hundredths. Signs and zero pass here so the decider can answer `format`.
 */
export const applyPointHundredthsSchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const hundredths = pointsToHundredths(value);
  if (hundredths === null) {
    context.addIssue({ code: 'custom', message: 'points must be a decimal with at most two decimals' });
    return z.NEVER;
  }
  return hundredths;
});
