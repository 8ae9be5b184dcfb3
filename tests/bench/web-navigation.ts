// In-app navigation in real Chromium on loopback: a member on the demo club's member home follows menu
// links, first to pages whose code this browser context has not loaded yet, then to the same pages again
// (their code in memory). The time counts from the click until the page's title is set and its main area
// shows no loader. The revisit is the baseline measured in the same run: a first visit costs the page's
// chunks (and, once, the whole catalog) on top of it. A page loader between the two pages used to add
// React's 300 ms hold on revealing suspended content (docs/performance.md, "In-app navigation").
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api/src/cli/demo-accounts.ts';
import { closeAll, launchBrowser, loadDemo, signedInPage, startPortal } from '../src/e2e/harness.ts';

const ROUNDS = 3;
const PAGES = 6;
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Clicks the menu link to `href` and returns the ms until that page is shown with its data. */
async function follow(page: Page, href: string, title: string): Promise<number> {
  const startedAt = Date.now();
  await page.locator(`nav a[href="${href}"]`).first().click();
  await page.waitForFunction((expected) => {
    // This package's types have no DOM.
    const { document } = globalThis as unknown as {
      document: { title: string; querySelector(selector: string): unknown };
    };
    return document.title.startsWith(expected) && !document.querySelector('main [aria-label="…"]');
  }, `${title} |`);
  return Date.now() - startedAt;
}

export async function benchWebNavigation(): Promise<Record<string, number | string>> {
  const portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
  const browser = await launchBrowser();
  const contexts: Parameters<typeof signedInPage>[3] = [];
  const first: number[] = [];
  const again: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const page = await signedInPage(
        browser,
        portal.baseUrl,
        { mobile: '0900000002', password: DEMO_PASSWORD },
        contexts,
      );
      await page.waitForLoadState('networkidle');
      const links = await page
        .locator('nav a')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.getAttribute('href') ?? '', anchor.textContent ?? ''] as const),
        );
      const targets = links.filter(([href]) => href !== '/memberhome').slice(0, PAGES);
      for (const [href, title] of targets) first.push(await follow(page, href, title));
      for (const [href, title] of targets) again.push(await follow(page, href, title));
    }
  } finally {
    await closeAll(contexts, browser, portal);
  }
  const firstMs = median(first);
  const againMs = median(again);
  return {
    [`menu link to a page not loaded yet (ms, median of ${first.length})`]: firstMs,
    [`menu link to a page loaded before (ms, median of ${again.length})`]: againMs,
    'first visit vs revisit (ratio)': Number((firstMs / againMs).toFixed(2)),
  };
}
