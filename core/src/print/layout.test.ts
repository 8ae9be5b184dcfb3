import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Box, layoutPages, type PlacedPage } from './layout.ts';
import { defaultImpositionSettings, type ImpositionSettings, ROLL_WIDTHS_INCH } from './settings.ts';

const SLACK = 1e-6;

const settingsArbitrary = (book: boolean): fc.Arbitrary<ImpositionSettings> =>
  fc
    .record({
      method: fc.constantFrom('roll' as const, 'sheet' as const),
      rollWidthInch: fc.constantFrom(...ROLL_WIDTHS_INCH),
      sheetWidthMm: fc.integer({ min: 200, max: 1200 }),
      sheetHeightMm: fc.integer({ min: 150, max: 1200 }),
      pageWidthMm: fc.integer({ min: 30, max: 400 }),
      pageHeightMm: fc.integer({ min: 30, max: 400 }),
      pages: fc.integer({ min: 1, max: 60 }),
      pilePages: fc.boolean(),
      bleedMm: fc.integer({ min: 0, max: 50 }).map((tenths) => tenths / 10),
      cutGapMm: fc.integer({ min: 0, max: 100 }).map((tenths) => tenths / 10),
      signaturePages: fc.integer({ min: 1, max: 8 }).map((quarter) => quarter * 4),
    })
    .map((values) => ({
      ...defaultImpositionSettings(),
      ...values,
      pages: book ? values.pages * 4 : values.pages,
      doubleSided: book,
    }));

const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - SLACK &&
  inner.y >= outer.y - SLACK &&
  inner.x + inner.width <= outer.x + outer.width + SLACK &&
  inner.y + inner.height <= outer.y + outer.height + SLACK;

/** How far apart two boxes are (0 when they touch, negative when they overlap). */
const separation = (a: Box, c: Box): number =>
  Math.max(c.x - (a.x + a.width), a.x - (c.x + c.width), c.y - (a.y + a.height), a.y - (c.y + c.height));

const sideKey = (placed: PlacedPage) => `${placed.sheet}/${placed.side}`;

function checkCommon(settings: ImpositionSettings, placements: PlacedPage[], printable: Box) {
  // Every page exactly once.
  expect(placements.map((placed) => placed.page).sort((a, c) => a - c)).toEqual(
    Array.from({ length: settings.pages }, (_, index) => index),
  );
  const bySide = new Map<string, PlacedPage[]>();
  for (const placed of placements) {
    bySide.set(sideKey(placed), [...(bySide.get(sideKey(placed)) ?? []), placed]);
    expect(inside(placed.bleedBox, printable)).toBe(true);
    expect(inside(placed.box, placed.bleedBox)).toBe(true);
    expect(placed.box.width).toBe(settings.pageWidthMm);
    expect(placed.box.height).toBe(settings.pageHeightMm);
    // The bleed shows on every edge of the page except a spread's fold.
    expect(placed.box.y - placed.bleedBox.y).toBeCloseTo(settings.bleedMm, 9);
  }
  const tooClose: string[] = [];
  for (const onSide of bySide.values()) {
    for (const [index, a] of onSide.entries()) {
      for (const c of onSide.slice(index + 1)) {
        // Two halves of one spread touch at the fold; anything else is a cut gap apart.
        const needed = a.leaf !== null && a.leaf === c.leaf ? 0 : settings.cutGapMm;
        if (separation(a.bleedBox, c.bleedBox) < needed - SLACK) tooClose.push(`${a.page}/${c.page}`);
      }
    }
  }
  expect(tooClose).toEqual([]);
}

describe('layoutPages', () => {
  it('single-sided: every page once, inside the printable area, a cut gap apart', () => {
    fc.assert(
      fc.property(settingsArbitrary(false), (settings) => {
        const result = layoutPages(settings);
        fc.pre(result.ok);
        if (!result.ok) return;
        const { layout } = result;
        checkCommon(settings, layout.placements, layout.printable);
        expect(layout.placements.every((placed) => placed.side === 'front')).toBe(true);
        expect(layout.sheets).toBe(Math.ceil(settings.pages / layout.cellsPerSide));
      }),
      { numRuns: 300 },
    );
  });

  it('double-sided book mode: each back page exactly behind its front, folding gives reading order', () => {
    fc.assert(
      fc.property(settingsArbitrary(true), (settings) => {
        const result = layoutPages(settings);
        fc.pre(result.ok);
        if (!result.ok) return;
        const { layout } = result;
        checkCommon(settings, layout.placements, layout.printable);
        const byPage = new Map(layout.placements.map((placed) => [placed.page, placed]));
        for (const placed of layout.placements) {
          // Pages 2k and 2k+1 (0-based) are the two sides of one leaf: on one sheet, opposite sides,
          // the one mirrored across the sheet's vertical centre line onto the other.
          const other = byPage.get(placed.page % 2 === 0 ? placed.page + 1 : placed.page - 1);
          expect(other).toBeDefined();
          if (!other) return;
          expect(other.sheet).toBe(placed.sheet);
          expect(other.side).not.toBe(placed.side);
          expect(other.box.x).toBeCloseTo(layout.sheetWidthMm - placed.box.x - placed.box.width, 6);
          expect(other.box.y).toBeCloseTo(placed.box.y, 6);
        }
        // Folding: nest each signature's bifolia (outer first) and read right half of the front, left of
        // the back, ..., then back out through the other halves: pages come in reading order.
        for (let first = 0; first < settings.pages; first += settings.signaturePages) {
          const n = Math.min(settings.signaturePages, settings.pages - first);
          const inSignature = layout.placements.filter(
            (placed) => placed.page >= first && placed.page < first + n,
          );
          const leaves = [...new Set(inSignature.map((placed) => placed.leaf))];
          expect(leaves).toHaveLength(n / 4);
          const half = (leaf: number | null, side: 'front' | 'back', right: boolean) => {
            const spread = inSignature
              .filter((placed) => placed.leaf === leaf && placed.side === side)
              .sort((a, c) => a.box.x - c.box.x);
            expect(spread).toHaveLength(2);
            // The two halves of a spread touch at the fold.
            expect(spread[0]!.box.x + spread[0]!.box.width).toBeCloseTo(spread[1]!.box.x, 6);
            return spread[right ? 1 : 0]!.page;
          };
          // Outer leaf first: the leaf holding the signature's first page.
          const ordered = leaves.sort(
            (a, c) => Math.abs(half(a, 'front', true) - first) - Math.abs(half(c, 'front', true) - first),
          );
          const read: number[] = [];
          for (const leaf of ordered) read.push(half(leaf, 'front', true), half(leaf, 'back', false));
          for (const leaf of [...ordered].reverse())
            read.push(half(leaf, 'back', true), half(leaf, 'front', false));
          expect(read).toEqual(Array.from({ length: n }, (_, index) => first + index));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('roll 24 inch, A4 with 3 mm bleed and 4 mm gap: two columns, 3 mm roll margins', () => {
    const result = layoutPages({ ...defaultImpositionSettings(), pages: 8 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.layout.sheetWidthMm).toBeCloseTo(609.6, 6);
    // (609.6 − 6 + 4) / (216 + 4) = 2.76 → 2 columns, 4 rows in one segment.
    expect(result.layout.cellsPerSide).toBe(8);
    expect(result.layout.sheets).toBe(1);
    expect(result.layout.sheetHeightMm).toBeCloseTo(6 + 4 * 303 + 3 * 4, 6);
  });

  it('the default sheet 24 × 17 inch has a usable height of 17 inch − 27 mm', () => {
    const result = layoutPages({ ...defaultImpositionSettings(), method: 'sheet', pages: 5 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.layout.printable.height).toBeCloseTo(431.8 - 27, 6);
    // 404.8 mm usable: one row of 303 mm cells, two columns: 3 sheets for 5 pages.
    expect(result.layout.cellsPerSide).toBe(2);
    expect(result.layout.sheets).toBe(3);
  });

  it('refuses with the spec validation', () => {
    const base = defaultImpositionSettings();
    const problem = (changes: Partial<ImpositionSettings>) => {
      const result = layoutPages({ ...base, ...changes });
      return result.ok ? null : result.problem;
    };
    expect(problem({ pageWidthMm: 0 })).toBe('incomplete');
    expect(problem({ pages: 0 })).toBe('incomplete');
    expect(problem({ pages: 2.5 })).toBe('incomplete');
    expect(problem({ bleedMm: 105 })).toBe('bleed');
    expect(problem({ punchMarks: true, punchSpacingMm: 0.5 })).toBe('punch');
    expect(problem({ doubleSided: true, pages: 10 })).toBe('multipleof4');
    expect(problem({ pageWidthMm: 1200 })).toBe('toolarge');
    expect(problem({ method: 'sheet', pageHeightMm: 420 })).toBe('toolarge');
    expect(problem({ pageWidthMm: Number.NaN })).toBe('incomplete');
  });
});
