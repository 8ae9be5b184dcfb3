// Imposition settings of a print project (document 2: method, paper sizes, page size, pages, pile pages,
// bleed, cut gap, marks and further options) and the spec's constants. Lengths are millimetres.
import { z } from 'zod';

export const MM_PER_INCH = 25.4;
/** Roll widths the club's printer takes, in inches. */
export const ROLL_WIDTHS_INCH = [12, 24, 36, 44] as const;
/** Margin kept on each side of the roll's width (and at each end of a roll segment). */
export const ROLL_MARGIN_MM = 3;
/** The default sheet, 24 × 17 inch (paper Z01 only). */
export const DEFAULT_SHEET_MM = { width: 24 * MM_PER_INCH, height: 17 * MM_PER_INCH } as const;
/** The sheet's usable height is its height minus this (3 mm at the top, 24 mm at the trailing edge). */
export const SHEET_HEIGHT_LOSS_MM = 27;
export const SHEET_TOP_MARGIN_MM = 3;
/** The sheet's side margins (as on the roll). */
export const SHEET_SIDE_MARGIN_MM = 3;
export const DEFAULT_SIGNATURE_PAGES = 16;
export const DEFAULT_PUNCH_SPACING_MM = 10;
/** A roll segment is cut after at most this length (PDF viewers refuse pages beyond 200 inch). */
export const ROLL_SEGMENT_MAX_MM = 5000;
/** Images are placed at this resolution. */
export const PRINT_DPI = 300;

export const IMPOSITION_METHODS = ['roll', 'sheet'] as const;
export type ImpositionMethod = (typeof IMPOSITION_METHODS)[number];

export const impositionSettingsSchema = z.object({
  method: z.enum(IMPOSITION_METHODS),
  rollWidthInch: z.union(ROLL_WIDTHS_INCH.map((width) => z.literal(width))),
  sheetWidthMm: z.number(),
  sheetHeightMm: z.number(),
  pageWidthMm: z.number(),
  pageHeightMm: z.number(),
  /** Pages of a demo imposition (with files, the number of selected files). */
  pages: z.number(),
  /** Cut and stack: page i goes to sheet i mod sheets, so the cut piles come out in order. */
  pilePages: z.boolean(),
  bleedMm: z.number(),
  cutGapMm: z.number(),
  cropMarks: z.boolean(),
  punchMarks: z.boolean(),
  punchSpacingMm: z.number(),
  /** Double-sided book mode: folded signatures, printed on both sides. */
  doubleSided: z.boolean(),
  signaturePages: z.number(),
});
export type ImpositionSettings = z.infer<typeof impositionSettingsSchema>;

export const defaultImpositionSettings = (): ImpositionSettings => ({
  method: 'roll',
  rollWidthInch: 24,
  sheetWidthMm: DEFAULT_SHEET_MM.width,
  sheetHeightMm: DEFAULT_SHEET_MM.height,
  pageWidthMm: 210,
  pageHeightMm: 297,
  pages: 8,
  pilePages: false,
  bleedMm: 3,
  cutGapMm: 4,
  cropMarks: true,
  punchMarks: false,
  punchSpacingMm: DEFAULT_PUNCH_SPACING_MM,
  doubleSided: false,
  signaturePages: DEFAULT_SIGNATURE_PAGES,
});

/**
 * Why settings cannot be laid out: the spec's 'data incomplete' ('incomplete'), page width and height
 * greater than twice the bleed ('bleed'), punch distance at least 1 ('punch'), a page count not a multiple
 * of 4 in book mode ('multipleof4'), 'page too large to print' ('toolarge') and 'Data problem, cannot
 * calculate' ('cannotcalculate').
 */
export type SettingsProblem =
  | 'incomplete'
  | 'bleed'
  | 'punch'
  | 'multipleof4'
  | 'signature'
  | 'toolarge'
  | 'cannotcalculate';

const positive = (value: number): boolean => Number.isFinite(value) && value > 0;
const nonNegative = (value: number): boolean => Number.isFinite(value) && value >= 0;

/** The first problem of the settings' values (not of the layout), or null. */
export function checkSettings(settings: ImpositionSettings): SettingsProblem | null {
  const sizes = [settings.pageWidthMm, settings.pageHeightMm];
  if (settings.method === 'sheet') sizes.push(settings.sheetWidthMm, settings.sheetHeightMm);
  if (!sizes.every(positive)) return 'incomplete';
  if (!Number.isInteger(settings.pages) || settings.pages < 1) return 'incomplete';
  if (!nonNegative(settings.bleedMm) || !nonNegative(settings.cutGapMm)) return 'incomplete';
  if (settings.pageWidthMm <= 2 * settings.bleedMm || settings.pageHeightMm <= 2 * settings.bleedMm)
    return 'bleed';
  if (settings.punchMarks && !(Number.isFinite(settings.punchSpacingMm) && settings.punchSpacingMm >= 1))
    return 'punch';
  if (settings.doubleSided) {
    if (settings.pages % 4 !== 0) return 'multipleof4';
    if (
      !Number.isInteger(settings.signaturePages) ||
      settings.signaturePages < 4 ||
      settings.signaturePages % 4 !== 0
    )
      return 'signature';
  }
  return null;
}
