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

// The system area in a real browser against the real server (production mode, serving web/dist): a staff
// member with the system and user authorities searches for a member on AdminUserSearch, opens their
// detail from the result, changes a profile field, then opens the system status from the member home's
// system button (with its problem count) and reads the user change, user search and login logs through
// the system navigation; the change, the search and the member's login are in them. On a phone-wide
// screen the login log is a list of cards that does not scroll sideways.

const { runDigits, person } = applicants('system');
const admin = person(1, '周系統');
const member = person(2, '吳被改');

describe('the system area in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  let memberPk: number;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown, cookie?: string) =>
    callApi(baseUrl, method, url, body, cookie);
  let adminCookie: string;

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    for (const account of [admin, member]) {
      const registered = await api('POST', '/api/user/register', account);
      expect(registered.body.status).toBe('ok');
    }
    const adminLogin = await signInApi(baseUrl, admin.mobile, admin.password);
    adminCookie = adminLogin.cookie;
    memberPk = (await signInApi(baseUrl, member.mobile, member.password)).user.pk;
    await makeActiveStaff(portal.dataDir, adminLogin.user.pk, {
      runId: `system-${runDigits}`,
      position: '資訊',
      grants: ['system', 'user'],
    });
    await waitFor(
      'the staff member to reach the server',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, adminCookie);
        const user = check.body.user as { isstaff: boolean; ismember: boolean; authlist: string[] };
        return user.isstaff && user.ismember && user.authlist.includes('user') ? true : undefined;
      },
      10_000,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  let page: Page;

  it('finds a member, opens their detail and changes a field', { timeout: 90_000 }, async () => {
    page = await signedInPage(browser, baseUrl, admin, contexts);
    await page.goto(`${baseUrl}/admin/user/search`);
    await page.getByLabel('關鍵字').fill(member.name);
    // The result links to the detail (the user authority).
    const memberPkstr = `U${String(memberPk).padStart(5, '0')}`;
    await page.getByRole('link', { name: memberPkstr }).click();
    await page.waitForURL(`${baseUrl}/admin/user/detail/${memberPk}`);
    await page.getByRole('heading', { name: new RegExp(member.name) }).waitFor();

    const department = page.getByLabel('系所');
    expect(await department.inputValue()).toBe('資工系');
    const save = page.getByRole('button', { name: '儲存修改' });
    expect(await save.isDisabled()).toBe(true);
    await department.fill('電機系');
    // A taken mobile number is refused with the registration wizard's words, and nothing is saved.
    await page.getByLabel('手機').fill(admin.mobile);
    await save.click();
    await page.getByText('此手機號碼已被使用').waitFor();
    await page.getByLabel('手機').fill(member.mobile);
    await save.click();
    await page.getByText('已儲存').waitFor();
    const detail = await api('GET', `/api/admin/user/detail/${memberPk}`, undefined, adminCookie);
    expect(detail.body.user).toMatchObject({ department: '電機系', mobile: member.mobile });
  });

  it('shows the problem count on the system button and the status lists', { timeout: 60_000 }, async () => {
    await page.goto(`${baseUrl}/memberhome`);
    // The count arrives 500 ms after the home: the button then names it ('n 個問題' or '正常').
    const button = page.getByRole('link', { name: /^系統狀態.*(個問題|正常)$/ });
    await button.waitFor();
    const label = (await button.textContent()) ?? '';
    await button.click();
    await page.waitForURL(`${baseUrl}/admin/system/status`);
    await page.getByRole('heading', { name: /^問題（\d+）$/ }).waitFor();
    const problems = Number(
      /問題（(\d+)）/.exec(
        (await page.getByRole('heading', { name: /^問題（\d+）$/ }).textContent()) ?? '',
      )?.[1],
    );
    // The member home's count is the status page's (device hosts come and go, so both are read here).
    expect(label.includes('正常') ? 0 : Number(/(\d+) 個問題/.exec(label)?.[1])).toBe(problems);
    const normal = page.getByRole('list', { name: '正常' });
    await normal.getByText('Redis 連線正常').waitFor();
    await normal.getByText('資料讀取模型已同步').waitFor();
    await normal.getByText(/^資料夾磁碟剩餘 [\d.]+ GiB/).waitFor();
    await normal.getByText('佇列 label-render：', { exact: false }).waitFor();
    // No backup of this data folder yet: a problem until staff run npm run backup.
    await page.getByRole('list', { name: /^問題/ }).getByText('尚未備份（請執行 npm run backup）').waitFor();
  });

  it('reads the user change, user search and login logs through the system navigation', {
    timeout: 60_000,
  }, async () => {
    const nav = page.getByRole('navigation', { name: '系統區' });
    await nav.getByRole('link', { name: '使用者資料修改紀錄' }).click();
    await page.waitForURL(`${baseUrl}/admin/system/user/change/log`);
    const changes = page.getByRole('region', { name: '使用者資料修改紀錄' });
    const changeRow = changes.getByRole('row').filter({ hasText: '電機系' });
    await changeRow.waitFor();
    expect(await changeRow.textContent()).toContain('資工系');
    expect(await changeRow.textContent()).toContain('系所');
    expect(await changeRow.textContent()).toContain(admin.name);
    expect(await changeRow.textContent()).toContain(member.name);
    // The refused mobile change is not in the log.
    expect(await changes.getByRole('row').filter({ hasText: admin.mobile }).count()).toBe(0);

    await nav.getByRole('link', { name: '使用者搜尋紀錄' }).click();
    await page.waitForURL(`${baseUrl}/admin/system/user/search/log`);
    // Rows are read inside each log's own table: the previous page may still show while the next loads.
    const searchRow = page
      .getByRole('region', { name: '使用者搜尋紀錄' })
      .getByRole('row')
      .filter({ hasText: member.name });
    await searchRow.first().waitFor();
    expect(await searchRow.first().textContent()).toContain(admin.name);

    await nav.getByRole('link', { name: '登入紀錄' }).click();
    await page.waitForURL(`${baseUrl}/admin/system/login/log`);
    const loginRow = page
      .getByRole('region', { name: '登入紀錄' })
      .getByRole('row')
      .filter({ hasText: member.name })
      .first();
    await loginRow.waitFor();
    expect(await loginRow.textContent()).toMatch(/網頁.*主站.*成功/);
  });

  it('lists the login log as cards on a phone, without sideways scrolling', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    const phone = await context.newPage();
    await phone.goto(`${baseUrl}/user/login`);
    await phone.getByLabel('手機、學號或 Email').fill(admin.mobile);
    await phone.getByLabel(/^密碼/).fill(admin.password);
    await phone.keyboard.press('Enter');
    await phone.waitForURL(`${baseUrl}/memberhome`);
    await phone.goto(`${baseUrl}/admin/system/login/log`);
    const cards = phone.getByRole('list', { name: '登入紀錄' });
    await cards.getByRole('listitem').filter({ hasText: member.name }).first().waitFor();
    const width = Number(await phone.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(390);
  });
});
