import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signInApi,
  signedInPage,
  startPortal,
} from './harness.ts';

// Loans in a real browser, on the demo club, with the server's clock moved between restarts on the same
// data folder (tests/src/e2e/shifted-clock.mjs): 林小美 at the counter kiosk (store scope) borrows two books,
// lends the Nikon FM2 (day fee 100) for a personal loan and weighs the black-and-white paper box out. Just
// under 3 hours later she returns the camera (rent 3 × 100/6 = 50 from the 300 deposit, 250 released) and
// weighs the box back in (4 sheets used). 32½ days later she returns one book, 3 started days late: a fine
// of 15, seen on the counter, in her TransLog and on her history page.

const member = { mobile: '0900000002', password: 'demo1234' };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('loans in the browser', () => {
  let portal: RunningPortal | undefined;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const start = Date.now();

  /**
   * Restarts the portal on the same data with its clock at `start + shiftMs` (forward only: the login
   * limiter's pause is stored with the time of the last attempt), and signs 林小美 in.
   */
  async function restartAt(shiftMs: number): Promise<Page> {
    const dataDir = portal?.dataDir;
    await portal?.stop({ keepData: true });
    portal = await startPortal({ ...(dataDir ? { dataDir } : {}), clockAt: new Date(start + shiftMs) });
    return signedInPage(browser, portal.baseUrl, member, contexts);
  }

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    // The demo leaves 林小美 a book overdue (B0001), which stops her borrowing: the head takes it back.
    const head = await signInApi(portal.baseUrl, '0900000001', 'demo1234');
    const back = await callApi(
      portal.baseUrl,
      'POST',
      '/api/library/return',
      { barcodes: ['B0001'], requestId: `e2e-loans-${start}` },
      head.cookie,
    );
    expect(back.body).toMatchObject({ status: 'ok' });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('lends books, a camera and a paper box at the counter, and charges rent, paper and a late fine', {
    timeout: 300_000,
  }, async () => {
    // Now: borrow two books, lend the camera, weigh the paper out.
    let page = await signedInPage(browser, portal!.baseUrl, member, contexts);
    const base = () => portal!.baseUrl;
    await page.goto(`${base()}/library/counter?scope=store`);
    const scan = page.getByLabel('掃描書的條碼');
    for (const barcode of ['B0003', 'B0005']) {
      await scan.fill(barcode);
      await scan.press('Enter');
    }
    await page.getByRole('button', { name: '借書', exact: true }).click();
    const borrowed = page.getByRole('status').filter({ hasText: '借書完成' });
    await borrowed.getByText(/決定性瞬間：請在/).waitFor();
    await borrowed.getByText(/明室：請在/).waitFor();
    const loanOf = async (title: string) =>
      ((await borrowed.getByText(new RegExp(`${title}：`)).textContent()) ?? '').match(/BLOG-\d+/)?.[0];
    const lateLoan = await loanOf('決定性瞬間');
    expect(lateLoan).toMatch(/^BLOG-\d+$/);

    await page.goto(`${base()}/property/counter?scope=store`);
    await page.getByRole('combobox', { name: '器材' }).click();
    await page.getByRole('option', { name: /Nikon FM2 相機/ }).click();
    await page.getByText('押金 300 元，歸還時退還').waitFor();
    await page.getByRole('button', { name: '借出', exact: true }).click();
    const lent = page.getByRole('status').filter({ hasText: '借出完成' });
    await lent.getByText(/Nikon FM2 相機：請在 .* 前歸還，押金 300 元/).waitFor();
    const equipmentLoan = ((await lent.textContent()) ?? '').match(/EQLog-\d+/)?.[0];
    expect(equipmentLoan).toMatch(/^EQLog-\d+$/);

    // The paper box, through the kiosk's page-push: the list, then the weighing (37 sheets of 12.5 g in a
    // 420 g box).
    await page.goto(`${base()}/sharingpaper/counter?scope=store`);
    await page.getByRole('button', { name: '借出 SP0001' }).click();
    await page.getByRole('heading', { name: '秤重借還' }).waitFor();
    expect(await page.getByRole('button', { name: '確認借出' }).count()).toBe(0);
    await page.getByLabel('現在重量（g）').fill('-3');
    await page.getByRole('button', { name: '確認借出' }).click();
    await page.getByText('請檢查資料').waitFor();
    await page.getByLabel('現在重量（g）').fill('882.5');
    await page.getByRole('button', { name: '確認借出' }).click();
    await page.getByRole('button', { name: '歸還 SP0001' }).waitFor();

    // Just under 3 hours later (3 started hours): the camera and the box come back.
    page = await restartAt(2 * HOUR_MS + 50 * 60_000);
    await page.goto(`${base()}/property/counter?scope=store`);
    await page.getByRole('combobox', { name: '器材' }).click();
    await page.getByRole('option', { name: /Nikon FM2 相機/ }).click();
    await page.getByRole('button', { name: '歸還', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(`${equipmentLoan} Nikon FM2 相機：租金 50 元，退還押金 250 元`)
      .waitFor();
    await page.goto(`${base()}/user/property/history`);
    const row = page.getByRole('row').filter({ hasText: equipmentLoan! });
    await row.getByText('押金 300 元').waitFor();
    await row.getByText('退還 250 元').waitFor();
    await row.getByText('租金 50 元').waitFor();

    await page.goto(`${base()}/sharingpaper/counter?scope=store`);
    await page.getByRole('button', { name: '歸還 SP0001' }).click();
    await page.getByLabel('歸還重量（g）').fill('832.5');
    await page.getByRole('button', { name: '確認歸還' }).click();
    await page.getByText(/用了 4 張，收費 \d+ 元/).waitFor();
    await page.getByRole('button', { name: '回列表' }).click();
    await page.getByRole('button', { name: '借出 SP0001' }).waitFor();

    // 32½ days after the borrowing (due after 30): one book back, 3 started days late.
    page = await restartAt(32 * DAY_MS + 12 * HOUR_MS);
    // The member home turns red without an event: both books are overdue now, listed with their due times.
    await page.getByText('你有 2 本書逾期未還，請盡快歸還。').waitFor();
    await page.getByRole('listitem').filter({ hasText: '決定性瞬間 (B0003)' }).getByText('逾期').waitFor();
    await page.goto(`${base()}/library/counter?scope=store`);
    await page.getByText(/決定性瞬間 \(B0003\) · 到期 .* · 逾期 3 天/).waitFor();
    await page.getByLabel('掃描書的條碼').fill('B0003');
    await page.getByLabel('掃描書的條碼').press('Enter');
    await page.getByRole('button', { name: '還書' }).click();
    const returned = page.getByRole('status').filter({ hasText: '還書完成' });
    await returned.getByText(`${lateLoan} 決定性瞬間：逾期 3 天，罰款 15 元`).waitFor();
    await returned.getByText('共罰款 15 元，已從儲值金扣除').waitFor();

    await page.goto(`${base()}/user/trans/log`);
    await page.getByText(`圖書逾期罰款 ${lateLoan}（3 天）`).waitFor();
    await page.getByText(`器材押金退還 ${equipmentLoan}`).waitFor();

    await page.goto(`${base()}/user/library/history`);
    const late = page.getByRole('row').filter({ hasText: lateLoan! });
    await late.getByText('已還（逾期 3 天）').waitFor();
    await late.getByText('15 元').waitFor();
    // The other book is still out, and now overdue too.
    const stillOut = page.getByRole('row').filter({ hasText: '明室' }).first();
    await stillOut.getByText('逾期 3 天未還').waitFor();
  });
  it('lets staff follow the warnings, set a day fee and clear a paper problem', {
    timeout: 180_000,
  }, async () => {
    const base = portal!.baseUrl;
    const page = await signedInPage(browser, base, { mobile: '0900000001', password: 'demo1234' }, contexts);
    // 明室 is still out and overdue: the warning links to the due list.
    await page.getByRole('link', { name: /逾期未還的書：\d+ 本，需要催還/ }).click();
    await page.waitForURL(`${base}/admin/library/history/due`);
    await page
      .getByRole('row')
      .filter({ hasText: '明室' })
      .getByText(/逾期 \d+ 天未還/)
      .waitFor();

    // The catalogue's search (debounced): one title left.
    await page.goto(`${base}/library`);
    await page.getByText('館藏共 10 本').waitFor();
    await page.getByLabel('搜尋書籍').fill('barthes');
    await page.getByRole('cell', { name: '明室' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: '決定性瞬間' }).count()).toBe(0);

    // The day fee: a positive integer, saved only when changed.
    await page.goto(`${base}/admin/property/2/edit`);
    const fee = page.getByLabel('日租金（元）');
    await fee.waitFor();
    expect(await page.getByRole('button', { name: '儲存' }).isDisabled()).toBe(true);
    await fee.fill('2.5');
    await page.getByText('日租金須為正整數').first().waitFor();
    await fee.fill('40');
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByRole('status').getByText('已儲存').waitFor();
    await page.goto(`${base}/admin/property/list`);
    await page.getByRole('row').filter({ hasText: 'Manfrotto 三腳架' }).getByText('40 元').waitFor();

    // The head's colour box comes back with a problem; the rows page clears it.
    await page.goto(`${base}/admin/sharingpaper/2/edit`);
    await page.getByLabel('歸還重量（g）').fill('700');
    await page.getByLabel('有問題（例如受潮、漏光）').check();
    await page.getByRole('button', { name: '確認歸還' }).click();
    await page.getByText(/用了 \d+ 張，收費 \d+ 元/).waitFor();
    await page.goto(`${base}/admin/sharingpaper/2`);
    await page.getByText('歸還有問題待處理').waitFor();
    await page.getByLabel('處理說明').fill('換了新盒子');
    await page.getByRole('button', { name: '標記已處理' }).click();
    await page.getByText('已歸還').first().waitFor();
    expect(await page.getByText('歸還有問題待處理').count()).toBe(0);
  });
});
