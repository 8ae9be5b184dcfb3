import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  type RunningPortal,
  repoRoot,
  signInApi,
  startPortal,
} from './harness.ts';

// The login page and the member home render with the start-up catalog alone (web/startup-catalog-plugin.ts):
// with the whole catalogs refused by the network, every text on them, including the ones shown after a
// failed login, must be a message, never a message id, in both languages. A page outside the start-up set
// waits for the whole catalog, so it is not tested here; the other journeys cover it.

const webDir = path.join(repoRoot, 'web');
const manifest = JSON.parse(readFileSync(path.join(webDir, 'dist/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;
const wholeCatalogFiles = ['zh-Hant', 'en'].map((locale) => {
  const chunk = manifest[`src/locales/${locale}/messages.po`];
  if (chunk === undefined) throw new Error(`no chunk for the ${locale} catalog in the build manifest`);
  return `/${chunk.file}`;
});

/** Every message id of the catalogs that reads as an id: not a word that also occurs in some message. */
function messageIds(): string[] {
  const catalogs = ['zh-Hant', 'en'].map((locale) =>
    readFileSync(path.join(webDir, `src/locales/${locale}/messages.po`), 'utf8'),
  );
  const ids = new Set(catalogs.flatMap((po) => [...po.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]!)));
  const texts = catalogs.join('\n').replace(/^msgid .*$/gm, '');
  return [...ids].filter((id) => !texts.includes(id));
}

describe('the start-up catalog', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let memberCookie: { name: string; value: string; url: string };
  const contexts: BrowserContext[] = [];
  const ids = messageIds();

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const member = applicants('startup.catalog').person(1, '測試社員');
    await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    const { cookie } = await signInApi(portal.baseUrl, member.mobile, member.password);
    // No language of their own: the member home follows the browser's.
    const settings = await callApi(
      portal.baseUrl,
      'PUT',
      '/api/user/settings/update',
      { settings: { lang: '' } },
      cookie,
    );
    expect(settings.response.ok).toBe(true);
    const [name, ...value] = cookie.split('=');
    memberCookie = { name: name!, value: value.join('='), url: portal.baseUrl };
  }, 120_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  /** A page in a browser preferring `browserLocale` whose requests for the whole catalogs fail. */
  async function pageWithoutWholeCatalogs(browserLocale: string, signedIn: boolean) {
    const context = await browser.newContext({
      locale: browserLocale,
      viewport: { width: 1280, height: 900 },
    });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    if (signedIn) await context.addCookies([memberCookie]);
    const refused: string[] = [];
    await context.route(
      (url) => wholeCatalogFiles.includes(url.pathname),
      (route) => {
        refused.push(route.request().url());
        return route.abort();
      },
    );
    return { page: await context.newPage(), refused };
  }

  /** The text of the page (hidden parts too), with labels, placeholders and titles. */
  const shownText = async (page: Page): Promise<string> =>
    String(
      await page.evaluate(`[
        document.title,
        document.body.textContent,
        ...[...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
          ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
        ),
      ].join(' ')`),
    );

  const idsShown = (text: string) => ids.filter((id) => text.includes(id));

  for (const [browserLocale, texts] of [
    ['zh-TW', { account: '手機、學號或 Email', password: '密碼', wrong: '帳號或密碼錯誤', home: '社員首頁' }],
    [
      'en-US',
      {
        account: 'Mobile, student ID or email',
        password: 'Password',
        wrong: 'Wrong account or password',
        home: 'Member home',
      },
    ],
  ] as const) {
    it(`shows the login page and a failed login in ${browserLocale} without the whole catalog`, {
      timeout: 60_000,
    }, async () => {
      const { page, refused } = await pageWithoutWholeCatalogs(browserLocale, false);
      await page.goto(`${portal.baseUrl}/user/login`);
      await page.getByLabel(texts.account).fill('0999999999');
      await page.getByLabel(new RegExp(`^${texts.password}`)).fill('not the password');
      await page.keyboard.press('Enter');
      await expect.poll(() => shownText(page)).toContain(texts.wrong);
      expect(idsShown(await shownText(page))).toEqual([]);
      expect(refused).toEqual([]);
    });

    it(`shows the member home in ${browserLocale} without the whole catalog`, {
      timeout: 60_000,
    }, async () => {
      const { page, refused } = await pageWithoutWholeCatalogs(browserLocale, true);
      await page.goto(`${portal.baseUrl}/memberhome`);
      await page.getByRole('heading', { name: texts.home }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(idsShown(await shownText(page))).toEqual([]);
      expect(refused).toEqual([]);
    });
  }
});
