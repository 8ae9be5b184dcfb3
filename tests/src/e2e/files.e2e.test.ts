import { readFile } from 'node:fs/promises';
import { makeJpeg, zipEntryNames } from '@club/api/routes/files-testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  launchBrowser,
  type RunningPortal,
  signInApi,
  signedInPage,
  startPortal,
  waitFor,
  closeAll,
  makeActiveStaff,
} from './harness.ts';

// Uploads in a real browser against the real server (production mode, local file storage in the data
// folder): on the uploader's staff page a staff member uploads three photos directly (PUTs slowed down
// here so the progress can be seen), one through the server (multipart), deletes one, and downloads a
// zip of the rest, whose entries are checked.

const { runDigits, person } = applicants('files');
const keeper = person(1, '陳總務');

describe('files in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let cookie: string;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown) => callApi(baseUrl, method, url, body, cookie);

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    expect((await callApi(baseUrl, 'POST', '/api/user/register', keeper)).body.status).toBe('ok');
    const login = await signInApi(baseUrl, keeper.mobile, keeper.password);
    cookie = login.cookie;
    await makeActiveStaff(portal.dataDir, login.user.pk, { runId: `files-${runDigits}`, position: '總務' });
    await waitFor(
      'the staff member to reach the server',
      async () => {
        const user = (await api('GET', '/api/user/check')).body.user as {
          ismember: boolean;
          isstaff: boolean;
        };
        return user.ismember && user.isstaff ? true : undefined;
      },
      10_000,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('uploads three photos directly with progress and one through the server, deletes one, and zips the rest', {
    timeout: 120_000,
  }, async () => {
    const page: Page = await signedInPage(browser, baseUrl, keeper, contexts);
    // The direct PUTs are held until the test lets each go, so the progress passes 1 / 3 and 2 / 3 on
    // every machine however loaded; all three must be under way at once before the first is let go.
    const held: (() => void)[] = [];
    let puts = 0;
    await page.route('**/api/s3/put/**', async (route) => {
      puts += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.goto(`${baseUrl}/admin/files`);
    await page.getByRole('heading', { name: '檔案上傳' }).first().waitFor();

    const photos = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg'].map(async (name, index) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(200 + index * 10, 150),
      })),
    );
    const direct = page.getByRole('region', { name: '直接上傳' });
    await direct.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles(photos);
    await direct.getByText('上傳中 0 / 3').waitFor();
    await direct.getByRole('progressbar', { name: '上傳進度' }).waitFor({ state: 'attached' });
    await expect.poll(() => held.length, { timeout: 15_000 }).toBe(3);
    // A second attempt while uploading is told to wait and sends nothing.
    await direct.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles(photos[0]!);
    await page.getByText('請稍候').waitFor();
    held[0]!();
    await direct.getByText('上傳中 1 / 3').waitFor();
    held[1]!();
    await direct.getByText('上傳中 2 / 3').waitFor();
    held[2]!();
    await page.getByText('已上傳 3 個檔案').waitFor();
    expect(puts).toBe(3);
    const table = page.getByRole('table', { name: '已上傳的檔案' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await table.getByText('210 × 150').waitFor();

    const viaServer = page.getByRole('region', { name: '經由伺服器上傳' });
    await viaServer.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles({
      name: '收據.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(120, 90),
    });
    await page.getByText('檔案上傳成功').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);

    // Delete b.jpg: gone from the page and from the server.
    const bPk = await filePkByName('b.jpg');
    await table.getByRole('button', { name: '刪除 b.jpg' }).click();
    await page.getByText('刪除成功').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect((await api('GET', `/api/s3/${bPk}`)).body).toEqual({ status: 'fail', reason: 'notfound' });

    // Zip the three that are left.
    for (const name of ['a.jpg', 'c.jpg', '收據.jpg']) await table.getByRole('checkbox', { name }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下載 zip' }).click();
    const saved = await (await download).path();
    expect((await download).suggestedFilename()).toBe('receipts.zip');
    expect(zipEntryNames(await readFile(saved)).sort()).toEqual(['a.jpg', 'c.jpg', '收據.jpg'].sort());
  });

  it('counts a failed direct upload as done, names it, and tells the server only of the others', {
    timeout: 60_000,
  }, async () => {
    const page: Page = await signedInPage(browser, baseUrl, keeper, contexts);
    const photos = await Promise.all(
      ['x.jpg', 'y.jpg', 'z.jpg'].map(async (name, index) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(100 + index * 10, 80),
      })),
    );
    // y.jpg's PUT fails as a dropped connection would; it is told by its bytes, since the three PUTs run
    // at once and may arrive in any order.
    const failing = photos[1]!.buffer;
    await page.route('**/api/s3/put/**', async (route) => {
      if (route.request().postDataBuffer()?.equals(failing)) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto(`${baseUrl}/admin/files`);
    const direct = page.getByRole('region', { name: '直接上傳' });
    await direct.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles(photos);
    await page.getByText('上傳失敗，請重試 y.jpg').waitFor();
    await page.getByText('已上傳 2 個檔案').waitFor();
    const table = page.getByRole('table', { name: '已上傳的檔案' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByText('y.jpg').count()).toBe(0);
  });

  /** The pk of the keeper's stored file with this name, from its record (pks are 1, 2, ... here). */
  async function filePkByName(name: string): Promise<number> {
    for (let pk = 1; pk <= 10; pk++) {
      const answer = await api('GET', `/api/s3/${pk}`);
      if ((answer.body.file as { filename?: string } | undefined)?.filename === name) return pk;
    }
    throw new Error(`no file named ${name}`);
  }
});
