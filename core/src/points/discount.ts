// Point discounts (spec doc 1, section 9): an item's price falls linearly with the buyer's points, from
// its list price at 0 points to its discount price at the item's discount-point value, and stays at the
// discount price beyond it. Using a discount does not deduct points.
//
// Everything is integer: prices in cents, points in hundredths, and the division done once at the end
// with BigInt, so no rounding error can creep in between the two ends.

import { HUNDREDTHS_PER_POINT } from './scale.ts';

/** An item's price terms; without both discount fields the item has no point discount. */
export interface DiscountTerms {
  listPriceCents: number;
  /** The price at `discountPointsHundredths` points and above; not above the list price. */
  discountPriceCents: number | null;
  /** The points (hundredths) at which the full discount is reached (the spec's discountpoint). */
  discountPointsHundredths: number | null;
}

const CENTS_PER_NTD = 100n;

const assertNonNegativeInteger = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer: ${value}`);
};

/** True when the item has a point discount at all. */
export const hasPointDiscount = (terms: DiscountTerms): boolean =>
  terms.discountPriceCents !== null && terms.discountPointsHundredths !== null;

/**
 * The price for a buyer with `userPointsHundredths` points, in cents. Rounded up (never in the club's
 * disfavour): to whole NTD when both the list and the discount price are whole NTD (the usual case,
 * 'rounded up for whole-number prices'), otherwise to the cent (prices such as 12.5 per 才).
 * Items without a discount cost the list price whatever the points.
 */
export const discountedPriceCents = (terms: DiscountTerms, userPointsHundredths: number): number => {
  const { listPriceCents, discountPriceCents, discountPointsHundredths } = terms;
  assertNonNegativeInteger('listPriceCents', listPriceCents);
  assertNonNegativeInteger('userPointsHundredths', userPointsHundredths);
  // The stock form requires both or neither; an item missing either simply has no discount.
  if (discountPriceCents === null || discountPointsHundredths === null) return listPriceCents;
  assertNonNegativeInteger('discountPriceCents', discountPriceCents);
  assertNonNegativeInteger('discountPointsHundredths', discountPointsHundredths);
  if (discountPriceCents > listPriceCents) {
    throw new Error(`discount price ${discountPriceCents} must not exceed list price ${listPriceCents}`);
  }
  // No points needed for the full discount: every buyer gets it.
  if (discountPointsHundredths === 0 || userPointsHundredths >= discountPointsHundredths)
    return discountPriceCents;

  const list = BigInt(listPriceCents);
  const discount = BigInt(discountPriceCents);
  const fullPoints = BigInt(discountPointsHundredths);
  const points = BigInt(userPointsHundredths);
  // price = list - (list - discount) * points / fullPoints, kept as the fraction numerator / fullPoints.
  const numerator = list * fullPoints - (list - discount) * points;
  const unit = listPriceCents % 100 === 0 && discountPriceCents % 100 === 0 ? CENTS_PER_NTD : 1n;
  const denominator = fullPoints * unit;
  const roundedUpUnits = (numerator + denominator - 1n) / denominator;
  return Number(roundedUpUnits * unit);
};

/**
 * The extra discount columns of the price list, as point levels in hundredths: the price at 100 points
 * for a user under 100 points, at 200 points for a user with 100 to 199, none from 200 points on.
 * (The price list shows discount columns only to users who have points; that check is the caller's.)
 */
export const extraDiscountColumns = (userPointsHundredths: number): number[] => {
  assertNonNegativeInteger('userPointsHundredths', userPointsHundredths);
  const hundredPoints = 100 * HUNDREDTHS_PER_POINT;
  const twoHundredPoints = 200 * HUNDREDTHS_PER_POINT;
  if (userPointsHundredths < hundredPoints) return [hundredPoints];
  if (userPointsHundredths < twoHundredPoints) return [twoHundredPoints];
  return [];
};
