import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOK_PAPERS,
  type BookEstimateInput,
  estimateBook,
  pagesFactor,
  sheetCents,
} from './book-estimate.ts';

const a4: BookEstimateInput = {
  sides: 1,
  facing: false,
  paper: 'Z01',
  pageWidthMm: 210,
  pageHeightMm: 297,
  bleedMm: 3,
  gapMm: 4,
  pages: 10,
};

describe('sheetCents (price per square foot of 300 × 300 mm)', () => {
  it('single-sided: 50 per square foot', () => {
    // 610 × 432 mm = 2.928 square feet × 50 = 146.40.
    expect(sheetCents('Z01', 1)).toBe(146_40);
    // 640 × 450 mm = 3.2 square feet × 50 = 160.
    expect(sheetCents('Z02', 1)).toBe(160_00);
    // 1092 × 787 mm = 9.5489 square feet × 50 = 477.44(7), rounded up to the cent.
    expect(sheetCents('Z03', 1)).toBe(477_45);
  });

  it('double-sided: front 50 plus back 40, capped at 225 for the first two papers and 680 for the others', () => {
    expect(sheetCents('Z01', 2)).toBe(225_00);
    expect(sheetCents('Z02', 2)).toBe(225_00);
    for (const paper of ['Z03', 'Z04', 'Z05', 'Z06', 'Z07'] as const)
      expect(sheetCents(paper, 2)).toBe(680_00);
  });
});

describe('estimateBook', () => {
  it('A4 with 3 mm bleed on Z01 single-sided: two pages a sheet inside the 5/32/5 mm margins', () => {
    const result = estimateBook(a4);
    expect(result).toEqual({
      ok: true,
      estimate: {
        paper: 'Z01',
        pagesPerSheet: 2,
        cellsPerSide: 2,
        sheets: 5,
        sheetCents: 146_40,
        totalCents: 732_00,
        pixels: { width: 2551, height: 3579 },
      },
    });
  });

  it('double-sided facing pages on a large paper use the 13/26/13/13 mm margins', () => {
    const result = estimateBook({ ...a4, sides: 2, facing: true, paper: 'Z03', pages: 40 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Spreads of 426 × 303 mm in 1066 × 748 mm (or 761 × 1053 mm turned): 2 × 2 = 4 spreads a side.
    expect(result.estimate.cellsPerSide).toBe(4);
    expect(result.estimate.pagesPerSheet).toBe(16);
    expect(result.estimate.sheets).toBe(3);
    expect(result.estimate.totalCents).toBe(3 * 680_00);
  });

  it('refuses with the spec validation', () => {
    const problem = (changes: Partial<BookEstimateInput>) => {
      const result = estimateBook({ ...a4, ...changes });
      return result.ok ? null : result.problem;
    };
    expect(problem({ pageWidthMm: 0 })).toBe('size');
    expect(problem({ pageHeightMm: 20.5 })).toBe('size');
    expect(problem({ bleedMm: -1 })).toBe('bleed');
    expect(problem({ gapMm: -0.5 })).toBe('gap');
    expect(problem({ sides: 2, pages: 9 })).toBe('pages');
    expect(problem({ sides: 2, facing: true, pages: 10 })).toBe('pages');
    expect(problem({ paper: null })).toBe('paper');
    expect(problem({ pageWidthMm: 2000 })).toBe('toolarge');
  });

  it('more pages never cost less', () => {
    fc.assert(
      fc.property(
        fc.record({
          sides: fc.constantFrom(1 as const, 2 as const),
          facing: fc.boolean(),
          paper: fc.constantFrom(...BOOK_PAPERS),
          pageWidthMm: fc.integer({ min: 20, max: 600 }),
          pageHeightMm: fc.integer({ min: 20, max: 600 }),
          bleedMm: fc.integer({ min: 0, max: 10 }),
          gapMm: fc.integer({ min: 0, max: 10 }),
        }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (book, a, c) => {
          const factor = pagesFactor(book);
          const [fewer, more] = [Math.min(a, c) * factor, Math.max(a, c) * factor];
          const small = estimateBook({ ...book, pages: fewer });
          const large = estimateBook({ ...book, pages: more });
          expect(small.ok).toBe(large.ok);
          if (small.ok && large.ok)
            expect(large.estimate.totalCents).toBeGreaterThanOrEqual(small.estimate.totalCents);
        },
      ),
      { numRuns: 300 },
    );
  });
});
