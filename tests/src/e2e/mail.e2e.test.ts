import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  makeActiveStaff,
  type RunningPortal,
  signInApi,
  signedInPage,
  startPortal,
  waitFor,
} from './harness.ts';

// E-mail pages in a real browser against the real server without SMTP_URL: a visitor asks for a reset
// link through 「忘記密碼」 on the login page and gets the same answer as anyone; a staff member with the
// system authority reads the e-mail log, where the welcome and the reset mail are logged as not sent.
// (Sending through a real SMTP peer is api/src/mail/mail.int.test.ts.)

const { runDigits, person } = applicants('mail');
const keeper = person(1, '系統管理');
const forgetful = person(2, '忘記的人');

describe('e-mail pages in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ env: { SMTP_URL: '' } });
    const api = (method: string, url: string, body?: unknown, cookie?: string) =>
      callApi(portal.baseUrl, method, url, body, cookie);
    for (const account of [keeper, forgetful])
      expect((await api('POST', '/api/user/register', account)).body.status).toBe('ok');
    const login = await signInApi(portal.baseUrl, keeper.mobile, keeper.password);
    await makeActiveStaff(portal.dataDir, login.user.pk, {
      runId: `mail-${runDigits}`,
      position: '總務',
      grants: ['system'],
    });
    await waitFor(
      'the keeper to hold the system authority',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, login.cookie);
        const user = check.body.user as { isstaff: boolean; ismember: boolean; authlist: string[] };
        return user.isstaff && user.ismember && user.authlist.includes('system') ? true : undefined;
      },
      15_000,
    );
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  });

  it('asks for a reset link from the login page, and the e-mail log lists the mails', async () => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    const visitor = await context.newPage();
    await visitor.goto(`${portal.baseUrl}/user/login`);
    await visitor.getByRole('link', { name: '忘記密碼' }).click();
    // The login page stays on screen while this page's code loads, and its account field is labelled
    // Email too: wait for the page a person would see.
    await visitor.getByRole('heading', { name: '忘記密碼' }).waitFor();
    await visitor.getByLabel('Email').fill(forgetful.email);
    await visitor.getByRole('button', { name: '寄出重設連結' }).click();
    await visitor.getByText('如果這個 Email 有註冊帳號，重設密碼的連結已寄出').waitFor();

    const staff = await signedInPage(browser, portal.baseUrl, keeper, contexts);
    await staff.goto(`${portal.baseUrl}/admin/system/email/log`);
    const rows = staff.getByRole('row').filter({ hasText: forgetful.email });
    await waitFor(
      'the welcome and the reset mail in the e-mail log',
      async () => {
        await staff.reload();
        await staff.getByRole('heading', { name: 'Email 紀錄' }).waitFor();
        return (await rows.count()) === 2 ? true : undefined;
      },
      15_000,
    );
    await rows.filter({ hasText: '歡迎加入攝影社' }).getByText('未寄出').waitFor();
    await rows.filter({ hasText: '重設密碼' }).getByText('SMTP_URL not set').waitFor();
  }, 60_000);
});
