// The imposition layout as a pure function: where every page goes on which sheet side. The worker draws
// the PDFs from it and the book estimator counts pages per sheet with it. Coordinates are millimetres
// from the sheet's top-left corner; a page's box is its trim size, its bleed box adds the bleed around it
// (except at a spread's fold, where the two pages of a folded leaf touch).
//
// Single-sided: each page is a cell of page + 2 × bleed, cells a cut gap apart, in a grid centred across
// the printable width. Double-sided book mode: pages are grouped into signatures (default 16 pages) and
// each signature is saddle-stitched: its bifolia (4 pages each) are spreads of two pages side by side;
// a bifolium's outer spread is on the front, its inner spread on the back, exactly behind it (mirrored
// across the sheet's vertical centre line, so a long-edge flip brings them together).
import {
  checkSettings,
  type ImpositionSettings,
  MM_PER_INCH,
  ROLL_MARGIN_MM,
  ROLL_SEGMENT_MAX_MM,
  SHEET_HEIGHT_LOSS_MM,
  SHEET_SIDE_MARGIN_MM,
  SHEET_TOP_MARGIN_MM,
  type SettingsProblem,
} from './settings.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type SheetSide = 'front' | 'back';

export interface PlacedPage {
  /** The page's index in reading order (0-based). */
  page: number;
  sheet: number;
  side: SheetSide;
  /** The trim box. */
  box: Box;
  /** The area printed, the trim box plus bleed. */
  bleedBox: Box;
  /** In book mode, the bifolium the page belongs to (its two spreads); null single-sided. */
  leaf: number | null;
}

export interface Layout {
  sheetWidthMm: number;
  /** Every sheet (or roll segment) has this height. */
  sheetHeightMm: number;
  sheets: number;
  /** Where pages may be printed on each sheet side. */
  printable: Box;
  /** Cells (pages, or spreads in book mode) on one sheet side. */
  cellsPerSide: number;
  /** Pages on one full sheet side. */
  pagesPerSide: number;
  sides: 1 | 2;
  placements: PlacedPage[];
}

export type LayoutResult = { ok: true; layout: Layout } | { ok: false; problem: SettingsProblem };

/** Rounding guard: sizes are compared with this much slack. */
const EPSILON = 1e-6;

export interface Area {
  width: number;
  printable: Box;
  /** The sheet's height, or null for a roll (then the segment is as long as its rows need). */
  height: number | null;
}

function areaOf(settings: ImpositionSettings): Area {
  if (settings.method === 'roll') {
    const width = settings.rollWidthInch * MM_PER_INCH;
    return {
      width,
      height: null,
      printable: {
        x: ROLL_MARGIN_MM,
        y: ROLL_MARGIN_MM,
        width: width - 2 * ROLL_MARGIN_MM,
        height: ROLL_SEGMENT_MAX_MM - 2 * ROLL_MARGIN_MM,
      },
    };
  }
  return {
    width: settings.sheetWidthMm,
    height: settings.sheetHeightMm,
    printable: {
      x: SHEET_SIDE_MARGIN_MM,
      y: SHEET_TOP_MARGIN_MM,
      width: settings.sheetWidthMm - 2 * SHEET_SIDE_MARGIN_MM,
      height: settings.sheetHeightMm - SHEET_HEIGHT_LOSS_MM,
    },
  };
}

/** How many cells of `size` fit in `length` with `gap` between them. */
const fit = (length: number, size: number, gap: number): number =>
  Math.max(0, Math.floor((length + gap + EPSILON) / (size + gap)));

/** The pages of one bifolium `leaf` of a signature of `n` pages starting at `first` (saddle stitch). */
function bifolium(first: number, n: number, leaf: number) {
  return {
    front: { left: first + n - 1 - 2 * leaf, right: first + 2 * leaf },
    back: { left: first + 2 * leaf + 1, right: first + n - 2 - 2 * leaf },
  };
}

/** Lays out the settings' pages; a problem (the spec's validation) when they cannot be. */
export function layoutPages(settings: ImpositionSettings): LayoutResult {
  return layoutOnArea(settings, areaOf(settings));
}

/**
 * Lays the pages out on a sheet of the given size and printable area (the book estimator's papers and
 * margins); the printable area must be centred across the width for book mode's backs to line up.
 */
export function layoutOnArea(settings: ImpositionSettings, area: Area): LayoutResult {
  const problem = checkSettings(settings);
  if (problem) return { ok: false, problem };
  const { pageWidthMm: w, pageHeightMm: h, bleedMm: b, cutGapMm: gap, pages } = settings;
  const book = settings.doubleSided;
  if (!(area.printable.width > 0 && area.printable.height > 0)) return { ok: false, problem: 'incomplete' };
  const cellWidth = book ? 2 * w + 2 * b : w + 2 * b;
  const cellHeight = h + 2 * b;
  const columns = fit(area.printable.width, cellWidth, gap);
  const rowsMax = fit(area.printable.height, cellHeight, gap);
  if (columns < 1 || rowsMax < 1) return { ok: false, problem: 'toolarge' };

  const items = book ? pages / 4 : pages;
  const rows = area.height === null ? Math.min(rowsMax, Math.ceil(items / columns)) : rowsMax;
  const cellsPerSide = columns * rows;
  const sheets = Math.ceil(items / cellsPerSide);
  const sheetHeightMm = area.height ?? 2 * ROLL_MARGIN_MM + rows * cellHeight + Math.max(0, rows - 1) * gap;
  if (![cellsPerSide, sheets, sheetHeightMm].every(Number.isFinite) || sheets > 100_000)
    return { ok: false, problem: 'cannotcalculate' };

  // The grid is centred across the width, so a mirrored cell is a cell of the grid too.
  const gridWidth = columns * cellWidth + (columns - 1) * gap;
  const left = area.printable.x + (area.printable.width - gridWidth) / 2;
  const top = area.printable.y;
  const cellAt = (slot: number) => ({
    x: left + (slot % columns) * (cellWidth + gap),
    y: top + Math.floor(slot / columns) * (cellHeight + gap),
  });
  // Sequential: fill sheet 1, then 2. Cut and stack: item i on sheet i mod sheets, so each pile is in order.
  const where = (item: number) =>
    settings.pilePages
      ? { sheet: item % sheets, slot: Math.floor(item / sheets) }
      : { sheet: Math.floor(item / cellsPerSide), slot: item % cellsPerSide };

  const placements: PlacedPage[] = [];
  if (!book) {
    for (let page = 0; page < pages; page++) {
      const { sheet, slot } = where(page);
      const cell = cellAt(slot);
      placements.push({
        page,
        sheet,
        side: 'front',
        box: { x: cell.x + b, y: cell.y + b, width: w, height: h },
        bleedBox: { x: cell.x, y: cell.y, width: cellWidth, height: cellHeight },
        leaf: null,
      });
    }
  } else {
    let leafIndex = 0;
    for (let first = 0; first < pages; first += settings.signaturePages) {
      const n = Math.min(settings.signaturePages, pages - first);
      for (let leaf = 0; leaf < n / 4; leaf++, leafIndex++) {
        const { sheet, slot } = where(leafIndex);
        const front = cellAt(slot);
        const back = { x: area.width - front.x - cellWidth, y: front.y };
        const pagesOf = bifolium(first, n, leaf);
        for (const [side, cell, spread] of [
          ['front', front, pagesOf.front],
          ['back', back, pagesOf.back],
        ] as const) {
          placements.push(
            {
              page: spread.left,
              sheet,
              side,
              box: { x: cell.x + b, y: cell.y + b, width: w, height: h },
              bleedBox: { x: cell.x, y: cell.y, width: w + b, height: cellHeight },
              leaf: leafIndex,
            },
            {
              page: spread.right,
              sheet,
              side,
              box: { x: cell.x + b + w, y: cell.y + b, width: w, height: h },
              bleedBox: { x: cell.x + b + w, y: cell.y, width: w + b, height: cellHeight },
              leaf: leafIndex,
            },
          );
        }
      }
    }
  }
  return {
    ok: true,
    layout: {
      sheetWidthMm: area.width,
      sheetHeightMm,
      sheets,
      printable: {
        ...area.printable,
        height: area.height === null ? sheetHeightMm - 2 * ROLL_MARGIN_MM : area.printable.height,
      },
      cellsPerSide,
      pagesPerSide: book ? cellsPerSide * 2 : cellsPerSide,
      sides: book ? 2 : 1,
      placements,
    },
  };
}
