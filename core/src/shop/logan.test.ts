// Unit tests of LoganCalc's cuts with document 1's cutter constants: thin board (4p, 1.5 mm) straight
// −4.5, bevel 1, up shift −1.5, down shift 12; thick board (8p, 2.3 mm) straight −2.8, bevel 3, up −1.6,
// down 11; a left offset of 1.5 on each cut; default gaps −1.
import { describe, expect, it } from 'vitest';
import { LOGAN_DEFAULTS, loganCuts } from './logan.ts';

const values = {
  ...LOGAN_DEFAULTS,
  frameWidth: '300',
  frameHeight: '400',
  imageWidth: '200',
  imageHeight: '300',
};

describe('loganCuts', () => {
  it('centres the window (image less 1 mm each side) and sets the thin board cuts', () => {
    const result = loganCuts(values);
    expect(result).toMatchObject({ ok: true, windowWidthMm: 198, windowHeightMm: 298 });
    // Border 51: bevel 51 + 1 + 1.5, straight 51 − 4.5 + 1.5, start 51 − 1.5, stop 51 + 12.
    expect(result.ok && result.cuts[0]).toEqual({
      side: 'left',
      borderMm: 51,
      bevelMm: 53.5,
      straightMm: 48,
      startMm: 49.5,
      stopMm: 63,
    });
  });

  it('uses the thick board constants for 8p', () => {
    const result = loganCuts({ ...values, thickness: '8p' });
    expect(result.ok && result.cuts[0]).toMatchObject({
      bevelMm: 55.5,
      straightMm: 49.7,
      startMm: 49.4,
      stopMm: 62,
    });
  });

  it('moves the window with the shifts and the gaps', () => {
    const result = loganCuts({ ...values, shiftRight: '10', shiftDown: '-5', gapLeft: '0', gapRight: '0' });
    expect(result.ok && result.cuts.map((cut) => [cut.side, cut.borderMm])).toEqual([
      ['left', 60],
      ['right', 40],
      ['up', 46],
      ['down', 56],
    ]);
  });

  it('refuses values that are not numbers and an image bigger than the frame', () => {
    expect(loganCuts({ ...values, frameWidth: '' })).toEqual({ ok: false, reason: 'invalid' });
    expect(loganCuts({ ...values, gapUp: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(loganCuts({ ...values, imageWidth: '310' })).toEqual({ ok: false, reason: 'image_too_big' });
  });
});
