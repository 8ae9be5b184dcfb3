// Largest Contentful Paint of the login page and of the member home in real Chromium on loopback, served
// by the production server (the e2e harness: api/src/main.ts serving web/dist). Each page is loaded
// LCP_RUNS times in a fresh browser context (a cold cache, as on a first visit) and the median counts.
// The browser is launched with the harness's flags, which keep Chromium's omnibox pop-ups native: as
// WebUI pages they started a renderer for every new context that spent more CPU on these 2 cores during
// the measured load than the page itself, work a person's already running browser has done long before
// (docs/performance.md, "LCP, sixth round"). The portal's own assets are never in the cache.
import type { Browser, Page } from 'playwright-core';
import { applicants, callApi, launchBrowser, signInApi, startPortal } from '../src/e2e/harness.ts';

const LCP_RUNS = 5;

/** The page's LCP in ms: the last largest-contentful-paint entry once the page has settled. */
export const largestContentfulPaint = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
          // Node's types (this file's) do not list the browser's entry types.
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
      }),
  );

/**
 * Fails if a new context still starts Chromium's top-chrome WebUI renderer (chrome://*.top-chrome/ pages),
 * so a Chromium whose feature names changed does not silently put it back into every measured load.
 */
export async function assertNoTopChromeWebUi(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const session = await browser.newBrowserCDPSession();
  try {
    await context.newPage();
    const { targetInfos } = await session.send('Target.getTargets');
    const webUi = targetInfos.filter((target) => target.url.includes('.top-chrome/'));
    if (webUi.length > 0)
      throw new Error(`Chromium starts top-chrome WebUI: ${webUi.map((target) => target.url).join(', ')}`);
  } finally {
    await session.detach();
    await context.close();
  }
}

export type LcpCookie = { name: string; value: string; url: string };

/** One load of `url` in a fresh context (a cold cache, as on a first visit); its LCP in ms. */
export async function loadOnce(browser: Browser, url: string, cookie?: LcpCookie): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
  try {
    if (cookie) await context.addCookies([cookie]);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    if (page.url() !== url) throw new Error(`${url} ended on ${page.url()}`);
    return await largestContentfulPaint(page);
  } finally {
    await context.close();
  }
}

async function medianLcp(browser: Browser, url: string, cookie?: LcpCookie) {
  const values: number[] = [];
  for (let run = 0; run < LCP_RUNS; run += 1) values.push(await loadOnce(browser, url, cookie));
  values.sort((a, b) => a - b);
  return Math.round(values[Math.floor(values.length / 2)]!);
}

export async function benchWebLcp(): Promise<Record<string, number | string>> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    await assertNoTopChromeWebUi(browser);
    const { person } = applicants('bench.lcp');
    const member = person(1, '測試社員');
    const registered = await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    if (registered.body.status !== 'ok') throw new Error(`registration: ${JSON.stringify(registered.body)}`);
    const { cookie } = await signInApi(portal.baseUrl, member.mobile, member.password);
    const [name, ...value] = cookie.split('=');
    const login = await medianLcp(browser, `${portal.baseUrl}/user/login`);
    const home = await medianLcp(browser, `${portal.baseUrl}/memberhome`, {
      name: name!,
      value: value.join('='),
      url: portal.baseUrl,
    });
    return {
      [`LCP login page (ms, median of ${LCP_RUNS}, <= 1000)`]: login,
      [`LCP member home (ms, median of ${LCP_RUNS}, <= 1000)`]: home,
    };
  } finally {
    await browser.close();
    await portal.stop();
  }
}
