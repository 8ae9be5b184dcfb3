import fc from 'fast-check';
import { fraction } from 'mathjs';
import { describe, expect, it } from 'vitest';
import {
  type DiscountTerms,
  discountedPriceCents,
  extraDiscountColumns,
  hasPointDiscount,
} from './discount.ts';

// A 100 NTD item that costs 80 NTD at 100 points; a 12.5 NTD (per 才) item that costs 10 NTD at 50 points.
const wholeItem: DiscountTerms = {
  listPriceCents: 10_000,
  discountPriceCents: 8_000,
  discountPointsHundredths: 10_000,
};
const fractionalItem: DiscountTerms = {
  listPriceCents: 1_250,
  discountPriceCents: 1_000,
  discountPointsHundredths: 5_000,
};

describe('discountedPriceCents', () => {
  it.each([
    ['no points: list price', 0, 10_000],
    ['half the discount points: half the discount', 5_000, 9_000],
    ['33 points: 93.4 rounded up to 94', 3_300, 9_400],
    ['0.01 points: 99.998 rounded up to 100', 1, 10_000],
    ['exactly the discount points: discount price', 10_000, 8_000],
    ['beyond the discount points: still the discount price', 25_000, 8_000],
  ])('whole-number prices, %s', (_name, points, cents) => {
    expect(discountedPriceCents(wholeItem, points)).toBe(cents);
  });

  it.each([
    ['no points', 0, 1_250],
    ['10 points: 12.00', 1_000, 1_200],
    ['3 points: 12.35', 300, 1_235],
    ['0.33 points: 12.4835 rounded up to 12.49', 33, 1_249],
    ['50 points: 10.00', 5_000, 1_000],
  ])('fractional prices round up to the cent, %s', (_name, points, cents) => {
    expect(discountedPriceCents(fractionalItem, points)).toBe(cents);
  });

  it('an item without discount price or discount points has no discount', () => {
    const plain = { listPriceCents: 5_000, discountPriceCents: null, discountPointsHundredths: null };
    expect(hasPointDiscount(plain)).toBe(false);
    expect(discountedPriceCents(plain, 50_000)).toBe(5_000);
    expect(discountedPriceCents({ ...plain, discountPriceCents: 4_000 }, 50_000)).toBe(5_000);
    expect(discountedPriceCents({ ...plain, discountPointsHundredths: 100 }, 50_000)).toBe(5_000);
    expect(hasPointDiscount(wholeItem)).toBe(true);
  });

  it('an item whose discount needs no points gives the discount price to everyone', () => {
    expect(discountedPriceCents({ ...wholeItem, discountPointsHundredths: 0 }, 0)).toBe(8_000);
  });

  it('throws on inputs that break its invariants', () => {
    expect(() => discountedPriceCents({ ...wholeItem, discountPriceCents: 12_000 }, 0)).toThrow();
    expect(() => discountedPriceCents({ ...wholeItem, listPriceCents: 99.5 }, 0)).toThrow();
    expect(() => discountedPriceCents(wholeItem, -1)).toThrow();
    expect(() => discountedPriceCents(wholeItem, 0.5)).toThrow();
  });

  const termsArbitrary: fc.Arbitrary<DiscountTerms> = fc
    .record({
      whole: fc.boolean(),
      listPrice: fc.integer({ min: 0, max: 2_000_000 }),
      discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
      discountPointsHundredths: fc.oneof(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
      ),
    })
    .map(({ whole, listPrice, discountShare, discountPointsHundredths }) => {
      const listPriceCents = whole ? listPrice * 100 : listPrice;
      const discount = Math.floor((whole ? listPrice : listPriceCents) * discountShare);
      return {
        listPriceCents,
        discountPriceCents: whole ? discount * 100 : discount,
        discountPointsHundredths,
      };
    });
  const pointsArbitrary = fc.oneof(
    fc.integer({ min: 0, max: 60_000 }),
    fc.integer({ min: 0, max: 200_000_000 }),
  );

  it('stays between the discount and list prices and hits both ends exactly', () => {
    fc.assert(
      fc.property(termsArbitrary, pointsArbitrary, (terms, points) => {
        const discountPriceCents = terms.discountPriceCents!;
        const discountPoints = terms.discountPointsHundredths!;
        const price = discountedPriceCents(terms, points);
        expect(price).toBeLessThanOrEqual(terms.listPriceCents);
        expect(price).toBeGreaterThanOrEqual(discountPriceCents);
        expect(discountedPriceCents(terms, discountPoints + points)).toBe(discountPriceCents);
        if (discountPoints > 0) expect(discountedPriceCents(terms, 0)).toBe(terms.listPriceCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('never increases as points increase', () => {
    fc.assert(
      fc.property(termsArbitrary, pointsArbitrary, pointsArbitrary, (terms, first, second) => {
        const [fewer, more] = first <= second ? [first, second] : [second, first];
        expect(discountedPriceCents(terms, more)).toBeLessThanOrEqual(discountedPriceCents(terms, fewer));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the exact linear price rounded up to whole NTD (whole prices) or to the cent (mathjs fractions)', () => {
    fc.assert(
      fc.property(termsArbitrary, pointsArbitrary, (terms, points) => {
        const list = fraction(terms.listPriceCents, 100);
        const discount = fraction(terms.discountPriceCents!, 100);
        const fullPoints = terms.discountPointsHundredths!;
        const share = fullPoints === 0 ? fraction(1) : fraction(Math.min(points, fullPoints), fullPoints);
        const exactNtd = list.sub(list.sub(discount).mul(share));
        const whole = terms.listPriceCents % 100 === 0 && terms.discountPriceCents! % 100 === 0;
        const expectedCents = exactNtd.ceil(whole ? 0 : 2).mul(100);
        expect(discountedPriceCents(terms, points)).toBe(Number(expectedCents.valueOf()));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('extraDiscountColumns', () => {
  it.each([
    [0, [10_000]],
    [9_999, [10_000]],
    [10_000, [20_000]],
    [19_999, [20_000]],
    [20_000, []],
    [55_000, []],
  ])('a user with %i hundredths of a point sees columns %j', (points, columns) => {
    expect(extraDiscountColumns(points)).toEqual(columns);
  });
});
