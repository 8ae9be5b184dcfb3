import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  signInApi,
  startPortal,
} from './harness.ts';

// Group buys through the page, on the demo club (USD rate 31.5; a B&H group buy #1 is open): 林小美
// orders two rolls of film through the modal, whose estimate follows the formula step by step, then
// cancels the order and gets the deposit back. The head closes the group buy: her demo order's
// remainder is billed and it shows paid off.

const account = (mobile: string) => ({ mobile, password: 'demo1234' });
const url = 'https://www.bhphotovideo.com/c/product/2222222-REG/kodak_tri_x_400_120.html';

describe('group buys in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let memberCookie: string;
  const contexts: BrowserContext[] = [];
  const balance = async () =>
    (await callApi(portal.baseUrl, 'GET', '/api/user/check', undefined, memberCookie)).body.user as {
      balance: number;
    };

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
    memberCookie = (await signInApi(portal.baseUrl, '0900000002', 'demo1234')).cookie;
  }, 240_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  }, 60_000);

  it('a member orders through the modal with the estimate of the formula, then cancels and is refunded', {
    timeout: 90_000,
  }, async () => {
    const before = (await balance()).balance;
    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/groupbuy/1`);
    await page.getByRole('button', { name: '我要下單' }).click();
    const dialog = page.getByRole('dialog', { name: '團購 #1 下單' });
    await dialog.getByRole('button', { name: '我了解了，下一步' }).click();
    await dialog.getByLabel('商品網址').fill('https://www.fotoimpex.com/films/x.html');
    await dialog.getByLabel('商品名稱').fill('Kodak Tri-X 400 film 120');
    await dialog.getByLabel('定價 (USD)').fill('10');
    await dialog.getByLabel('包裝重量 (lb)').fill('1');
    await dialog.getByLabel('數量').fill('2');
    await dialog.getByRole('button', { name: '估價', exact: true }).click();
    await dialog.getByText('網址格式錯誤，請參考範例').waitFor();
    await dialog.getByLabel('商品網址').fill(url);
    await dialog.getByRole('button', { name: '估價', exact: true }).click();
    // 31.5 × max(10 + 4.15 × 1, 1.045 × 10) × 1.015 × 1.05 (film) × 1.04 = 494.03… → 495 a unit.
    const estimate = dialog.getByRole('table', { name: '估價明細' });
    await estimate.getByRole('cell', { name: '14.15' }).first().waitFor();
    await estimate.getByRole('cell', { name: '445.725' }).waitFor();
    await estimate.getByRole('cell', { name: '495' }).waitFor();
    await dialog.getByText('總價 990 元，訂金 99 元，結單時再扣 891 元').waitFor();
    await dialog.getByRole('button', { name: '確認下單' }).click();
    await page.getByText('已下單').first().waitFor();
    expect((await balance()).balance).toBe(before - 99);

    const orders = page.getByRole('table', { name: '團購 #1 的訂單' });
    const row = orders.getByRole('row', { name: /Kodak Tri-X/ });
    await row.getByText('未付清').waitFor();
    await row.getByRole('button', { name: /取消訂單/ }).click();
    await page.getByText('訂單已取消，訂金已退還').first().waitFor();
    await row.getByText('已取消，訂金已退還').waitFor();
    expect((await balance()).balance).toBe(before);
  });

  it('the head adds an order by hand at an agreed price, without a deposit', {
    timeout: 90_000,
  }, async () => {
    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.setViewportSize({ width: 390, height: 844 });
    const headCookie = (await signInApi(portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const headBalance = async () =>
      (
        (await callApi(portal.baseUrl, 'GET', '/api/user/check', undefined, headCookie)).body.user as {
          balance: number;
        }
      ).balance;
    const before = await headBalance();
    await head.goto(`${portal.baseUrl}/groupbuy/1`);
    await head.getByRole('button', { name: '手動新增 #1' }).click();
    const dialog = head.getByRole('dialog', { name: '團購 #1 手動新增訂單' });
    await dialog.getByLabel('商品名稱').fill('Rodinal 500 ml');
    await dialog.getByLabel('數量').fill('3');
    await dialog.getByRole('button', { name: '新增訂單' }).click();
    await dialog.getByText('請檢查單價與總價（新台幣整數）').waitFor();
    await dialog.getByLabel('單價（新台幣）').fill('420');
    // The total follows unit price × quantity until the head types one.
    expect(await dialog.getByLabel('總價（新台幣）').inputValue()).toBe('1260');
    await dialog.getByLabel('總價（新台幣）').fill('1200');
    await dialog.getByRole('button', { name: '新增訂單' }).click();
    await head.getByText('已手動新增訂單').first().waitFor();
    const row = head
      .getByRole('table', { name: '團購 #1 的訂單' })
      .getByRole('row', { name: /Rodinal 500 ml/ });
    await row.getByRole('cell', { name: '420', exact: true }).waitFor();
    // No deposit: the whole total of 1200 is still unpaid (total and unpaid columns).
    expect(await row.getByRole('cell', { name: '1200', exact: true }).count()).toBe(2);
    expect(await row.getByRole('cell', { name: '0', exact: true }).count()).toBe(1);
    expect(await headBalance()).toBe(before);
  });

  it('the head closes the group buy and the remainders are billed', { timeout: 90_000 }, async () => {
    const before = (await balance()).balance;
    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.goto(`${portal.baseUrl}/groupbuy/1`);
    const orders = head.getByRole('table', { name: '團購 #1 的訂單' });
    const film = orders.getByRole('row', { name: /Ilford HP5/ });
    await film.getByText('未付清').waitFor();
    await head.getByRole('button', { name: '結單 #1' }).click();
    await head.getByText('團購 #1 已結單').first().waitFor();
    await film.getByText('已付清').waitFor();
    const page = (await callApi(portal.baseUrl, 'GET', '/api/groupbuy/1', undefined, memberCookie)).body as {
      groupBuyList: {
        orderlist: { mine: boolean; billingstatus: number; remain: number; totalfee: number; paid: number }[];
      }[];
    };
    const mine = page.groupBuyList[0]!.orderlist.find((order) => order.mine && order.billingstatus === 2)!;
    expect(mine.remain).toBe(0);
    expect((await balance()).balance).toBe(before - (mine.totalfee - Math.ceil(mine.totalfee / 10)));
  });
});
