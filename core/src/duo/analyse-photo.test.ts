// The photo analysis on generated phone photos with known offsets (seeded, so every run sees the same
// photos): rotated, in slight perspective, blurred, noisy and unevenly lit.
import { describe, expect, it } from 'vitest';
import { analyseEdgePhoto } from './analyse-photo.ts';
import { TOO_FAR_OUT_Y_MM } from './constants.ts';
import { syntheticEdgePhoto } from './synthetic-photo.ts';

const cases = [
  { x: 0, y: 0, seed: 11 },
  { x: 1.5, y: -2.3, seed: 12 },
  { x: -3.2, y: 4.1, seed: 13 },
  { x: 6.4, y: 7.9, seed: 14 },
  { x: -7.1, y: -5.6, seed: 15 },
  { x: 2.25, y: 8.9, seed: 16 },
];

describe('analyseEdgePhoto', () => {
  it.each(cases)('recovers an offset of ($x, $y) mm within 0.2 mm (seed $seed)', async ({ x, y, seed }) => {
    const photo = await syntheticEdgePhoto({ offsetMm: { x, y }, seed });
    const analysis = await analyseEdgePhoto(photo.jpeg);
    expect(analysis.ok, JSON.stringify(analysis)).toBe(true);
    if (!analysis.ok) return;
    expect(Math.abs(analysis.offsetMm.x - x)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(analysis.offsetMm.y - y)).toBeLessThanOrEqual(0.2);
  });

  it('refuses a photo without the reference bar', async () => {
    const photo = await syntheticEdgePhoto({ offsetMm: { x: 1, y: 1 }, seed: 21, withBar: false });
    expect(await analyseEdgePhoto(photo.jpeg)).toEqual({ ok: false, reason: 'noReferenceBar' });
  });

  it('refuses a plain white photo', async () => {
    const photo = await syntheticEdgePhoto({ offsetMm: { x: 40, y: 40 }, seed: 22, withBar: false });
    expect((await analyseEdgePhoto(photo.jpeg)).ok).toBe(false);
  });

  it(`refuses a back side ${TOO_FAR_OUT_Y_MM} mm or further out: paper placed too far out`, async () => {
    const photo = await syntheticEdgePhoto({ offsetMm: { x: -1, y: 9.6 }, seed: 23 });
    const analysis = await analyseEdgePhoto(photo.jpeg);
    expect(analysis.ok).toBe(false);
    expect(analysis.ok ? null : analysis.reason).toBe('tooFarOut');
  });
});
