import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, startPortal } from './harness.ts';

// The accounts journey in a real browser against the real server (production mode, serving web/dist):
// apply through the wizard, log in with the mobile number, see the member home's gate, switch to
// English, log out. The page is driven as a person would: by roles, labels and visible text.
//
// E2E_BASE_URL runs the journey against a portal that is already running (for example the API with
// the Vite dev server in front); otherwise the test starts its own server on a fresh data folder.

// Unique per run, so the journey also works against a portal that already has data.
const runDigits = String(Date.now()).slice(-8);
const applicant = {
  name: '陳測試',
  stuid: `b${runDigits}`,
  mobile: `09${runDigits}`,
  email: `e2e.${runDigits}@example.com`,
  password: 'darkroom42',
};

describe('accounts in the browser', () => {
  let portal: RunningPortal | undefined;
  let baseUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const externalBaseUrl = process.env.E2E_BASE_URL;
    if (externalBaseUrl) baseUrl = externalBaseUrl.replace(/\/$/, '');
    else {
      portal = await startPortal();
      baseUrl = portal.baseUrl;
    }
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  }, 30_000);

  it('applies for membership through the wizard', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: '社團粉絲專頁' }).waitFor();
    await page.getByRole('link', { name: '申請入社' }).first().click();
    await page.waitForURL(`${baseUrl}/user/register`);

    // Step 0: identity; step 1: the rules must be agreed before going on.
    await page.getByRole('button', { name: '本校學生' }).click();
    await page.getByRole('heading', { name: '一、社員資格與社費' }).waitFor();
    await page.getByLabel('我已閱讀並同意社規').check();
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: the data form; a mistake is marked at its field and nothing is sent.
    await page.getByText('須與身分證件（學生證、身分證或護照）上的姓名相同').waitFor();
    await page.getByLabel(/^姓名/).fill(applicant.name);
    await page.getByRole('radio', { name: '男' }).check();
    await page.getByLabel(/^學號/).fill(applicant.stuid);
    expect(await page.getByLabel(/^學號/).inputValue()).toBe(applicant.stuid.toUpperCase());
    await page.getByLabel(/^手機/).fill(applicant.mobile);
    await page.getByLabel(/^Email/).fill(applicant.email);
    await page.getByLabel(/^密碼/).fill(applicant.password);
    await page.getByLabel(/^再次輸入密碼/).fill(`${applicant.password}x`);
    await page.getByRole('button', { name: '送出申請' }).click();
    await page.getByText('兩次輸入的密碼不同').waitFor();

    await page.getByLabel(/^再次輸入密碼/).fill(applicant.password);
    await page.getByRole('button', { name: '送出申請' }).click();

    // Step 3: success with the steps after applying.
    await page.getByText('申請成功').waitFor();
    await page.getByText('申請後的步驟').waitFor();
  });

  it('logs in with the mobile number and sees the member home of someone never a member', async () => {
    await page.getByRole('link', { name: '前往登入' }).click();
    await page.waitForURL(`${baseUrl}/user/login`);

    await page.getByLabel('手機、學號或 Email').fill(applicant.mobile);
    await page.getByLabel(/^密碼/).fill('not-the-password');
    await page.keyboard.press('Enter');
    await page.getByText('帳號或密碼錯誤').waitFor();

    await page.getByLabel(/^密碼/).fill(applicant.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/memberhome`);
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    await page.getByText('你還不是社員').waitFor();
    await page.getByText('申請後的步驟').waitFor();
    expect(await page.title()).toContain('社員首頁');
  });

  it('switches the interface to English at once', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('You are not a member yet').waitFor();
    await page.getByRole('heading', { name: 'Member home' }).waitFor();
    expect(await page.title()).toContain('Member home');
  });

  it('logs out back to the public home', async () => {
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Apply for membership' }).first().waitFor();
    const check = (await page.evaluate(() =>
      fetch('/api/user/check').then((response) => response.json()),
    )) as {
      user: unknown;
    };
    expect(check.user).toBeNull();
  });

  it('sends a visitor from a member page to login and back there after logging in', async () => {
    await page.goto(`${baseUrl}/user/change/password`);
    await page.waitForURL(`${baseUrl}/user/login?redirect=%2Fuser%2Fchange%2Fpassword`);
    await page.getByLabel('Mobile, student ID or email').fill(applicant.stuid);
    await page.getByLabel(/^Password/).fill(applicant.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/user/change/password`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
  });
});
