import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareArt } from './imposition.ts';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();

describe('prepareArt (images at 300 dpi)', () => {
  it('places an image that fits its box at 300 dpi as uploaded, byte for byte', async () => {
    const bytes = await jpeg(600, 800);
    // 64 × 84 mm is 756 × 992 px at 300 dpi.
    const art = await prepareArt(bytes, 'image/jpeg', 64, 84);
    expect(art.kind).toBe('jpg');
    expect(Buffer.from(art.bytes).equals(bytes)).toBe(true);
  });

  it('scales a larger image down to 300 dpi once, keeping its proportions', async () => {
    const art = await prepareArt(await jpeg(3000, 4000), 'image/jpeg', 64, 84);
    const meta = await sharp(Buffer.from(art.bytes)).metadata();
    // min(756 / 3000, 992 / 4000) = 0.248: 744 × 992 px.
    expect([meta.width, meta.height]).toEqual([744, 992]);
  });

  it('converts a TIFF losslessly to PNG without resizing it', async () => {
    const tiff = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
      .tiff()
      .toBuffer();
    const art = await prepareArt(tiff, 'image/tiff', 64, 84);
    expect(art.kind).toBe('png');
    const meta = await sharp(Buffer.from(art.bytes)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });
});
