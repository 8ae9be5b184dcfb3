import type { Browser, BrowserContext } from 'playwright-core';
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

  it('keeps the member home shown, with the loading bar, until the transaction log can render', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    await page.waitForLoadState('networkidle');

    // From here every script the browser asks for (the log page's chunks, the whole catalog) waits for
    // the test to let it through.
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
    const loaderInMain = page.locator('main [aria-label="…"]');
    const bar = page.getByRole('progressbar', { name: '正在載入頁面' });

    await page.locator('nav').getByRole('link', { name: '交易紀錄' }).click();
    await expect.poll(() => held).toBeGreaterThan(0);
    await bar.waitFor();
    // Two animation frames later the home is still the page shown, and no page loader took its place.
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    expect(await page.getByRole('heading', { name: '社員首頁' }).isVisible()).toBe(true);
    expect(await loaderInMain.count()).toBe(0);

    release();
    await page.getByRole('heading', { name: '交易紀錄' }).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: '社員首頁' }).count()).toBe(0);
  });
});
