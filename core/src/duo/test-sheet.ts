// The duo test sheet: the front carries a 29 mm reference bar near the top-left and top-right corners; the
// back carries a round mark behind each bar (at the nominal distance below it). Printed two-sided and held
// against the light, each mark shows how far the back landed from where it should be (docs/duo-print.md).
import {
  BAR_INSET_X_MM,
  BAR_INSET_Y_MM,
  DUO_DPI,
  MARK_DIAMETER_MM,
  NOMINAL_MARK_MM,
  pxFromMm,
  REFERENCE_BAR_LENGTH_MM,
  REFERENCE_BAR_THICKNESS_MM,
} from './constants.ts';

export interface SheetSizeMm {
  widthMm: number;
  heightMm: number;
}

/** The centres of the left and right bars on the front (sheet frame, mm). */
export function barCentresMm(sheet: SheetSizeMm): { left: Point; right: Point } {
  return {
    left: { x: BAR_INSET_X_MM, y: BAR_INSET_Y_MM },
    right: { x: sheet.widthMm - BAR_INSET_X_MM, y: BAR_INSET_Y_MM },
  };
}

/** The distance between the two marks, which turns their x offsets into the back side's stretch. */
export const markSpanMm = (sheet: SheetSizeMm): number => sheet.widthMm - 2 * BAR_INSET_X_MM;

export interface Point {
  x: number;
  y: number;
}

function svgPage(sheet: SheetSizeMm, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${sheet.widthMm}mm" height="${sheet.heightMm}mm" viewBox="0 0 ${sheet.widthMm} ${sheet.heightMm}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`;
}

/** The front page as SVG: the two reference bars, each labelled with its side. */
export function frontSvg(sheet: SheetSizeMm): string {
  const { left, right } = barCentresMm(sheet);
  const bar = (centre: Point, label: string) =>
    `<rect x="${centre.x - REFERENCE_BAR_LENGTH_MM / 2}" y="${centre.y - REFERENCE_BAR_THICKNESS_MM / 2}" width="${REFERENCE_BAR_LENGTH_MM}" height="${REFERENCE_BAR_THICKNESS_MM}" fill="#000"/>` +
    `<text x="${centre.x}" y="${centre.y - 6}" font-size="4" text-anchor="middle" font-family="sans-serif">${label} 29 mm</text>`;
  return svgPage(sheet, bar(left, 'L') + bar(right, 'R'));
}

/** The back page as SVG: a mark behind each bar; the sheet turns over its long edge, so x is mirrored. */
export function backSvg(sheet: SheetSizeMm): string {
  const { left, right } = barCentresMm(sheet);
  const mark = (front: Point) =>
    `<circle cx="${sheet.widthMm - (front.x + NOMINAL_MARK_MM.x)}" cy="${front.y + NOMINAL_MARK_MM.y}" r="${MARK_DIAMETER_MM / 2}" fill="#000"/>`;
  return svgPage(sheet, mark(left) + mark(right));
}

/** Front and back of the test sheet as PNG pages at `dpi` (300 by default). */
export async function renderTestSheet(
  sheet: SheetSizeMm,
  dpi = DUO_DPI,
): Promise<{ front: Buffer; back: Buffer }> {
  // Loaded at the first test sheet: a start of the portal does not need sharp (docs/performance.md).
  const { default: sharp } = await import('sharp');
  const render = (svg: string) =>
    sharp(Buffer.from(svg), { density: dpi })
      .resize(Math.round(pxFromMm(sheet.widthMm, dpi)), Math.round(pxFromMm(sheet.heightMm, dpi)), {
        fit: 'fill',
      })
      .flatten({ background: '#ffffff' })
      .png()
      .withMetadata({ density: dpi })
      .toBuffer();
  const [front, back] = await Promise.all([render(frontSvg(sheet)), render(backSvg(sheet))]);
  return { front, back };
}
