// The group-buy unit price (document 2, section 9), written once with exact mathjs fractions and returned
// step by step so the order modal's estimate shows each factor:
//   unit price NTD = ceil(rate × max(price + 4.15 × weight lb, 1.045 × price) × 1.015 × category × 1.04)
// The category factor is 1.1 for paper and print goods (paper, print, canson, hahne, itoya in the title),
// 1.05 for film, otherwise 1.07. The deposit is 10% of an order's total, rounded up; the rest is billed
// at closing.
import { type Fraction, fraction } from '../exact.ts';

/** Shipping per pound of package weight, in the group buy's currency. */
export const SHIPPING_PER_LB = '4.15';
/** The minimum markup on the list price when shipping is cheaper than it. */
export const MINIMUM_MARKUP = '1.045';
/** Card and transfer fees. */
export const FEE_FACTOR = '1.015';
/** Tax and handling. */
export const HANDLING_FACTOR = '1.04';

const PAPER_WORDS = ['paper', 'print', 'canson', 'hahne', 'itoya'];

export type PriceCategory = 'paper' | 'film' | 'other';

export const CATEGORY_FACTORS: Record<PriceCategory, string> = { paper: '1.1', film: '1.05', other: '1.07' };

/** The category of a product by its title; paper words win over film ('film paper' is paper). */
export function categoryOf(title: string): PriceCategory {
  const lower = title.toLowerCase();
  if (PAPER_WORDS.some((word) => lower.includes(word))) return 'paper';
  if (lower.includes('film')) return 'film';
  return 'other';
}

export interface PriceStep {
  /** What the step is: shown in the estimate. */
  step: 'shipping' | 'markup' | 'landed' | 'exchanged' | 'fees' | 'category' | 'handling' | 'unitprice';
  /** The exact value after this step, as a decimal string to 4 places (the unit price: whole NTD). */
  value: string;
}

export interface UnitPrice {
  unitPriceNtd: number;
  category: PriceCategory;
  categoryFactor: string;
  steps: PriceStep[];
}

const show = (value: Fraction): string => {
  const text = value.toString();
  // Fractions print repeating decimals as 0.(3); four decimals are enough to follow the estimate.
  return text.includes('(') ? Number(value.valueOf()).toFixed(4) : text;
};

/** Reads a decimal given as text or number exactly (0.1 stays 1/10). */
export const exact = (value: string | number): Fraction => fraction(String(value));

/**
 * The unit price in whole NTD for a list price and package weight in the group buy's currency and the
 * exchange rate (NTD per unit of that currency). Inputs must be positive (validated before).
 */
export function unitPrice(input: {
  price: string | number;
  weightLb: string | number;
  rate: string | number;
  title: string;
}): UnitPrice {
  const price = exact(input.price);
  const weight = exact(input.weightLb);
  const rate = exact(input.rate);
  const shipping = price.add(exact(SHIPPING_PER_LB).mul(weight));
  const markup = price.mul(exact(MINIMUM_MARKUP));
  const landed = shipping.compare(markup) >= 0 ? shipping : markup;
  const exchanged = landed.mul(rate);
  const fees = exchanged.mul(exact(FEE_FACTOR));
  const category = categoryOf(input.title);
  const categoryFactor = CATEGORY_FACTORS[category];
  const categorised = fees.mul(exact(categoryFactor));
  const handled = categorised.mul(exact(HANDLING_FACTOR));
  const unitPriceNtd = Number(handled.ceil().valueOf());
  return {
    unitPriceNtd,
    category,
    categoryFactor,
    steps: [
      { step: 'shipping', value: show(shipping) },
      { step: 'markup', value: show(markup) },
      { step: 'landed', value: show(landed) },
      { step: 'exchanged', value: show(exchanged) },
      { step: 'fees', value: show(fees) },
      { step: 'category', value: show(categorised) },
      { step: 'handling', value: show(handled) },
      { step: 'unitprice', value: String(unitPriceNtd) },
    ],
  };
}

/** The deposit held at ordering: 10% of the order's total, rounded up to whole NTD. */
export const depositNtd = (totalNtd: number): number => Number(fraction(totalNtd).div(10).ceil().valueOf());

/** An order's split: deposit at ordering (none for administrators) and the remainder billed at closing. */
export function orderSplit(
  totalNtd: number,
  isAdministrator: boolean,
): { depositNtd: number; remainderNtd: number } {
  const deposit = isAdministrator ? 0 : depositNtd(totalNtd);
  return { depositNtd: deposit, remainderNtd: totalNtd - deposit };
}
