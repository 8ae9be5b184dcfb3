import { semesterOf } from '@club/core/semester';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  type RunningPortal,
  signedInPage,
  startPortal,
  closeAll,
  loadDemo,
} from './harness.ts';

// The demo club played through in a real browser, as a newcomer would after `npm run demo` and `npm start`:
// every journey the demo's summary promises, from the demo's own data (the demo CLI run on the server's
// data folder, nothing else written). The summary is checked for each promise before it is played:
//   張志明 (lapsed, no money) tops up with a pouch the summary lists, then pays the fee;
//   林小美 (member) sees her balance of 1000 and her 3 points, and transfers to 張志明;
//   陳社長 (staff) collects 黃雅婷's first fee at the cash desk and counts the pouch 張志明 used;
//   黃雅婷 (applicant) is not a member before, and is one after.

const DEMO_PASSWORD = 'demo1234';
const account = (mobile: string) => ({ mobile, password: DEMO_PASSWORD });
const semester = semesterOf(new Date()).tag;

describe('the demo club in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let summary = '';
  let pouch = '';
  const contexts: BrowserContext[] = [];
  const signedIn = (mobile: string) => signedInPage(browser, baseUrl, account(mobile), contexts);

  beforeAll(async () => {
    portal = await startPortal({
      prepare: async (dataDir) => {
        summary = loadDemo(dataDir);
      },
    });
    baseUrl = portal.baseUrl;
    pouch = /Unused cash pouches[^:]*: (\S+)/.exec(summary)?.[1] ?? '';
    browser = await launchBrowser();
  }, 240_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('promises the journeys played below', () => {
    expect(summary).toContain(
      '0900000003  張志明  lapsed member with no money: top up with a cash pouch, then pay the fee (600)',
    );
    expect(summary).toContain('0900000002  林小美  member with a balance of 1000 and 3 points');
    expect(summary).toContain("collect 黃雅婷's fee at the cash desk, count the pouches members used");
    expect(pouch).toBe('DEMO-001');
  });

  let lapsedPage: Page;

  it('the lapsed member tops up with a listed pouch and pays the fee', { timeout: 90_000 }, async () => {
    const page = await signedIn('0900000003');
    lapsedPage = page;
    await page.getByText('社員資格已過期').waitFor();
    await page.goto(`${baseUrl}/user/topup`);
    await page.getByLabel('儲值袋條碼').fill(pouch);
    await page.getByLabel('金額（元）').fill('600');
    await page.getByRole('button', { name: '儲值', exact: true }).click();
    await page.getByText('已存入 600 元，目前餘額 600 元。').waitFor();

    await page.goto(`${baseUrl}/memberhome`);
    await page.getByRole('link', { name: '繳交社費 600 元' }).click();
    await page.getByRole('button', { name: `確認繳交 ${semester} 學期社費 600 元` }).click();
    await page.getByText('繳費成功').waitFor();
    await page.getByText(new RegExp(`你已是 ${semester} 學期的社員`)).waitFor();
  });

  it('the member sees her balance and points and transfers to the lapsed member', {
    timeout: 90_000,
  }, async () => {
    const page = await signedIn('0900000002');
    await page.getByRole('link', { name: '點數 3 點' }).waitFor();
    await page.getByRole('link', { name: '儲值餘額 1000 元' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: '轉帳', exact: true }).click();
    await page.waitForURL(`${baseUrl}/user/transfer`);
    await page.getByRole('combobox', { name: '轉帳對象' }).fill('張志');
    await page.getByRole('option', { name: /張志明/ }).click();
    await page.getByLabel('金額（元）').fill('100');
    await page.getByLabel(/^摘要/).fill('還你底片錢');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '確認轉帳' }).click();
    await page.getByText('轉帳完成').waitFor();
    await page.getByText('目前餘額：900 元').waitFor();

    await lapsedPage.goto(`${baseUrl}/memberhome`);
    await lapsedPage.getByRole('link', { name: '儲值餘額 100 元' }).waitFor();
    // The fee paid earlier made him a member again.
    expect(await lapsedPage.getByText('社員資格已過期').count()).toBe(0);
  });

  it('the applicant is not a member yet', { timeout: 60_000 }, async () => {
    const page = await signedIn('0900000004');
    await page.getByText('你還不是社員').waitFor();
    expect(await page.getByText('課程講義（雲端硬碟）').count()).toBe(0);
  });

  it('the head collects the applicant’s first fee at the cash desk', { timeout: 90_000 }, async () => {
    const page = await signedIn('0900000001');
    await page.getByRole('link', { name: '幹部專區' }).first().click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: '收社費與工作坊保證金' }).click();
    await page.getByLabel('我已閱讀並同意以上規則').check();
    await page.getByRole('button', { name: '開始收費' }).click();
    await page.getByLabel('學號或手機').fill('B10000004');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('黃雅婷 (U').waitFor();
    await page.getByText('從未入社').waitFor();
    await page.getByText('應收 600 元').waitFor();
    await page.getByRole('button', { name: '確認收款' }).click();
    await page.getByRole('heading', { name: '收據' }).waitFor();
    await page.getByText('繳費人：黃雅婷').waitFor();
    await page.getByText('收款幹部：陳社長').waitFor();

    // She is a member now: her member home offers the members' course slides and no 'not a member' notice.
    const applicant = await signedIn('0900000004');
    await applicant.getByText('課程講義（雲端硬碟）').waitFor();
    expect(await applicant.getByText('你還不是社員').count()).toBe(0);
  });

  it('the head counts the pouch the lapsed member used', { timeout: 90_000 }, async () => {
    const page = await signedIn('0900000001');
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('link', { name: '儲值袋點收' }).click();
    await page
      .getByRole('row', { name: new RegExp(pouch) })
      .getByText('待點收')
      .waitFor();
    await page.getByRole('button', { name: '掃描點收' }).click();
    await page.getByLabel('儲值袋條碼').fill(pouch);
    await page.getByLabel('點收金額').fill('600');
    await page.getByRole('button', { name: '點收', exact: true }).click();
    await page.getByText('本批已點收 1 袋，共 600 元').waitFor();
    await page.getByRole('button', { name: '結算' }).click();
    await page.getByLabel('手上的儲值袋數量').fill('1');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('100 元鈔票張數').fill('6');
    await page.getByRole('button', { name: '存入' }).click();
    await page.getByText('已存入 600 元').waitFor();
  });
});
