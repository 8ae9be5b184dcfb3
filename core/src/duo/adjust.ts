// From the two measured offsets to the adjusted back-side image (application 11). In the back's own
// coordinates (the sheet turns over its long edge, so x runs mirrored) the printer put content meant for u
// at s·u + b; the adjusted image places it at (u − b) / s instead, so the print lands where it should.
// The skew (the two y offsets differing) is reported, not corrected (docs/duo-print.md).
import sharp from 'sharp';
import { BAR_INSET_X_MM, DUO_DPI, MM_PER_INCH, NOMINAL_MARK_MM, pxFromMm } from './constants.ts';

/** Where the back's mark landed relative to where it should be, in mm of the sheet's front frame. */
export interface XyOffset {
  x: number;
  y: number;
}

export interface DuoOffsets {
  left: XyOffset;
  right: XyOffset;
}

export interface SizePx {
  width: number;
  height: number;
}

export interface BackAdjustment {
  /** The back came out this much wider than meant (1 = true to size). */
  stretch: number;
  /** How far the back's content moves inside the adjusted image, px (x in the back's own direction). */
  shiftPx: { x: number; y: number };
  /** The adjusted image's size, px. */
  finalSize: SizePx;
  /** The right mark's y minus the left's: a turned sheet, which the adjustment does not correct. */
  skewMm: number;
}

/** The adjustment for a back-side image of `image` px at `dpi` (the test sheet had the same page size). */
export function backAdjustment(offsets: DuoOffsets, image: SizePx, dpi = DUO_DPI): BackAdjustment {
  const sheetWidthMm = (image.width / dpi) * MM_PER_INCH;
  const spanMm = sheetWidthMm - 2 * BAR_INSET_X_MM;
  if (!(spanMm > 0)) throw new Error(`image too narrow for the test sheet: ${image.width} px at ${dpi} dpi`);
  const stretch = (spanMm + offsets.right.x - offsets.left.x) / spanMm;
  // The left mark is on the back's right-hand side: u = sheet width − its x on the front.
  const leftMarkU = sheetWidthMm - (BAR_INSET_X_MM + NOMINAL_MARK_MM.x);
  const landedAt = (1 - stretch) * leftMarkU - offsets.left.x;
  const shiftXMm = -landedAt / stretch;
  const shiftYMm = -(offsets.left.y + offsets.right.y) / 2;
  return {
    stretch,
    // `+ 0` turns a -0 into 0.
    shiftPx: { x: Math.round(pxFromMm(shiftXMm, dpi)) + 0, y: Math.round(pxFromMm(shiftYMm, dpi)) + 0 },
    finalSize: { width: Math.round(image.width / stretch), height: image.height },
    skewMm: Math.round((offsets.right.y - offsets.left.y) * 100) / 100,
  };
}

/**
 * The adjusted back-side image as PNG: resized by 1 / stretch, shifted, on white, of the final size. Pages
 * are taken at `dpi` (the print assistant's 300), not at the density a file claims: a JPEG says 72 by
 * default, which would make an A3 page a poster.
 */
export async function adjustBackImage(
  bytes: Buffer,
  offsets: DuoOffsets,
  dpi = DUO_DPI,
): Promise<{ png: Buffer; adjustment: BackAdjustment; dpi: number }> {
  const metadata = await sharp(bytes).metadata();
  if (!metadata.width || !metadata.height) throw new Error('the back-side image has no size');
  const adjustment = backAdjustment(offsets, { width: metadata.width, height: metadata.height }, dpi);
  const { width, height } = adjustment.finalSize;
  const resized = await sharp(bytes)
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill' })
    .png()
    .toBuffer();
  const { x, y } = adjustment.shiftPx;
  const keptWidth = width - Math.abs(x);
  const keptHeight = height - Math.abs(y);
  if (keptWidth <= 0 || keptHeight <= 0) throw new Error('the shift moves the whole image off the page');
  const png = await sharp(resized)
    .extract({ left: Math.max(0, -x), top: Math.max(0, -y), width: keptWidth, height: keptHeight })
    .extend({
      left: Math.max(0, x),
      right: Math.max(0, -x),
      top: Math.max(0, y),
      bottom: Math.max(0, -y),
      background: '#ffffff',
    })
    .png()
    .withMetadata({ density: dpi })
    .toBuffer();
  return { png, adjustment, dpi };
}
