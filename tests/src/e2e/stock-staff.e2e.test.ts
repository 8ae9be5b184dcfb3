import { makeJpeg } from '@club/api/routes/files-testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  makeActiveStaff,
  type RunningPortal,
  signedInPage,
  signInApi,
  startPortal,
  waitFor,
} from './harness.ts';

// The staff side of stock in a real browser against the real server: a staff member with the stock and
// stockpurchase authorities records a film purchase through the wizard with a receipt (the F expiry rule
// and the overview's checks on the way), counts the item and adjusts it, and sees the quantity and the log
// follow; then refunds a purchase from AdminTransDetail, which deletes it (document 3, section 4).

const { runDigits, person } = applicants('stockstaff');
const keeper = person(1, '陳庫存');

describe('stock staff pages in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let cookie: string;
  let film: number;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown) => callApi(baseUrl, method, url, body, cookie);
  const quantityOf = async (pk: number) =>
    ((await api('GET', `/api/admin/stock/${pk}`)).body.stock as { quantity: number }).quantity;

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    expect((await callApi(baseUrl, 'POST', '/api/user/register', keeper)).body.status).toBe('ok');
    const login = await signInApi(baseUrl, keeper.mobile, keeper.password);
    cookie = login.cookie;
    await makeActiveStaff(portal.dataDir, login.user.pk, {
      runId: `stockstaff-${runDigits}`,
      position: '總務',
      grants: ['stock', 'stockpurchase', 'transmodify'],
    });
    await waitFor(
      'the stock authorities to reach the server',
      async () => {
        const user = (await api('GET', '/api/user/check')).body.user as {
          authlist: string[];
          isstaff: boolean;
        };
        return user.isstaff && user.authlist.includes('stockpurchase') ? true : undefined;
      },
      10_000,
    );
    const made = await api('POST', '/api/admin/stock/new', {
      cmd: 'new',
      account: 'F',
      name: 'Kodak Portra 400 135-36',
      unit: '卷',
    });
    expect(made.body.status).toBe('ok');
    film = made.body.pk as number;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('records a purchase with a receipt, adjusts the count, and the quantity and the log show both', {
    timeout: 120_000,
  }, async () => {
    const page: Page = await signedInPage(browser, baseUrl, keeper, contexts);
    // The staff menu leads to the stock list, and the list to the wizard.
    await page.goto(`${baseUrl}/admin/stock/list`);
    await page.getByRole('heading', { name: '庫存列表' }).waitFor();
    await page.getByRole('link', { name: 'Kodak Portra 400 135-36' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: '進貨', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/stock/purchase`);

    // Step 0: the receipt goes up through the file service to a fresh receipt batch.
    await page.getByRole('button', { name: '上傳收據', exact: true }).click();
    await page.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles({
      name: 'receipt-portra.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(120, 90),
    });
    await page.getByText('檔案上傳成功').waitFor();
    await page.getByRole('list', { name: '已上傳的收據' }).getByText('receipt-portra.jpg').waitFor();
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 1: the overview refuses a missing source, then no items.
    await page.getByRole('button', { name: '送出進貨' }).click();
    await page.getByText('未填寫進貨來源').waitFor();
    await page.getByLabel('進貨來源').fill('Hi-Camera 台北');
    await page.getByRole('button', { name: '送出進貨' }).click();
    await page.getByText('請檢查明細').waitFor();

    // Step 2: a film needs its expiry date.
    await page.getByRole('button', { name: '新增品項', exact: true }).click();
    const picker = page.getByRole('combobox', { name: /^品項/ });
    await picker.fill('Portra');
    await page.getByRole('option', { name: /Kodak Portra 400/ }).click();
    await page.getByLabel('數量（卷）').fill('10');
    await page.getByLabel('總價（元）').fill('2800');
    await page.getByRole('button', { name: '加入明細' }).click();
    await page.getByText('底片請填有效期限（YYYY/MM）').waitFor();
    await page.getByLabel('有效期限（YYYY/MM）').fill('2027.6');
    await page.getByRole('button', { name: '加入明細' }).click();
    const details = page.getByRole('region', { name: '進貨明細' });
    await details.getByText('Kodak Portra 400 135-36').waitFor();
    await details.getByText('2027/06').waitFor();
    await page.getByRole('button', { name: '送出進貨' }).click();
    await page.getByText('已記錄 1 項進貨').waitFor();
    expect(await quantityOf(film)).toBe(10);

    // The item's log shows the purchase with its source, expiry and receipt.
    await page.getByRole('link', { name: 'Kodak Portra 400 135-36' }).click();
    const log = page.getByRole('region', { name: '庫存異動紀錄' });
    await log.getByText('+10 卷').waitFor();
    await log.getByText('來源：Hi-Camera 台北').waitFor();
    await log.getByText('有效期限 2027/06').waitFor();
    await log.getByRole('link', { name: 'receipt-portra.jpg' }).waitFor();
    await page.getByRole('tab', { name: '資訊' }).click();
    await expect.poll(() => page.getByTestId('stock-quantity').textContent()).toBe('10 卷');

    // Count: a reason is required, then the stock follows the count.
    await page.getByRole('tab', { name: '數量調整' }).click();
    await page.getByText('目前庫存 10 卷').waitFor();
    await page.getByLabel('盤點後數量').fill('-1');
    await page.getByRole('button', { name: '調整數量' }).click();
    await page.getByText('請檢查新數量').waitFor();
    await page.getByLabel('盤點後數量').fill('9');
    await page.getByRole('button', { name: '調整數量' }).click();
    await page.getByText('請輸入盤點原因').waitFor();
    await page.getByLabel(/^原因/).fill('盤點少一卷');
    await page.getByRole('button', { name: '調整數量' }).click();
    await page.getByText('已調整，目前庫存 9 卷').waitFor();
    expect(await quantityOf(film)).toBe(9);
    await page.getByRole('tab', { name: '資訊' }).click();
    await expect.poll(() => page.getByTestId('stock-quantity').textContent()).toBe('9 卷');

    // AdminStockLog: both changes, and the adjustments alone by kind.
    await page.goto(`${baseUrl}/admin/stock/log/all/${film}`);
    const all = page.getByRole('region', { name: '庫存異動紀錄' });
    await all.getByText('−1 卷').waitFor();
    await all.getByText('盤點少一卷').waitFor();
    await all.getByText('+10 卷').waitFor();
    await page.getByText('盤點調整', { exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/admin/stock/log/3/${film}`);
    await expect.poll(() => all.getByText('+10 卷').count()).toBe(0);
    await all.getByText('盤點數量 9').waitFor();
  });

  it('refunds a purchase from AdminTransDetail only in full, deleting it from the stock', {
    timeout: 90_000,
  }, async () => {
    const bought = await api('POST', `/api/admin/stock/${film}`, {
      cmd: 'purchase',
      purchase: { delta: '5', amount: '1400', origin: '網購', expireddate: '2027/09' },
    });
    expect(bought.body.status).toBe('ok');
    const transpk = bought.body.transpk as number;
    const before = await quantityOf(film);

    const page: Page = await signedInPage(browser, baseUrl, keeper, contexts);
    await page.goto(`${baseUrl}/admin/trans/detail/${transpk}`);
    await page.getByText('Kodak Portra 400 135-36').first().waitFor();
    await page.getByText('進貨退貨：退還全部金額，退回全部 5 卷，並刪除這筆進貨').waitFor();
    // Neither modify nor delete is offered for a stock line.
    expect(await page.getByRole('button', { name: '刪除' }).count()).toBe(0);

    await page.getByLabel('退款金額').fill('700');
    await page.getByLabel('退款原因').fill('退貨給店家');
    await page.getByRole('button', { name: '退費' }).click();
    await page.getByText('失敗：進貨退貨必須退還全部金額與數量，並刪除這筆進貨').waitFor();
    expect(await quantityOf(film)).toBe(before);

    await page.getByLabel('退款金額').fill('1400');
    await page.getByRole('button', { name: '退費' }).click();
    await page.getByText('完成', { exact: true }).waitFor();
    await page.getByText('已退貨，進貨已刪除').waitFor();
    expect(await quantityOf(film)).toBe(before - 5);

    // The log keeps the purchase, struck through as deleted.
    await page.goto(`${baseUrl}/admin/stock/log/1/${film}`);
    await page.getByRole('region', { name: '庫存異動紀錄' }).getByText('已退貨刪除').waitFor();
  });
});
