// Property tests of the estimators: a bigger frame, canvas or board never costs less and never uses less
// of any item; a size one estimator accepts stays accepted when it shrinks towards the minimum; quantities
// are whole thousandths and the list total is the sum of the rounded-up lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateBoard,
  estimateCanvas,
  estimateFrame,
  type EstimateResult,
  type ListPrices,
} from './estimators.ts';
import { lineAmountNtd } from './measure.ts';

// Prices with cents, as the stock allows (12.5 per 才).
const pricesArb: fc.Arbitrary<ListPrices> = fc.record({
  cardboard: fc.integer({ min: 1, max: 4000 }).map((cents) => cents / 100),
  foamBoard: fc.integer({ min: 1, max: 4000 }).map((cents) => cents / 100),
  acrylic: fc.integer({ min: 1, max: 30000 }).map((cents) => cents / 100),
  aluminiumFrame: fc.constant(1),
  woodFrame: fc.constant(1),
  canvasStretcher: fc.constant(1),
  canvas: fc.integer({ min: 1, max: 6000 }).map((cents) => cents / 100),
});

/** Two sizes in tenths of a unit, the second at least the first in both sides. */
const growingSizes = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min, max }),
      fc.integer({ min, max }),
      fc.integer({ min: 0, max: max - min }),
      fc.integer({ min: 0, max: max - min }),
    )
    .map(([w, h, dw, dh]) => ({
      small: { width: (w / 10).toFixed(1), height: (h / 10).toFixed(1) },
      big: {
        width: (Math.min(max, w + dw) / 10).toFixed(1),
        height: (Math.min(max, h + dh) / 10).toFixed(1),
      },
    }));

function expectNotCheaper(small: EstimateResult, big: EstimateResult): void {
  if (!small.ok || !big.ok) return;
  expect(big.listTotalNtd).toBeGreaterThanOrEqual(small.listTotalNtd);
  small.lines.forEach((line, index) => {
    expect(big.lines[index]!.stockPk).toBe(line.stockPk);
    expect(big.lines[index]!.quantityMilli).toBeGreaterThanOrEqual(line.quantityMilli);
  });
}

function expectConsistent(result: EstimateResult, prices: ListPrices): void {
  if (!result.ok) return;
  let total = 0;
  for (const line of result.lines) {
    expect(Number.isSafeInteger(line.quantityMilli) && line.quantityMilli > 0).toBe(true);
    total += lineAmountNtd(line.quantityMilli, prices[line.item]!);
  }
  expect(result.listTotalNtd).toBe(total);
}

describe('a bigger frame never costs less', () => {
  it('aluminium and wood frames, in cm and inches', () => {
    fc.assert(
      fc.property(
        growingSizes(150, 1100),
        fc.constantFrom('cm', 'inch'),
        fc.constantFrom(
          { kind: 'aluminium', colour: 'silver' } as const,
          { kind: 'wood', model: 'W15', colour: 'walnut' } as const,
          { kind: 'wood', model: 'W20', colour: 'white' } as const,
        ),
        pricesArb,
        ({ small, big }, unit, material, prices) => {
          const smaller = estimateFrame({ ...small, unit, material }, prices);
          const bigger = estimateFrame({ ...big, unit, material }, prices);
          expectNotCheaper(smaller, bigger);
          expectConsistent(bigger, prices);
          // Growing never turns a too-big frame into one that fits.
          if (!smaller.ok && smaller.reason === 'too_big')
            expect(bigger).toMatchObject({ reason: 'too_big' });
        },
      ),
    );
  });

  it('canvas frames with the same strip, both standard or both custom sizes', () => {
    fc.assert(
      fc.property(
        growingSizes(200, 1500),
        fc.constantFrom('thin', 'medium', 'thick'),
        pricesArb,
        ({ small, big }, strip, prices) => {
          const smaller = estimateCanvas({ ...small, unit: 'cm', strip }, prices);
          const bigger = estimateCanvas({ ...big, unit: 'cm', strip }, prices);
          expectConsistent(bigger, prices);
          if (smaller.ok && bigger.ok && smaller.details.standard === bigger.details.standard)
            expectNotCheaper(smaller, bigger);
          // A custom size never costs less than the same strips on a standard size it contains.
          if (smaller.ok && bigger.ok && smaller.details.standard === 'yes')
            expectNotCheaper(smaller, bigger);
        },
      ),
    );
  });

  it('cardboard, acrylic and foam board, capped or not', () => {
    fc.assert(
      fc.property(
        growingSizes(1, 1200),
        fc.constantFrom('cm', 'inch'),
        fc.constantFrom('cardboard', 'acrylic', 'foamBoard'),
        pricesArb,
        ({ small, big }, unit, board, prices) => {
          const smaller = estimateBoard({ ...small, unit, board }, prices);
          const bigger = estimateBoard({ ...big, unit, board }, prices);
          expectNotCheaper(smaller, bigger);
          expectConsistent(bigger, prices);
          if (bigger.ok && board === 'cardboard') expect(bigger.listTotalNtd).toBeLessThanOrEqual(140);
          if (bigger.ok && board === 'foamBoard') expect(bigger.listTotalNtd).toBeLessThanOrEqual(190);
        },
      ),
    );
  });
});
