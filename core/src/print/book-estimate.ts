// The book estimator (document 2, BookEstimate): how many pages of a photo book fit on a sheet of one of
// the seven papers (with the imposition layout function), how many sheets the book takes, and its price.
// Which paper has which size is not in the spec; the assignment is ours (docs/print.md): Z01 is the
// 24 × 17 inch sheet the imposition uses, Z02 the slightly larger sheet, Z03–Z07 the large 1092 × 787.
// Money is in cents (integers); a sheet's price is rounded up to the cent.
import { type Area, layoutOnArea } from './layout.ts';
import { defaultImpositionSettings } from './settings.ts';

export const BOOK_PAPERS = ['Z01', 'Z02', 'Z03', 'Z04', 'Z05', 'Z06', 'Z07'] as const;
export type BookPaper = (typeof BOOK_PAPERS)[number];

export const BOOK_PAPER_SIZES_MM: Record<BookPaper, { width: number; height: number }> = {
  Z01: { width: 610, height: 432 },
  Z02: { width: 640, height: 450 },
  Z03: { width: 1092, height: 787 },
  Z04: { width: 1092, height: 787 },
  Z05: { width: 1092, height: 787 },
  Z06: { width: 1092, height: 787 },
  Z07: { width: 1092, height: 787 },
};

/** A "square foot" is 300 × 300 mm. */
export const SQUARE_FOOT_MM2 = 300 * 300;
export const FRONT_CENTS_PER_SQUARE_FOOT = 50_00;
export const BACK_CENTS_PER_SQUARE_FOOT = 40_00;
/** A double-sided sheet never costs more than this: 225 for the first two papers, 680 for the others. */
export const doubleSidedCapCents = (paper: BookPaper): number =>
  paper === 'Z01' || paper === 'Z02' ? 225_00 : 680_00;

/** Margins in mm (top, bottom, left, right). */
export const BOOK_MARGINS_MM = {
  1: { top: 5, bottom: 32, left: 5, right: 5 },
  2: { top: 13, bottom: 26, left: 13, right: 13 },
} as const;

export interface BookEstimateInput {
  sides: 1 | 2;
  /** Facing pages printed as one spread (two pages side by side). */
  facing: boolean;
  paper: BookPaper | null;
  pageWidthMm: number;
  pageHeightMm: number;
  bleedMm: number;
  gapMm: number;
  pages: number;
}

/** The spec's validation: 'size' (width and height positive integers), 'bleed' and 'gap' (at least 0),
 * 'pages' (a multiple of sides × facing factor), 'paper' (one must be chosen), 'toolarge'. */
export type BookEstimateProblem = 'size' | 'bleed' | 'gap' | 'pages' | 'paper' | 'toolarge';

export interface BookEstimate {
  paper: BookPaper;
  /** Pages (book pages) on one printed sheet, both sides counted. */
  pagesPerSheet: number;
  /** Cells (pages or spreads) on one sheet side. */
  cellsPerSide: number;
  sheets: number;
  sheetCents: number;
  totalCents: number;
  /** The image size of one page at 300 dpi, in pixels (with bleed). */
  pixels: { width: number; height: number };
}

/** The factor pages must be a multiple of: sides × (2 for facing pages). */
export const pagesFactor = (input: Pick<BookEstimateInput, 'sides' | 'facing'>): number =>
  input.sides * (input.facing ? 2 : 1);

/** One sheet's price in cents: front at 50 per square foot, a back at 40 more, capped when double-sided. */
export function sheetCents(paper: BookPaper, sides: 1 | 2): number {
  const { width, height } = BOOK_PAPER_SIZES_MM[paper];
  const area = width * height;
  const front = Math.ceil((area * FRONT_CENTS_PER_SQUARE_FOOT) / SQUARE_FOOT_MM2);
  if (sides === 1) return front;
  const both = Math.ceil(
    (area * (FRONT_CENTS_PER_SQUARE_FOOT + BACK_CENTS_PER_SQUARE_FOOT)) / SQUARE_FOOT_MM2,
  );
  return Math.min(both, doubleSidedCapCents(paper));
}

export function estimateBook(
  input: BookEstimateInput,
): { ok: true; estimate: BookEstimate } | { ok: false; problem: BookEstimateProblem } {
  const positiveInteger = (value: number) => Number.isInteger(value) && value > 0;
  if (!positiveInteger(input.pageWidthMm) || !positiveInteger(input.pageHeightMm))
    return { ok: false, problem: 'size' };
  if (!(Number.isFinite(input.bleedMm) && input.bleedMm >= 0)) return { ok: false, problem: 'bleed' };
  if (!(Number.isFinite(input.gapMm) && input.gapMm >= 0)) return { ok: false, problem: 'gap' };
  if (!positiveInteger(input.pages) || input.pages % pagesFactor(input) !== 0)
    return { ok: false, problem: 'pages' };
  if (input.paper === null) return { ok: false, problem: 'paper' };
  const paper = input.paper;
  const size = BOOK_PAPER_SIZES_MM[paper];
  const margins = BOOK_MARGINS_MM[input.sides];
  // The sheet is used in whichever orientation holds more pages.
  const cellsFor = (width: number, height: number): number => {
    const area: Area = {
      width,
      height,
      printable: {
        x: margins.left,
        y: margins.top,
        width: width - margins.left - margins.right,
        height: height - margins.top - margins.bottom,
      },
    };
    const laid = layoutOnArea(
      {
        ...defaultImpositionSettings(),
        method: 'sheet',
        sheetWidthMm: width,
        sheetHeightMm: height,
        pageWidthMm: input.facing ? input.pageWidthMm * 2 : input.pageWidthMm,
        pageHeightMm: input.pageHeightMm,
        bleedMm: input.bleedMm,
        cutGapMm: input.gapMm,
        pages: 1,
        doubleSided: false,
      },
      area,
    );
    return laid.ok ? laid.layout.cellsPerSide : 0;
  };
  const cellsPerSide = Math.max(cellsFor(size.width, size.height), cellsFor(size.height, size.width));
  if (cellsPerSide === 0) return { ok: false, problem: 'toolarge' };
  const pagesPerSheet = cellsPerSide * input.sides * (input.facing ? 2 : 1);
  const sheets = Math.ceil(input.pages / pagesPerSheet);
  const perSheet = sheetCents(paper, input.sides);
  const pixel = (mm: number) => Math.round((mm / 25.4) * 300);
  return {
    ok: true,
    estimate: {
      paper,
      pagesPerSheet,
      cellsPerSide,
      sheets,
      sheetCents: perSheet,
      totalCents: sheets * perSheet,
      pixels: {
        width: pixel(input.pageWidthMm + 2 * input.bleedMm),
        height: pixel(input.pageHeightMm + 2 * input.bleedMm),
      },
    },
  };
}
