// The duo (two-sided) alignment constants (document 2, §9) and the test sheet's geometry we chose for them
// (docs/duo-print.md). Sheet frame: millimetres, x to the right, y down the sheet, seen from the front.

/** The reference bar printed on the front: its known length gives the photo's scale (document 2). */
export const REFERENCE_BAR_LENGTH_MM = 29;
/** The bar's thickness; its length-to-thickness ratio is how the analysis tells the bar from anything else. */
export const REFERENCE_BAR_THICKNESS_MM = 5;
/** A back side that lands this far out (y) or further cannot be corrected: 'paper placed too far out'. */
export const TOO_FAR_OUT_Y_MM = 8.96;
/** The round mark printed on the back, seen through the sheet against the light. */
export const MARK_DIAMETER_MM = 4;
/** Where the mark's centre sits relative to the bar's centre when the back lands exactly behind the front. */
export const NOMINAL_MARK_MM = { x: 0, y: 14 } as const;
/** The bars' centres sit this far in from the left and right edges, and this far down from the top edge. */
export const BAR_INSET_X_MM = 25;
export const BAR_INSET_Y_MM = 20;
/** Narrower pages cannot carry the test sheet's two bars with room between them ('toosmall'). */
export const MIN_SHEET_WIDTH_MM = 100;
/** The resolution of the test sheet and of the adjusted back-side image. */
export const DUO_DPI = 300;

export const MM_PER_INCH = 25.4;
export const pxFromMm = (mm: number, dpi = DUO_DPI): number => (mm * dpi) / MM_PER_INCH;
export const mmFromPx = (px: number, dpi = DUO_DPI): number => (px * MM_PER_INCH) / dpi;
