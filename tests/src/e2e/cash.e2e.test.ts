import { semesterOf } from '@club/core/semester';
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

// Staff fee collection in a real browser against the real server (production mode, serving web/dist): a
// staff member opens the staff area, goes through AdminReceiveMemberFee's five steps (rules, lookup,
// confirm, cancel confirmation, receipt) for a new member, sees today's list and opens the receipt from
// it; the payer is a member afterwards. Then the same staff member, holding addvalue, counts a member's
// cash pouch on AdminDeposit (a forced recount, both settle checks, commit) and adds value on AdminUserSearch.
//
// The staff member is made as the operator would make the first one (api/src/bootstrap.ts): their own fee
// taken in cash by the operator, a place on the current staff roster and the addvalue authority, written
// straight into the
// server's event store. The server follows the store's log and sees both.

const { runDigits, person } = applicants('cash');
const treasurer = person(1, '陳總務');
const freshman = person(2, '林新生');
const semester = semesterOf(new Date()).tag;

describe('staff fee collection in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let freshmanPk: number;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown, cookie?: string) =>
    callApi(baseUrl, method, url, body, cookie);

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    for (const account of [treasurer, freshman]) {
      const registered = await api('POST', '/api/user/register', account);
      expect(registered.body.status).toBe('ok');
    }
    const staffLogin = await signInApi(baseUrl, treasurer.mobile, treasurer.password);
    freshmanPk = (await signInApi(baseUrl, freshman.mobile, freshman.password)).user.pk;
    await makeActiveStaff(portal.dataDir, staffLogin.user.pk, {
      runId: `cash-${runDigits}`,
      position: '總務',
      grants: ['addvalue'],
    });
    await waitFor(
      'the staff member to reach the server',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, staffLogin.cookie);
        const user = check.body.user as { ismember: boolean; isstaff: boolean; authlist: string[] };
        return user.ismember && user.isstaff && user.authlist.includes('addvalue') ? true : undefined;
      },
      10_000,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  let page: Page;

  it('collects a member fee through the five steps and shows the receipt', { timeout: 90_000 }, async () => {
    page = await signedInPage(browser, baseUrl, treasurer, contexts);
    await page.getByRole('link', { name: '幹部專區' }).first().click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: '收社費與工作坊保證金' }).click();
    await page.waitForURL(`${baseUrl}/admin/receive/member/fee`);

    // Step 1: the rules must be agreed before starting.
    const start = page.getByRole('button', { name: '開始收費' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('我已閱讀並同意以上規則').check();
    await start.click();

    // Step 2: a keyword that is neither a student ID nor a mobile number is refused in the browser.
    const keyword = page.getByLabel('學號或手機');
    await page.getByText('今天已收 0 筆，共 0 元').waitFor();
    await keyword.fill('abc');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('請檢查格式').waitFor();

    // The student ID in lower case is upper-cased; step 3 shows the payer and the fee, ticked.
    await keyword.fill(freshman.stuid.toLowerCase());
    expect(await keyword.inputValue()).toBe(freshman.stuid);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('確認繳費人與項目').waitFor();
    await page.getByText(`${freshman.name} (U`).waitFor();
    await page.getByText('從未入社').waitFor();
    const fee = page.getByLabel(`社費 ${semester}（600 元）`);
    expect(await fee.isChecked()).toBe(true);
    await page.getByText('應收 600 元').waitFor();

    // Cancel asks first (step 4); going back keeps the form.
    await page.getByRole('button', { name: '取消', exact: true }).click();
    await page.getByText('確定要取消這次收費嗎？').waitFor();
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByText('應收 600 元').waitFor();

    // Step 5: the receipt.
    await page.getByRole('button', { name: '確認收款' }).click();
    await page.getByRole('heading', { name: '收據' }).waitFor();
    await page.getByText(`繳費人：${freshman.name}`).waitFor();
    await page.getByRole('cell', { name: `社費 ${semester}（現金）` }).waitFor();
    await page.getByText('合計 600 元').waitFor();
    await page.getByText(`收款幹部：${treasurer.name}`).waitFor();

    // Continue: back to the lookup, with today's list.
    await page.getByRole('button', { name: '繼續收費' }).click();
    await page.getByText('今天已收 1 筆，共 600 元').waitFor();
    const row = page.getByRole('row', { name: new RegExp(freshman.name) });
    await row.getByRole('button', { name: '收據' }).click();
    await page.getByRole('heading', { name: '收據' }).waitFor();
    await page.getByText('合計 600 元').waitFor();
  });

  it('offers the next semester to a member, not ticked; cancelling asks first', {
    timeout: 60_000,
  }, async () => {
    await page.getByRole('button', { name: '繼續收費' }).click();
    const keyword = page.getByLabel('學號或手機');
    await keyword.fill(freshman.stuid);
    await page.getByRole('button', { name: '下一步' }).click();
    // A member now: a fee collected now would be for the next semester, not ticked at first.
    await page.getByText('本學期社員').waitFor();
    await page.getByText('應收 0 元').waitFor();
    await page.getByRole('button', { name: '取消', exact: true }).click();
    await page.getByText('確定要取消這次收費嗎？').waitFor();
    await page.getByRole('button', { name: '確定取消' }).click();
    await page.getByText('今天已收 1 筆，共 600 元').waitFor();

    const check = await api(
      'GET',
      '/api/user/check',
      undefined,
      (await signInApi(baseUrl, freshman.mobile, freshman.password)).cookie,
    );
    expect(check.body.user).toMatchObject({ pk: freshmanPk, ismember: true, lastmember: semester });
  });

  it('counts a cash pouch: scan with a forced recount, settle 1, settle 2, commit', {
    timeout: 90_000,
  }, async () => {
    const barcode = `CASH-${runDigits}`;
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('link', { name: '儲值袋點收' }).click();
    await page.waitForURL(`${baseUrl}/admin/deposit`);
    await page.getByText('還沒有登記任何儲值袋').waitFor();
    await page.getByLabel('儲值袋條碼').fill(barcode);
    await page.getByRole('button', { name: '登記', exact: true }).click();
    await page.getByText('已登記 1 個儲值袋（0 個先前已登記）').waitFor();
    await page
      .getByRole('row', { name: new RegExp(barcode) })
      .getByText('未使用')
      .waitFor();

    // The freshman tops up 500 with the pouch (the member's own page is another feature's).
    const member = await signInApi(baseUrl, freshman.mobile, freshman.password);
    const topUp = await api('POST', '/api/user/pouch/topup', { barcode, amount: 500 }, member.cookie);
    expect(topUp.body.status).toBe('ok');
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(barcode) })
      .getByText('待點收')
      .waitFor();

    // Scan: 400 counted where 500 was declared is a warning; after a recount it is counted anyway.
    await page.getByRole('button', { name: '掃描點收' }).click();
    await page.getByLabel('儲值袋條碼').fill(barcode);
    await page.getByLabel('點收金額').fill('abc');
    await page.getByRole('button', { name: '點收', exact: true }).click();
    await page.getByText('請檢查金額').waitFor();
    await page.getByLabel('點收金額').fill('400');
    await page.getByRole('button', { name: '點收', exact: true }).click();
    await page.getByText('申報 500 元，點收 400 元。請重新點過再確認。').waitFor();
    await page.getByRole('button', { name: '已重新點過，以 400 元點收' }).click();
    await page.getByText('本批已點收 1 袋，共 400 元').waitFor();
    await page.getByLabel('儲值袋條碼').fill(barcode);
    await page.getByLabel('點收金額').fill('400');
    await page.getByRole('button', { name: '點收', exact: true }).click();
    await page.getByText('此儲值袋已經點收過').waitFor();

    // Settle 1: the pouch count; settle 2: notes and coins must add up to 400.
    await page.getByRole('button', { name: '結算' }).click();
    await page.getByLabel('手上的儲值袋數量').fill('2');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('數量不一致').waitFor();
    await page.getByLabel('手上的儲值袋數量').fill('1');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('200 元鈔票張數').fill('1');
    await page.getByLabel('100 元鈔票張數').fill('x');
    await page.getByText('金額只能輸入數字').first().waitFor();
    await page.getByLabel('100 元鈔票張數').fill('1');
    await page.getByText('合計 300 元，應為 400 元').waitFor();
    await page.getByRole('button', { name: '存入' }).click();
    await page.getByText('總金額不符').waitFor();
    await page.getByLabel('100 元鈔票張數').fill('2');
    await page.getByRole('button', { name: '存入' }).click();
    await page.getByText('已存入 400 元').waitFor();
    await page.getByText('第 2 批：已點收 0 袋，共 0 元').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(barcode) }).count()).toBe(0);
  });

  it('adds value for a member from the user search', { timeout: 60_000 }, async () => {
    await page.goto(`${baseUrl}/admin/user/search`);
    await page.getByLabel('關鍵字').fill(freshman.name);
    const row = page.getByRole('row', { name: new RegExp(freshman.name) });
    await row.getByRole('cell', { name: '500', exact: true }).waitFor();
    await row.getByRole('button', { name: '儲值／退款' }).click();
    await page.getByLabel('金額（元）').fill('150');
    await page.getByRole('button', { name: '確認儲值' }).click();
    await page.getByText('儲值金額須為 100 的倍數').waitFor();
    await page.getByLabel('金額（元）').fill('300');
    await page.getByRole('button', { name: '確認儲值' }).click();
    await page.getByText(`已為 ${freshman.name} 儲值 300 元，餘額 800 元`).waitFor();
    await row.getByRole('cell', { name: '800', exact: true }).waitFor();
  });
});
