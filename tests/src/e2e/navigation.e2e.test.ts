import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  type RunningPortal,
  signedInPage,
  startPortal,
} from './harness.ts';

// Following a menu link to a page whose code is not loaded yet: the current page stays on screen with a
// bar across the top until the next page can render (app/routes/guarded-route.tsx), instead of the page
// loader replacing it, after which React holds the new page back for 300 ms.

describe('in-app navigation to a page whose code is still loading', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const member = applicants('navigation').person(1, '測試社員');

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
  }, 60_000);
  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  /** From now on every script the page asks for waits until `release` is called. */
  async function holdScripts(page: Page) {
    let held = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    return { held: () => held, release: () => release() };
  }

  /** After two animation frames: the member home is the page shown, with the loading bar and no loader. */
  async function expectHomeStillShown(page: Page) {
    await page.getByRole('progressbar', { name: '正在載入頁面' }).waitFor();
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    expect(await page.getByRole('heading', { name: '社員首頁' }).isVisible()).toBe(true);
    expect(await page.locator('main [aria-label="…"]').count()).toBe(0);
  }

  async function expectTransLogShown(page: Page) {
    await page.getByRole('heading', { name: '交易紀錄' }).waitFor();
    await page.getByRole('progressbar', { name: '正在載入頁面' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: '社員首頁' }).count()).toBe(0);
  }

  it('keeps the member home shown, with the loading bar, until the transaction log can render', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The log page's chunks and the whole catalog wait for the test to let them through.
    const scripts = await holdScripts(page);

    await page.locator('nav').getByRole('link', { name: '交易紀錄' }).click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await expectHomeStillShown(page);

    scripts.release();
    await expectTransLogShown(page);
  });

  it('on a phone, closes the menu at the tap and shows the home with the bar meanwhile', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts, { width: 390, height: 844 });
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await holdScripts(page);

    await page.getByRole('button', { name: '選單' }).click();
    await page.locator('nav').getByRole('link', { name: '交易紀錄' }).click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    expect(await page.locator('nav').getByRole('link', { name: '交易紀錄' }).count()).toBe(0);
    await expectHomeStillShown(page);

    scripts.release();
    await expectTransLogShown(page);
  });
});
