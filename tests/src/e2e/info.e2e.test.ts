import { randomUUID } from 'node:crypto';
import type { SpawnedHost } from '@club/devices/spawn';
import { heartbeatKey } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  startDeviceHost,
  startPortal,
} from './harness.ts';

// The information pages and the room-booking helper in a real browser on the demo club. The content pages
// (web/content) render in both languages with the door hours filled from the door's rules; 林小美 reads
// her NAS account; the head enters a wish on /admin/actplace, has the booking host (npm run device --
// actplace --simulate, its own process on this run's queue prefix, sac-101 already taken on the simulated
// site) book it, and reads the result; with the host stopped the page warns 'worker cannot connect'.

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-e2e-info-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const account = (mobile: string) => ({ mobile, password: 'demo1234' });
/** Three days from now, Taipei: the wish's date (a booking is for days to come). */
const inThreeDays = new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);

describe('information pages and the room-booking helper in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let host: SpawnedHost | null = null;
  const contexts: BrowserContext[] = [];
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });

  const startBookingHost = async () => {
    host = await startDeviceHost(admin, {
      device: 'actplace',
      prefix,
      redisUrl,
      env: { ACTPLACE_TAKEN: 'sac-101' },
    });
  };

  const stopBookingHost = async () => {
    await host?.stop();
    host = null;
  };

  beforeAll(async () => {
    portal = await startPortal({
      prepare: async (dataDir) => {
        loadDemo(dataDir);
      },
      env: {
        QUEUE_PREFIX: prefix,
        REDIS_URL: redisUrl,
        ACTPLACE_ACT_ID: 'ACT-2026',
        ACTPLACE_ACCOUNT: 'photoclub',
        ACTPLACE_PASSWORD: 'shared-secret',
      },
    });
    await startBookingHost();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await stopBookingHost();
    await closeAll(contexts, browser, portal);
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await closeRedisConnection(admin);
  }, 60_000);

  it('shows the terms to a visitor in Chinese and in English, the door hours taken from the rules', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/terms`);
    await page.getByRole('heading', { name: '社規' }).waitFor();
    await page.getByText('學期中 22:00 關門，寒暑假 17:00 關門').waitFor();
    await page.getByText('每人 20 GB；超過時請在 14 天內整理。').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: '2. Club room and door' }).waitFor();
    await page
      .getByText('it closes at 22:00 in term and at 17:00 in the holidays', { exact: false })
      .waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/\{\{/);
  });

  it('lists the fixed training rows to a member with hours and fees, in both languages', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/training`);
    const card = page.getByRole('article').filter({ hasText: '黑白底片沖洗' });
    await card.getByText('時數：2.5 小時').waitFor();
    await card.getByText('費用：每卷 30 元；社費含每學期 10 卷').waitFor();
    expect(await page.getByRole('article').count()).toBe(8);
    await page.getByRole('button', { name: 'English' }).click();
    const english = page.getByRole('article').filter({ hasText: 'Black-and-white film developing' });
    await english.getByText('Hours: 2.5 h').waitFor();
    // Back to Chinese for the other tests of this person (the choice is saved on the server).
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('article').filter({ hasText: '黑白底片沖洗' }).waitFor();
  });

  it('shows 林小美 her network storage account and the storage rules', { timeout: 60_000 }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.goto(`${portal.baseUrl}/nas`);
    await page.getByLabel('帳號', { exact: true }).getByText('lin.xiaomei').waitFor();
    await page.getByLabel('密碼', { exact: true }).getByText('nas-demo-2026').waitFor();
    await page.getByText('每人 20 GB。').waitFor();
  });

  it('shows the head the bulk film loader rules with the registration sheet link', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await page.goto(`${portal.baseUrl}/admin/bulkfilmloader`);
    await page.getByRole('heading', { name: '散裝底片捲片器使用規則' }).waitFor();
    const sheet = page.getByRole('link', { name: '登記表' });
    expect(await sheet.getAttribute('href')).toMatch(/^https:\/\/docs\.google\.com\//);
  });

  it('books a wish through the booking host and shows the result; warns when the worker is gone', {
    timeout: 120_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/admin/actplace`);
    await page.getByRole('heading', { name: '借場地小幫手' }).waitFor();
    // The shared account is configuration, shown to the actplace authority.
    await page.getByText('帳號：photoclub').waitFor();
    await page.getByText('活動編號：ACT-2026').waitFor();

    const form = page.getByRole('form', { name: '新增志願' });
    await form.getByLabel('日期').fill(inThreeDays);
    await form.getByLabel('時段').click();
    await page.getByRole('option', { name: '晚上 18:00–22:00' }).click();
    await form.getByLabel('活動名稱').fill('期末作品展佈展');
    const rooms = form.getByLabel(/場地志願/);
    await rooms.click();
    await page.getByRole('option', { name: '活動中心 101' }).click();
    await page.getByRole('option', { name: '活動中心 102' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: '新增志願' }).click();

    const wishes = page.getByRole('list', { name: '志願' });
    const wish = wishes.getByRole('listitem', { name: '期末作品展佈展' });
    await wish.getByText('等待開放').waitFor();

    await page.getByRole('button', { name: '立即送出' }).click();
    // sac-101 is taken on the simulated site: the host books the second choice.
    await wish.getByText('已借到').waitFor({ timeout: 30_000 });
    await wish.getByText('借到：活動中心 102').waitFor();
    const results = page.getByRole('list', { name: '借用結果' });
    await results.getByText('期末作品展佈展', { exact: false }).first().waitFor();
    expect(await page.getByText('無法連線到 worker', { exact: true }).count()).toBe(0);

    await stopBookingHost();
    expect(await admin.exists(heartbeatKey(prefix, 'actplace'))).toBe(0);
    const stoppedAt = performance.now();
    await page.getByText('無法連線到 worker', { exact: true }).waitFor({ timeout: 15_000 });
    // Polled every 3 s, stale after 5 s: the banner is up within a poll of the threshold.
    expect(performance.now() - stoppedAt).toBeLessThan(10_000);
  });
});
