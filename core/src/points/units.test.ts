import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPointHundredthsSchema, hundredthsToPoints, pointsToHundredths } from './units.ts';

describe('pointsToHundredths', () => {
  it.each([
    [1.5, 150],
    ['1.5', 150],
    ['2', 200],
    [' 0.25 ', 25],
    [10, 1000],
    [0.01, 1],
    ['-1.5', -150],
    ['-0', 0],
    [0, 0],
  ] as const)('%j is %i hundredths', (value, hundredths) => {
    expect(pointsToHundredths(value)).toBe(hundredths);
  });

  it.each([
    ['more than two decimals', '1.234'],
    ['a float sum with a long tail', 0.1 + 0.2],
    ['a number with three decimals', 1.005],
    ['not a number', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['exponent notation', '1e2'],
    ['a tiny number printed with an exponent', 1e-7],
    ['a number too large to be exact', 1e21],
    ['an empty string', ''],
    ['a leading point', '.5'],
    ['a trailing point', '1.'],
    ['words', 'ten'],
    ['a thousands separator', '1,000'],
  ] as const)('refuses %s', (_name, value) => {
    expect(pointsToHundredths(value)).toBeNull();
  });

  it('round-trips every integer number of hundredths through the decimal and its JSON text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (hundredths) => {
        const points = hundredthsToPoints(hundredths);
        expect(pointsToHundredths(points)).toBe(hundredths);
        expect(pointsToHundredths(JSON.stringify(points))).toBe(hundredths);
      }),
      { numRuns: 2000 },
    );
  });

  it('hundredthsToPoints refuses a value that is not integer hundredths', () => {
    expect(() => hundredthsToPoints(1.5)).toThrow();
  });
});

describe('applyPointHundredthsSchema', () => {
  it('turns the applypoint decimal into hundredths', () => {
    expect(applyPointHundredthsSchema.parse(2.5)).toBe(250);
    expect(applyPointHundredthsSchema.parse('0.75')).toBe(75);
  });

  it('fails on more than two decimals or a non-number', () => {
    expect(applyPointHundredthsSchema.safeParse(1.234).success).toBe(false);
    expect(applyPointHundredthsSchema.safeParse('abc').success).toBe(false);
    expect(applyPointHundredthsSchema.safeParse(null).success).toBe(false);
  });
});
