import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  launchBrowser,
  type RunningPortal,
  signedInPage,
  startPortal,
  closeAll,
  loadDemo,
} from './harness.ts';

// Pages that say where you are (issue 8, section 4), in a real browser on the demo club: a not-found page
// instead of a silent redirect, no login page for the signed-in, public terms, the transfer in the menu,
// registration problems marked at their fields, staff tables that scroll (not squeeze) on phones, and
// one page width on desktop. Screenshots of the phone and desktop layouts go to /tmp/club-orientation/.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/club-orientation';
const { person } = applicants('orientation');

describe('pages that say where you are', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const member = { mobile: '0900000002', password: 'demo1234' };
  const staff = { mobile: '0900000001', password: 'demo1234' };

  const visitorPage = async (viewport = DESKTOP): Promise<Page> => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return context.newPage();
  };
  const menu = (page: Page) => page.getByRole('navigation', { name: '選單' });

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

  // Every route of the table has its page now (issue 19 built the last ones), so no unbuilt path is left.
  it('shows a not-found page with a way home for an unknown path, and for a 403', {
    timeout: 60_000,
  }, async () => {
    const page = await visitorPage();
    for (const url of ['/no/such/page', '/admin/point/abc']) {
      await page.goto(`${baseUrl}${url}`);
      await page.getByRole('heading', { name: '找不到頁面' }).waitFor();
      // The address stays as typed and is shown, so the person sees what was not found.
      expect(new URL(page.url()).pathname).toBe(url);
      await page.getByText(url, { exact: true }).waitFor();
    }
    await page.getByRole('link', { name: '回到首頁' }).click();
    await page.getByRole('heading', { name: '歡迎來到攝影社' }).waitFor();

    // A member who is not staff opening the staff area: the spec's 403 handling, the same page.
    const signedIn = await signedInPage(browser, baseUrl, member, contexts);
    await signedIn.goto(`${baseUrl}/admin/user/list/recent`);
    await signedIn.getByRole('heading', { name: '找不到頁面' }).waitFor();
    await signedIn.getByRole('link', { name: '回到首頁' }).click();
    await signedIn.waitForURL(`${baseUrl}/memberhome`);
  });

  it('sends a signed-in person from the login and registration pages to the member home', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, baseUrl, member, contexts);
    for (const url of ['/user/login', '/user/register']) {
      await page.goto(`${baseUrl}${url}`);
      await page.waitForURL(`${baseUrl}/memberhome`);
      await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    }
    // Logging in on the login page still goes where the person was going.
    const visitor = await visitorPage();
    await visitor.goto(`${baseUrl}/user/trans/log`);
    await visitor.waitForURL(/\/user\/login\?redirect=/);
    await visitor.getByLabel('手機、學號或 Email').fill(member.mobile);
    await visitor.getByLabel(/^密碼/).fill(member.password);
    await visitor.keyboard.press('Enter');
    await visitor.waitForURL(`${baseUrl}/user/trans/log`);
    // Moving to the login and registration pages inside the app (no page load) is redirected too.
    for (const url of ['/user/login', '/user/register']) {
      await visitor.evaluate(
        `history.pushState({}, '', '${url}'); dispatchEvent(new PopStateEvent('popstate'))`,
      );
      // Polled: the router's replaceState is a same-document change that may land before a waiter starts.
      await expect.poll(() => visitor.url(), { timeout: 15_000 }).toBe(`${baseUrl}/memberhome`);
      await visitor.getByRole('heading', { name: '社員首頁' }).waitFor();
    }
  });

  it('lets a visitor read the terms from the public menu', { timeout: 60_000 }, async () => {
    const page = await visitorPage();
    await page.goto(baseUrl);
    await menu(page).getByRole('link', { name: '社規' }).click();
    await page.waitForURL(`${baseUrl}/terms`);
    await page.getByRole('heading', { name: '社規' }).waitFor();
    // The same rules the application wizard shows.
    expect(await page.locator('main').textContent()).toMatch(/社費/);
  });

  it('lists the transfer in the member menu for who may transfer, not for who may not', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, baseUrl, member, contexts);
    await menu(page).getByRole('link', { name: '轉帳' }).click();
    await page.waitForURL(`${baseUrl}/user/transfer`);
    await page.getByRole('heading', { name: '轉帳' }).waitFor();
    // On a phone the menu opens with the burger.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: '選單' }).click();
    expect(await menu(page).getByRole('link', { name: '轉帳' }).isVisible()).toBe(true);

    // The applicant of the demo has no money: nothing to transfer, no menu entry.
    const applicant = await signedInPage(
      browser,
      baseUrl,
      { mobile: '0900000004', password: 'demo1234' },
      contexts,
    );
    await menu(applicant).getByRole('link', { name: '交易紀錄' }).waitFor();
    expect(await menu(applicant).getByRole('link', { name: '轉帳' }).count()).toBe(0);
  });

  it('marks every invalid registration field at the field, focusing the first', {
    timeout: 60_000,
  }, async () => {
    const page = await visitorPage(PHONE);
    await page.goto(`${baseUrl}/user/register`);
    await page.getByRole('button', { name: '本校學生' }).click();
    await page.getByLabel('我已閱讀並同意社規').check();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('姓名').waitFor();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: '送出申請' }).click();

    // Every problem at its field, in the spec's order, the first one focused; no toast over the header.
    const invalid = page.locator('[aria-invalid="true"]');
    await page.locator('[id$="-error"]').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/register-errors-phone.png`, fullPage: true });
    // Each text field says it is invalid (the sex radio group shows its message only).
    await expect.poll(() => invalid.count()).toBe(5);
    const messages = await page.locator('[id$="-error"]').allInnerTexts();
    expect(messages).toEqual([
      '請填寫姓名',
      '請選擇性別',
      '學號格式錯誤',
      '手機號碼格式錯誤',
      'Email 格式錯誤',
      '密碼至少需要 6 個字元',
    ]);
    expect(await page.locator(':focus').getAttribute('id')).toBe(
      await page.getByLabel('姓名').getAttribute('id'),
    );
    // The focused field is on screen, below the fixed header, not under it.
    const focused = await page.locator(':focus').boundingBox();
    expect(focused!.y).toBeGreaterThanOrEqual(56);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);

    // Correcting a field clears its mark; sending again focuses the next problem.
    const applicant = person(1, '王小明');
    await page.getByLabel('姓名').fill(applicant.name);
    await page.getByRole('button', { name: '送出申請' }).click();
    await expect.poll(() => invalid.count()).toBe(4);
    expect(await page.locator(':focus').inputValue()).toBe('1');

    // A value another account has is marked at its field by the server's answer.
    await page.getByLabel('男').check();
    await page.getByLabel('學號').fill(applicant.stuid);
    await page.getByLabel('手機').fill(member.mobile);
    await page.getByLabel('Email').fill(applicant.email);
    await page.getByLabel(/^密碼/).fill(applicant.password);
    await page.getByLabel('再次輸入密碼').fill(applicant.password);
    await page.getByRole('button', { name: '送出申請' }).click();
    await page.getByText('此手機號碼已被使用').waitFor();
    expect(await page.getByLabel('手機').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(':focus').inputValue()).toBe(member.mobile);
  });

  it('scrolls wide staff tables on a phone in a region the keyboard reaches, names on one line', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, baseUrl, staff, contexts);
    await page.setViewportSize(PHONE);
    for (const url of ['/admin/user/list/recent', '/admin/member/list']) {
      await page.goto(`${baseUrl}${url}`);
      const region = page.getByRole('region').first();
      await region.waitFor();
      await page.screenshot({ path: `${SHOTS}/phone${url.replaceAll('/', '_')}.png`, fullPage: true });
      // The caption (the region's name) is on screen, not scrolled away.
      const captionId = await region.getAttribute('aria-labelledby');
      const caption = await page.locator(`[id="${captionId}"]`).boundingBox();
      expect(caption!.x).toBeGreaterThanOrEqual(0);
      expect(caption!.x + caption!.width).toBeLessThanOrEqual(PHONE.width);
      // Wider than the screen: a visible hint, and the keyboard scrolls it.
      expect(await page.getByTestId('scroll-hint').isVisible(), url).toBe(true);
      expect(await region.getAttribute('tabindex')).toBe('0');
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      // Names on one line: in every row, every cell is as tall as the one-line number cell.
      const rowHeights = await page
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().height))),
        );
      expect(rowHeights.length).toBeGreaterThan(0);
      for (const heights of rowHeights) expect(new Set(heights).size, `${url}: ${heights}`).toBe(1);
    }
  });

  it('gives every page the same column width on a desktop', { timeout: 90_000 }, async () => {
    const page = await signedInPage(browser, baseUrl, staff, contexts);
    const widths = new Map<string, number>();
    for (const url of [
      '/memberhome',
      '/user/trans/log',
      '/terms',
      '/admin/user/list/recent',
      '/admin/point/stat',
    ]) {
      await page.goto(`${baseUrl}${url}`);
      await page.getByRole('heading').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/desktop${url.replaceAll('/', '_')}.png` });
      const heading = await page.getByRole('heading', { level: 2 }).first().boundingBox();
      const column = await page.locator('main > div').first().boundingBox();
      widths.set(url, Math.round(column!.width));
      // Every page starts its title at the column's left edge.
      expect(Math.round(heading!.x), url).toBe(Math.round(column!.x));
    }
    expect(new Set(widths.values()).size, JSON.stringify([...widths])).toBe(1);
    expect([...widths.values()][0]).toBeLessThanOrEqual(960);
  });
});
