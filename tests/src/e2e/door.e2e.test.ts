import { randomUUID } from 'node:crypto';
import type { SpawnedHost } from '@club/devices/spawn';
import { heartbeatKey } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  signInApi,
  startDeviceHost,
  startPortal,
} from './harness.ts';

// The door through the page with the simulated door host running as its own process (npm run device --
// door --simulate) on this run's own queue prefix: 林小美 (the demo's member, who holds webopendoor)
// opens it and reads 開門成功, the head reads result 1 on the opendoor log; then the host is stopped and
// the next press answers servicedown within 5 s, and the page says the door cannot be reached.
//
// The door keeps its hours (08:00 to 21:50 for members in term, 16:50 in the holidays, Taipei time): the
// portal's clock is set to noon in Taipei today (startPortal's clockAt), inside them in term and holidays
// alike, so the test opens the door whenever it runs. The hours themselves are tested in core/src/door.

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-e2e-door-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const account = (mobile: string) => ({ mobile, password: 'demo1234' });
const taipeiToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const noonInTaipei = new Date(`${taipeiToday}T12:00:00+08:00`);

describe('the door in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let host: SpawnedHost | null = null;
  const contexts: BrowserContext[] = [];
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });

  const startDoorHost = async () => {
    host = await startDeviceHost(admin, {
      device: 'door',
      prefix,
      redisUrl,
      env: { DOOR_RELAY_DELAY_MS: '300' },
    });
  };

  const stopDoorHost = async () => {
    await host?.stop();
    host = null;
  };

  beforeAll(async () => {
    portal = await startPortal({
      prepare: async (dataDir) => {
        loadDemo(dataDir);
      },
      env: { QUEUE_PREFIX: prefix, REDIS_URL: redisUrl },
      clockAt: noonInTaipei,
    });
    await startDoorHost();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await stopDoorHost();
    await closeAll(contexts, browser, portal);
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await closeRedisConnection(admin);
  }, 60_000);

  it('a member opens the door with the big button on a phone; the head sees result 1 in the opendoor log', {
    timeout: 90_000,
  }, async () => {
    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/open/door`);
    const button = page.getByRole('button', { name: '開門', exact: true });
    await expect.poll(() => button.isVisible()).toBe(true);
    // One-handed on a phone: the button spans the width of the screen and is tall.
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThanOrEqual(150);

    await button.click();

    await page.getByText('開門成功', { exact: true }).waitFor();
    const recent = page.getByRole('list', { name: '最近開門紀錄' });
    await recent.getByText('成功').first().waitFor();

    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.goto(`${portal.baseUrl}/admin/system/opendoor/log`);
    const firstRow = head.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent()).toContain('林小美');
    expect(await firstRow.locator('[data-result]').getAttribute('data-result')).toBe('1');
  });

  it('with the door host stopped, the next press answers servicedown within 5 s and the page says so', {
    timeout: 90_000,
  }, async () => {
    await stopDoorHost();
    expect(await admin.exists(heartbeatKey(prefix, 'door'))).toBe(0);

    // The call itself, timed.
    const { cookie } = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const started = performance.now();
    const answer = await callApi(
      portal.baseUrl,
      'POST',
      '/api/open/door',
      { requestId: randomUUID() },
      cookie,
    );
    const elapsedMs = performance.now() - started;
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown', detail: 'unreachable' });
    expect(elapsedMs).toBeLessThan(5_000);

    // And the page, timed from the press to the message.
    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/open/door`);
    const button = page.getByRole('button', { name: '開門', exact: true });
    await button.waitFor();
    const pressed = performance.now();
    await button.click();
    await page.getByText('無法連線到門禁，請重試或連絡粉專', { exact: true }).waitFor({ timeout: 5_000 });
    expect(performance.now() - pressed).toBeLessThan(5_000);

    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.goto(`${portal.baseUrl}/admin/system/opendoor/log/1`);
    const firstRow = head.getByRole('row').nth(1);
    await expect.poll(() => firstRow.locator('[data-result]').getAttribute('data-result')).toBe('0');
    expect(await firstRow.textContent()).toContain('林小美');
  });

  it('shows the queues to the head (system authority) and refuses them to the member', {
    timeout: 60_000,
  }, async () => {
    const head = await signInApi(portal.baseUrl, '0900000001', 'demo1234');
    const board = await fetch(`${portal.baseUrl}/api/admin/queues/api/queues`, {
      headers: { cookie: head.cookie },
    });
    expect(board.status).toBe(200);
    const { queues } = (await board.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name)).toContain('device-door');
    const member = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const refused = await fetch(`${portal.baseUrl}/api/admin/queues`, { headers: { cookie: member.cookie } });
    expect(refused.status).toBe(403);
  });
});
