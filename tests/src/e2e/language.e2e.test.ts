import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  launchBrowser,
  type RunningPortal,
  signedInPage,
  signInApi,
  startPortal,
  closeAll,
  loadDemo,
} from './harness.ts';

// English that stays English (issue 8, section 3), in a real browser on the demo club: texts the system
// wrote into the ledger (a cash top-up, a member fee taken in cash) read in English on English pages, also
// for events the demo wrote with the old Chinese text only; and a person who chose English keeps it on
// the public pages after logging out, in a browser that prefers Chinese.

describe('language in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const member = { mobile: '0900000002', password: 'demo1234' };
  const staff = { mobile: '0900000001', password: 'demo1234' };

  /** The header's language switch; a signed-in person's choice is saved on the server before going on. */
  const chooseEnglish = async (page: Page) => {
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/settings/update'));
    await page.getByRole('button', { name: 'English' }).click();
    expect((await saved).ok()).toBe(true);
  };

  beforeAll(async () => {
    portal = await startPortal({
      prepare: async (dataDir) => {
        loadDemo(dataDir);
      },
    });
    baseUrl = portal.baseUrl;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('shows the system-made summaries of the ledger in English on English pages', {
    timeout: 90_000,
  }, async () => {
    const page = await signedInPage(browser, baseUrl, member, contexts);
    await chooseEnglish(page);
    await page.getByRole('link', { name: 'Transaction log' }).click();
    const table = page.getByRole('table');
    // The demo booked the member's cash with the old Chinese text only: the render rule reads it.
    await expect.poll(() => table.textContent()).toContain('Cash top-up');
    expect(await table.textContent()).not.toContain('現金儲值');

    // A member fee taken in cash now, stored with its code: the staff's list of today reads in English.
    const { cookie } = await signInApi(baseUrl, staff.mobile, staff.password);
    const prepared = await callApi(
      baseUrl,
      'POST',
      '/api/admin/receive/member/fee',
      { cmd: 'prepare', keyword: 'B10000003' },
      cookie,
    );
    expect(prepared.body, JSON.stringify(prepared.body)).toMatchObject({ status: 'ok' });
    const payer = prepared.body.userwaitforpay as { pk: number; memberfeeSemester: string };
    const paid = await callApi(
      baseUrl,
      'POST',
      '/api/admin/receive/member/fee',
      {
        cmd: 'pay',
        userwaitforpay: { pk: payer.pk, keyword: 'B10000003', memberfeeSemester: payer.memberfeeSemester },
        memberfeeChecked: true,
        totalNeedPay: 600,
      },
      cookie,
    );
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'ok' });
    const staffPage = await signedInPage(browser, baseUrl, staff, contexts);
    await chooseEnglish(staffPage);
    await staffPage.goto(`${baseUrl}/admin/receive/member/fee`);
    await staffPage.getByLabel('I have read and agree to these rules').check();
    await staffPage.getByRole('button', { name: 'Start collecting' }).click();
    await staffPage.waitForLoadState('networkidle');
    await staffPage.screenshot({ path: '/tmp/club-language-staff-en.png', fullPage: true });
    const today = staffPage.getByRole('region', { name: 'Member fees and deposits received today' });
    await expect.poll(() => today.textContent()).toContain(`Member fee ${payer.memberfeeSemester} (cash)`);
    expect(await today.textContent()).not.toContain('社費');
    // Back in Chinese, the same row reads as the spec writes it.
    await staffPage.getByRole('button', { name: '中文' }).click();
    await expect
      .poll(() => staffPage.getByRole('region', { name: '今天收的社費與保證金' }).textContent())
      .toContain(`社費 ${payer.memberfeeSemester}（現金）`);
  });

  it('keeps English on the public pages after logging out, in a browser that prefers Chinese', {
    timeout: 90_000,
  }, async () => {
    // The person's setting is English on the server (chosen on another device, say).
    const { cookie } = await signInApi(baseUrl, member.mobile, member.password);
    const saved = await callApi(
      baseUrl,
      'PUT',
      '/api/user/settings/update',
      { settings: { lang: 'en' } },
      cookie,
    );
    expect(saved.body.status).toBe('ok');

    // A fresh browser (nothing stored, Chinese preferred): logging in brings English from the setting.
    const page = await signedInPage(browser, baseUrl, member, contexts);
    await page.getByRole('heading', { name: 'Member home' }).waitFor();
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to the Photography Club' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // Still English after a reload and on the other public pages.
    await page.reload();
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu' }).textContent()).toContain(
      'Apply for membership',
    );
  });
});
