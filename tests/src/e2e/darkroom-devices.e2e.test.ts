import { spawnDarkroomHost, type SpawnedDarkroomHost } from '@club/devices/dispenser/spawn';
import { readHeartbeats } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
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

// The darkroom's devices in a real browser against the real server, with the simulated sensor and
// dispenser hosts running as their own processes on this run's queue prefix: staff see today's temperature
// chart from the sensor host's readings, start a dispense on the member's dispenser page, and find the run
// in AdminDispenserLog with its result history.

const { runDigits, person } = applicants('darkroom');
const member = person(1, '林暗房');
const prefix = `e2e-darkroom-${runDigits}`;
const redisUrl = redisUrlFromEnvironment();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe('darkroom devices in the browser', () => {
  let portal: RunningPortal;
  let sensors: SpawnedDarkroomHost;
  let dispenser: SpawnedDarkroomHost;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const redis = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });

  beforeAll(async () => {
    sensors = spawnDarkroomHost({
      device: 'sensors',
      prefix,
      redisUrl,
      env: { SENSOR_INTERVAL_MS: '500', SENSOR_GAP_RATE: '0' },
    });
    dispenser = spawnDarkroomHost({ device: 'dispenser', prefix, redisUrl, env: { DISPENSER_TICK_MS: '5' } });
    portal = await startPortal({ env: { QUEUE_PREFIX: prefix } });
    const registered = await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    expect(registered.body.status).toBe('ok');
    const { cookie, user } = await signInApi(portal.baseUrl, member.mobile, member.password);
    await makeActiveStaff(portal.dataDir, user.pk, {
      runId: `darkroom-${runDigits}`,
      position: '暗房',
      grants: ['system'],
    });
    await waitFor(
      'the membership and the system authority to reach the server',
      async () => {
        const check = await callApi(portal.baseUrl, 'GET', '/api/user/check', undefined, cookie);
        const facts = check.body.user as { ismember: boolean; authlist: string[] };
        return facts.ismember && facts.authlist.includes('system') ? true : undefined;
      },
      15_000,
    );
    await waitFor(
      'both hosts’ heartbeats',
      async () => {
        const beats = await readHeartbeats(redis, prefix);
        return beats.sensors && beats.dispenser ? true : undefined;
      },
      30_000,
      () =>
        sensors.child.exitCode !== null || dispenser.child.exitCode !== null
          ? `a host exited:\n${sensors.output()}\n${dispenser.output()}`
          : undefined,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await sensors?.stop();
    await dispenser?.stop();
    await closeAll(contexts, browser, portal);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await closeRedisConnection(redis);
  });

  it('sees the temperature chart for today, starts a dispense and finds it in the dispenser log', async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.goto(`${portal.baseUrl}/admin/system/temprh`);
    const taipei = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await expect
      .poll(() => page.getByTestId('temprh-date').textContent())
      .toMatch(new RegExp(`^${taipei} \\(週`));
    const block = page.getByRole('region', { name: '暗房' });
    // The host reports every half second; the page refreshes each minute, so reload until a value shows.
    await waitFor(
      'the current temperature and today’s chart',
      async () => {
        if (
          (await block.getByText(/^溫度 \d+\.\d °C$/).isVisible()) &&
          (await block
            .getByRole('figure', { name: '溫度 (°C)' })
            .locator('svg path.recharts-curve')
            .count()) > 0
        )
          return true;
        await page.reload();
        await block.waitFor();
        return undefined;
      },
      30_000,
    );
    await expect.poll(() => block.getByText(/^濕度 \d+ %$/).isVisible()).toBe(true);
    // The day before has no readings: the no-data notice, and the URL carries the date.
    await page.getByRole('button', { name: '前一天' }).click();
    await page.waitForURL(/\/admin\/system\/temprh\/\d{4}\/\d{2}\/\d{2}$/);
    await block.getByText('這一天沒有資料').first().waitFor();

    await page.goto(`${portal.baseUrl}/darkroom/dispense`);
    await page.getByLabel('配方').selectOption('D-76 1+1');
    await page.getByLabel('容量 (ml)').fill('600');
    await page.getByLabel('藥槽').selectOption('tank-2');
    await page.getByRole('button', { name: '開始配藥' }).click();
    await page.getByText('已開始配藥').waitFor();

    await page.goto(`${portal.baseUrl}/admin/dispenser/log`);
    const row = page.getByRole('row').filter({ hasText: 'D-76 1+1 600 ml' });
    await waitFor(
      'the run to finish in the log',
      async () => ((await row.getByText('完成').isVisible()) ? true : undefined),
      30_000,
    );
    await expect.poll(() => row.getByText(member.name).isVisible()).toBe(true);
    await row.getByRole('link', { name: '明細' }).click();
    await page.getByRole('heading', { name: '自動配藥機紀錄明細' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'D-76' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: 'water' }).count()).toBeGreaterThan(0);
  }, 150_000);
});
