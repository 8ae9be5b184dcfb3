import sharp from 'sharp';
import { syntheticEdgePhoto } from '@club/core/duo/synthetic-photo';
import { pxFromMm } from '@club/core/duo/constants';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  type RunningPortal,
  signInApi,
  signedInPage,
  startPortal,
} from './harness.ts';

// Duo (two-sided) alignment in a real browser against the real server with its embedded worker: the owner
// of a print project photographs the left and right edges of the printed test sheet (generated photos
// whose back side landed 1.5 mm right and 1 mm down), reads the offsets, has the adjusted back-side image
// made, and downloads it: a mark on the back page has moved by the known offset, mirrored in x.

const { runDigits, person } = applicants('duo');
const owner = person(1, '林雙面');
const known = { x: 1.5, y: 1 };
/** A4 at 300 dpi with one black dot whose centre the test finds again in the adjusted image. */
const page = { width: 2480, height: 3508 };
const dot = { x: 1240, y: 1000 };

async function darkCentre(bytes: Buffer): Promise<{ x: number; y: number; width: number; height: number }> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let index = 0; index < data.length; index++) {
    if (data[index]! < 100) {
      sx += index % info.width;
      sy += Math.floor(index / info.width);
      count++;
    }
  }
  return { x: sx / count + 0.5, y: sy / count + 0.5, width: info.width, height: info.height };
}

describe('duo print in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let cookie: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ env: { QUEUE_PREFIX: `e2e-duo-${runDigits}` } });
    baseUrl = portal.baseUrl;
    expect((await callApi(baseUrl, 'POST', '/api/user/register', owner)).body.status).toBe('ok');
    cookie = (await signInApi(baseUrl, owner.mobile, owner.password)).cookie;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('two edge photos give the offsets, and the adjusted image moves the back by the known offset', {
    timeout: 180_000,
  }, async () => {
    const created = await callApi(baseUrl, 'POST', '/api/print', { title: '雙面測試' }, cookie);
    const pk = (created.body.printproject as { pk: number }).pk;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="${dot.x}" cy="${dot.y}" r="40" fill="#000"/></svg>`;
    const back = await sharp(Buffer.from(svg)).png().toBuffer();
    const form = new FormData();
    form.append('objname', 'printproject');
    form.append('pk', String(pk));
    form.append('attr', '');
    form.append('application', '1');
    form.append('file', new Blob([new Uint8Array(back)], { type: 'image/png' }), 'back.png');
    const uploaded = await fetch(`${baseUrl}/api/upload`, {
      method: 'POST',
      headers: { scope: 'main', cookie },
      body: form,
    });
    const s3pk = ((await uploaded.json()) as { filelist: { pk: number }[] }).filelist[0]!.pk;

    const browserPage = await signedInPage(browser, baseUrl, owner, contexts);
    await browserPage.goto(`${baseUrl}/print/${pk}/duoprint/${s3pk}`);
    await browserPage.getByRole('img', { name: '在手機上繼續的 QR code' }).waitFor();
    await browserPage.getByRole('link', { name: '直接上傳照片' }).click();
    await browserPage.waitForURL(`${baseUrl}/print/${pk}/duoprint/${s3pk}/22`);

    for (const [side, label, seed] of [
      ['left', '左邊緣照片', 41],
      ['right', '右邊緣照片', 42],
    ] as const) {
      const photo = await syntheticEdgePhoto({ offsetMm: known, seed });
      await browserPage
        .getByLabel(label)
        .setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: photo.jpeg });
      const offset = browserPage.getByTestId(`offset-${side}`);
      await offset.waitFor({ timeout: 30_000 });
      const [x, y] = ((await offset.textContent()) ?? '').match(/[+-]\d+\.\d+/g)!.map(Number);
      expect(Math.abs(x! - known.x)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(y! - known.y)).toBeLessThanOrEqual(0.2);
      await browserPage.getByRole('link', { name: '下一步' }).click();
    }

    await browserPage.waitForURL(`${baseUrl}/print/${pk}/duoprint/${s3pk}/24`);
    await expect
      .poll(() => browserPage.getByTestId('result-left').textContent())
      .toMatch(/x \+1\.[3-7]\d mm/);
    await browserPage.goto(`${baseUrl}/print/${pk}/duoprint/${s3pk}/26`);
    await browserPage.getByRole('button', { name: '製作調整影像' }).click();
    const finalSize = browserPage.getByTestId('final-size');
    await finalSize.waitFor({ timeout: 60_000 });
    expect(await finalSize.textContent()).toMatch(/調整後尺寸：\d+ × 3508 px/);

    await browserPage.goto(`${baseUrl}/print/${pk}/duoprint/${s3pk}/28`);
    const download = browserPage.getByRole('link', { name: '下載調整過的背面影像' });
    const href = await download.getAttribute('href');
    const image = await fetch(`${baseUrl}${href}`, { headers: { cookie } });
    const adjusted = await darkCentre(Buffer.from(await image.arrayBuffer()));
    expect(adjusted.height).toBe(page.height);
    // The back landed 1.5 mm right (seen from the front) and 1 mm down: in the back's own image the dot
    // moves 1.5 mm right (x is mirrored) and 1 mm up, within the analysis's 0.2 mm per photo.
    const tolerancePx = pxFromMm(0.4);
    expect(Math.abs(adjusted.x - (dot.x + pxFromMm(known.x)))).toBeLessThanOrEqual(tolerancePx);
    expect(Math.abs(adjusted.y - (dot.y - pxFromMm(known.y)))).toBeLessThanOrEqual(tolerancePx);

    await browserPage.getByRole('link', { name: '下一步' }).click();
    await browserPage.getByText('完成！').waitFor();
  });
});
