// The adjusted back side: given the two measured offsets, content meant for a place on the back, printed
// through the misaligned printer, lands where it should; and the image has the final size.
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adjustBackImage, backAdjustment, type DuoOffsets } from './adjust.ts';
import { BAR_INSET_X_MM, mmFromPx, pxFromMm } from './constants.ts';

const a4 = { width: 2480, height: 3508 };
const zero = { x: 0, y: 0 };

/** Where the printer puts back content meant for front x (mm), given the offsets measured at the marks. */
function printed(offsets: DuoOffsets, frontX: number, sheetWidthMm: number): number {
  const left = BAR_INSET_X_MM;
  const right = sheetWidthMm - BAR_INSET_X_MM;
  const t = (frontX - left) / (right - left);
  return frontX + offsets.left.x + t * (offsets.right.x - offsets.left.x);
}

describe('backAdjustment', () => {
  it('changes nothing when the back lands exactly behind the front', () => {
    expect(backAdjustment({ left: zero, right: zero }, a4)).toEqual({
      stretch: 1,
      shiftPx: { x: 0, y: 0 },
      finalSize: a4,
      skewMm: 0,
    });
  });

  it('a back shifted 2 mm right (seen from the front) and 1 mm down moves its content back, mirrored in x', () => {
    const adjustment = backAdjustment({ left: { x: 2, y: 1 }, right: { x: 2, y: 1 } }, a4);
    expect(adjustment.stretch).toBe(1);
    expect(adjustment.shiftPx).toEqual({ x: Math.round(pxFromMm(2)), y: -Math.round(pxFromMm(1)) });
    expect(adjustment.finalSize).toEqual(a4);
  });

  it('a back that came out 1 mm wider between the marks gives a narrower final image', () => {
    const adjustment = backAdjustment({ left: { x: 0, y: 0 }, right: { x: 1, y: 0.4 } }, a4);
    const spanMm = mmFromPx(a4.width) - 2 * BAR_INSET_X_MM;
    expect(adjustment.stretch).toBeCloseTo((spanMm + 1) / spanMm, 9);
    expect(adjustment.finalSize.width).toBe(Math.round(a4.width / adjustment.stretch));
    expect(adjustment.finalSize.width).toBeLessThan(a4.width);
    expect(adjustment.skewMm).toBe(0.4);
  });

  it('content printed from the adjusted image lands where it was meant, within a pixel', () => {
    const offset = fc.double({ min: -8, max: 8, noNaN: true });
    fc.assert(
      fc.property(offset, offset, fc.double({ min: 0, max: 210, noNaN: true }), (left, right, frontX) => {
        const offsets = { left: { x: left, y: 0 }, right: { x: right, y: 0 } };
        const sheetWidthMm = mmFromPx(a4.width);
        const adjustment = backAdjustment(offsets, a4);
        // In the back's coordinates, content meant for u sits at u / stretch + shift in the adjusted image.
        const u = sheetWidthMm - frontX;
        const placedU = u / adjustment.stretch + mmFromPx(adjustment.shiftPx.x);
        // The printer then puts image position placedU at front x = printed(offsets, width − placedU).
        const landed = printed(offsets, sheetWidthMm - placedU, sheetWidthMm);
        expect(Math.abs(landed - frontX)).toBeLessThan(mmFromPx(1.01));
      }),
    );
  });
});

describe('adjustBackImage', () => {
  it('writes a PNG of the final size with a dot moved by the computed shift', async () => {
    const page = { width: 1240, height: 1754 }; // A4 at 150 dpi keeps the test quick
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="620" cy="400" r="20" fill="#000"/></svg>`;
    const back = await sharp(Buffer.from(svg)).png().withMetadata({ density: 150 }).toBuffer();
    const offsets = { left: { x: 3, y: 2 }, right: { x: 3, y: 2 } };
    const { png, adjustment, dpi } = await adjustBackImage(back, offsets, 150);
    expect(dpi).toBe(150);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual(adjustment.finalSize);
    let sx = 0;
    let sy = 0;
    let count = 0;
    for (let i = 0; i < data.length; i++) {
      if (data[i]! < 128) {
        sx += i % info.width;
        sy += Math.floor(i / info.width);
        count++;
      }
    }
    expect(sx / count + 0.5).toBeCloseTo(620 + pxFromMm(3, 150), 0);
    expect(sy / count + 0.5).toBeCloseTo(400 - pxFromMm(2, 150), 0);
  });
});
