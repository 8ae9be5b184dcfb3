import { readFile } from 'node:fs/promises';
import { layoutPages } from '@club/core/print/layout';
import { defaultImpositionSettings } from '@club/core/print/settings';
import { makeJpeg } from '@club/api/routes/files-testing';
import { fitInto, POINTS_PER_MM } from '@club/workers/processors/imposition-pdf';
import { inspectPdf } from '@club/workers/processors/pdf-inspect';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  type RunningPortal,
  signedInPage,
  startPortal,
} from './harness.ts';

// The print assistant in a real browser against the real server with its embedded imposition worker (real
// Redis, a queue prefix of its own): a member creates a project, uploads 8 pages, runs a demo imposition,
// then a real one whose progress bar reaches the end, and downloads the PDF, whose sheet size and image
// boxes are the layout's.

const { runDigits, person } = applicants('print');
const member = person(1, '林印刷');

describe('the print assistant in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ env: { QUEUE_PREFIX: `e2e-print-${runDigits}` } });
    baseUrl = portal.baseUrl;
    expect((await callApi(baseUrl, 'POST', '/api/user/register', member)).body.status).toBe('ok');
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('creates a project, uploads 8 pages, runs a demo then a real imposition, and downloads the PDF', {
    timeout: 150_000,
  }, async () => {
    const page: Page = await signedInPage(browser, baseUrl, member, contexts);
    await page.goto(`${baseUrl}/print`);
    await page.getByRole('heading', { name: '輸出小幫手' }).first().waitFor();
    await page.getByLabel('新專案名稱').fill('畢業作品集');
    await page.getByRole('button', { name: '建立專案' }).click();
    await page.getByRole('heading', { name: '畢業作品集' }).waitFor();

    const pages = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => ({
        name: `page-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(600, 800, index % 2 ? '#246' : '#c84'),
      })),
    );
    await page.locator('input[type=file][aria-label="選擇檔案"]').first().setInputFiles(pages);
    await page.getByText('檔案上傳成功').waitFor();
    const table = page.getByRole('table', { name: '頁面（8）' });
    await table.waitFor();
    await table.getByText('600 × 800').first().waitFor();

    await page.getByRole('button', { name: '拼版', exact: true }).click();
    await page.getByRole('heading', { name: '拼版：畢業作品集' }).waitFor();
    await page.getByText('已選取 8 個檔案').waitFor();

    await page.getByRole('button', { name: '示範拼版' }).click();
    await page.getByText('拼版完成').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: /下載 demo-/ }).waitFor();

    await page.getByRole('button', { name: '開始拼版' }).click();
    // The bar starts over and reaches the end.
    await page
      .getByText(/排隊中|拼版中/)
      .first()
      .waitFor();
    await page.getByText('拼版完成').waitFor({ timeout: 30_000 });
    const bar = page.getByRole('progressbar').first();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const link = page.getByRole('link', { name: /下載 imposition-/ });
    const download = page.waitForEvent('download');
    await link.click();
    const saved = await (await download).path();
    expect((await download).suggestedFilename()).toMatch(/^imposition-\d+-roll24in-.*\.pdf$/);

    const sheets = await inspectPdf(await readFile(saved));
    const laid = layoutPages({ ...defaultImpositionSettings(), pages: 8 });
    if (!laid.ok) throw new Error('layout');
    expect(sheets).toHaveLength(laid.layout.sheets);
    expect(sheets[0]!.width).toBeCloseTo(24 * 72, 2);
    expect(sheets[0]!.height).toBeCloseTo(laid.layout.sheetHeightMm * POINTS_PER_MM, 2);
    const images = sheets.flatMap((sheet) => sheet.images);
    expect(images).toHaveLength(8);
    for (const [index, placed] of laid.layout.placements.entries()) {
      const box = fitInto(placed.bleedBox, 600, 800);
      expect(images[index]!.x).toBeCloseTo(box.x * POINTS_PER_MM, 2);
      expect(images[index]!.y).toBeCloseTo(
        (laid.layout.sheetHeightMm - box.y - box.height) * POINTS_PER_MM,
        2,
      );
      expect(images[index]!.width).toBeCloseTo(box.width * POINTS_PER_MM, 2);
    }
  });

  it('prices a book on the estimator', { timeout: 60_000 }, async () => {
    const page: Page = await signedInPage(browser, baseUrl, member, contexts);
    await page.goto(`${baseUrl}/book/estimate`);
    await page.getByRole('heading', { name: '相片書估價' }).first().waitFor();
    await page.getByText('請選擇紙張').first().waitFor();
    await page.getByText('單面', { exact: true }).click();
    await page.getByLabel('頁數', { exact: true }).fill('10');
    await page.getByLabel('紙張', { exact: true }).first().click();
    await page.getByRole('option', { name: /Z01/ }).click();
    const result = page.getByRole('table', { name: '估價結果' });
    await result.getByRole('row', { name: /每張紙可放頁數 2/ }).waitFor();
    await result.getByRole('row', { name: /總價 732/ }).waitFor();
  });
});
