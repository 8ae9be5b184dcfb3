import { randomUUID } from 'node:crypto';
import type { SpawnedHost } from '@club/devices/spawn';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  signInApi,
  startDeviceHost,
  startPortal,
} from './harness.ts';

// The giclee printer through the pages, with the simulated P6000 host running as its own process (npm run
// device -- giclee --simulate) on this run's own queue prefix, and the portal's printer-poll every second
// (GICLEE_POLL_MS): the head sees the member's new jobs appear on AdminGicleeJobHistory and pays one from
// her balance; then the host is stopped. Under 5 minutes there is no warning; the portal is restarted on the
// same data folder with its clock 6 minutes on (startPortal's clockAt), and the page warns that the printer
// has been unreachable for over 5 minutes, with the last update time.

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-e2e-giclee-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const account = (mobile: string) => ({ mobile, password: 'demo1234' });
const FIRST_JOB = 7001;

describe('the giclee printer in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let host: SpawnedHost | null = null;
  let memberPk = 0;
  const contexts: BrowserContext[] = [];
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const portalEnv = { QUEUE_PREFIX: prefix, REDIS_URL: redisUrl, GICLEE_POLL_MS: '1000' };

  const startPrinterHost = async () => {
    host = await startDeviceHost(admin, {
      device: 'giclee',
      prefix,
      redisUrl,
      env: {
        GICLEE_JOB_EVERY_MS: '1500',
        GICLEE_PRINT_MS: '1000',
        GICLEE_INITIAL_JOBS: '0',
        GICLEE_FIRST_JOB_ID: String(FIRST_JOB),
        GICLEE_MEMBER_PKS: String(memberPk),
      },
    });
  };

  const stopPrinterHost = async () => {
    await host?.stop();
    host = null;
  };

  /** Reloads the job history until `check` holds (the page also refreshes itself every 15 s). */
  const reloadUntil = async (page: Page, what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 40_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await page.waitForTimeout(1000);
      await page.reload();
      await page.getByRole('heading', { name: '數位輸出紀錄' }).waitFor();
    }
  };

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir), env: portalEnv });
    memberPk = (await signInApi(portal.baseUrl, '0900000002', 'demo1234')).user.pk;
    await startPrinterHost();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await stopPrinterHost();
    await closeAll(contexts, browser, portal);
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await closeRedisConnection(admin);
  }, 60_000);

  it('the head sees new jobs appear and pays one for the member; stopping the printer warns after 5 minutes', {
    timeout: 180_000,
  }, async () => {
    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.goto(`${portal.baseUrl}/admin/giclee/job/history/all`);
    await head.getByRole('heading', { name: '數位輸出紀錄' }).waitFor();
    const jobs = head.getByTestId('giclee-job');
    const firstJob = head.locator(`[data-testid="giclee-job"][data-pk="${FIRST_JOB}"]`);
    await reloadUntil(head, 'the first printer job', () => firstJob.isVisible());
    // A finished job of a known member (a job whose file name names nobody asks staff for the payer).
    const payable = jobs
      .filter({ has: head.getByRole('button', { name: '付款', exact: true }) })
      .filter({ hasText: '社員：林小美' });
    await reloadUntil(head, 'a finished job on a priced paper', async () => (await payable.count()) > 0);
    expect(await jobs.count()).toBeGreaterThanOrEqual(1);

    const before = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const balanceBefore = Number((before.user as { balance?: number }).balance);
    // Pin the card by its job number: new jobs keep arriving and the list refreshes itself, so
    // `payable.first()` may be another job by the time of the click.
    const pk = Number(await payable.first().getAttribute('data-pk'));
    const card = head.locator(`[data-testid="giclee-job"][data-pk="${pk}"]`);
    const feeText =
      (await card
        .getByText(/\d+ 元/)
        .first()
        .textContent()) ?? '';
    const fee = Number(/(\d+) 元/.exec(feeText)![1]);
    expect(await card.getByText('未付款').isVisible()).toBe(true);
    // 'Completed' is plain text; any other status (a canceled job is payable too) is a highlighted badge.
    const plain = await card.getByText('Completed', { exact: true }).count();
    const highlighted = await card.locator('[data-highlighted="true"]').count();
    expect(plain + highlighted).toBe(1);
    expect(plain === 1).toBe((await card.getAttribute('data-status')) === 'Completed');
    head.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: '付款', exact: true }).click();
    await card.getByRole('link', { name: '已付款' }).waitFor();
    const after = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    expect(Number((after.user as { balance?: number }).balance)).toBe(balanceBefore - fee);
    // The unpaid filter no longer lists it.
    await head.goto(`${portal.baseUrl}/admin/giclee/job/history/notpaid`);
    await head.getByRole('heading', { name: '數位輸出紀錄' }).waitFor();
    await head.waitForTimeout(500);
    expect(await head.locator(`[data-testid="giclee-job"][data-pk="${pk}"]`).count()).toBe(0);

    // The printer host stops: the poll fails at once (no heartbeat), and under 5 minutes nothing warns.
    await stopPrinterHost();
    // The poll runs every second: a few seconds later the portal has recorded the printer lost.
    await head.waitForTimeout(2500);
    await head.goto(`${portal.baseUrl}/admin/giclee/job/history/all`);
    await head.getByRole('heading', { name: '數位輸出紀錄' }).waitFor();
    expect(await head.getByText('無法連線到印表機超過 5 分鐘').count()).toBe(0);

    // Six minutes later (the portal restarted on the same data with its clock moved on), it warns.
    const dataDir = portal.dataDir;
    await portal.stop({ keepData: true });
    portal = await startPortal({ dataDir, env: portalEnv, clockAt: new Date(Date.now() + 6 * 60_000) });
    const later = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await later.goto(`${portal.baseUrl}/admin/giclee/job/history/all`);
    const warning = later.getByRole('alert').filter({ hasText: '無法連線到印表機超過 5 分鐘' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('最後更新時間');
    expect(
      await later
        .locator(`[data-testid="giclee-job"][data-pk="${pk}"]`)
        .getByRole('link', { name: '已付款' })
        .count(),
    ).toBe(1);
  });
});
