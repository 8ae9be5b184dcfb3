import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPngText, addPngText } from './png-text.ts';
import {
  LABEL_HEIGHT_PX,
  LABEL_WIDTH_PX,
  type LabelContent,
  LabelContentError,
  renderLabel,
} from './render.ts';

const content: LabelContent = {
  title: '王小明',
  subtitle: 'U00101',
  lines: ['相機包', '2026-11-22'],
  barcode: 'U00101',
  logo: 'club',
  landscape: false,
  simple: false,
  rounded: false,
};

/** Dark pixels per row band, to see where ink is. */
async function inkRatio(png: Buffer, top: number, height: number): Promise<number> {
  const { data, info } = await sharp(png)
    .extract({ left: 0, top, width: LABEL_WIDTH_PX, height })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 128) dark++;
  return dark / (info.width * info.height);
}

describe('renderLabel', () => {
  it('draws a small two-colour PNG of 62 x 30 mm at 300 dpi with a barcode at the bottom', async () => {
    const png = await renderLabel(content);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([LABEL_WIDTH_PX, LABEL_HEIGHT_PX]);
    expect(png.length).toBeLessThan(12_000);
    const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(new Set(data).size).toBe(2);
    // The barcode band is dense with bars; the title band has text.
    expect(await inkRatio(png, LABEL_HEIGHT_PX - 110, 90)).toBeGreaterThan(0.15);
    expect(await inkRatio(png, 30, 60)).toBeGreaterThan(0.03);
  });

  it('turns a landscape label a quarter turn and draws other variants', async () => {
    const png = await renderLabel({ ...content, landscape: true });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([LABEL_HEIGHT_PX, LABEL_WIDTH_PX]);
    const plain = await renderLabel(content);
    for (const variant of [
      { rounded: true },
      { simple: true },
      { logo: 'none' as const },
      { barcode: null },
    ]) {
      const other = await renderLabel({ ...content, ...variant });
      expect(other.equals(plain)).toBe(false);
    }
  });

  it('refuses a barcode Code 128 cannot hold on the label', async () => {
    await expect(renderLabel({ ...content, barcode: 'X'.repeat(80) })).rejects.toBeInstanceOf(
      LabelContentError,
    );
  });
});

/** The widths of the alternating dark and light runs of one pixel row, from the first dark pixel to the last. */
async function barRuns(png: Buffer, row: number): Promise<number[]> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const line = Array.from(data.subarray(row * info.width, (row + 1) * info.width), (value) => value < 128);
  const first = line.indexOf(true);
  const last = line.lastIndexOf(true);
  const runs: number[] = [];
  for (let x = first; x <= last; x++) {
    if (x > first && line[x] === line[x - 1]) runs[runs.length - 1]! += 1;
    else runs.push(1);
  }
  return runs;
}

describe('the barcode on a label', () => {
  it('is the Code 128 of the id, bar for bar, at whole pixels per module', async () => {
    const label = await renderLabel(content);
    const alone = await bwipjs.toBuffer({
      bcid: 'code128',
      text: 'U00101',
      scaleX: 4,
      scaleY: 1,
      height: 10,
    });
    const onLabel = await barRuns(label, LABEL_HEIGHT_PX - 22 - 48);
    expect(onLabel).toEqual(await barRuns(alone, 5));
    expect(onLabel.length).toBeGreaterThan(20);
    expect(onLabel.every((run) => run % 4 === 0)).toBe(true);
  });
});

describe('PNG text chunks', () => {
  it('round-trips a text chunk and keeps the image decodable', async () => {
    const png = await renderLabel(content);
    const stamped = addPngText(png, 'club-label', 'hello.sig');
    expect(readPngText(stamped, 'club-label')).toBe('hello.sig');
    expect(readPngText(png, 'club-label')).toBeNull();
    expect((await sharp(stamped).metadata()).width).toBe(LABEL_WIDTH_PX);
  });
});
