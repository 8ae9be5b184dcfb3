// Exact fractions for the club's money and measuring rules. This is mathjs's own Fraction type
// (fraction.js, which mathjs's `fraction` wraps), imported directly: importing mathjs builds every one of
// its hundreds of functions at load, seconds of every start of the portal, a CLI or a worker.
import { Fraction } from 'fraction.js';

export type { Fraction };

/** As mathjs's `fraction`: a number must be finite; a string is read exactly ('0.1' is 1/10). */
export function fraction(value: number | string | Fraction): Fraction {
  if (value instanceof Fraction) return value;
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new Error(`${value} cannot be represented as a fraction`);
  return new Fraction(value);
}
