import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SpawnedLabelHost, spawnLabelHost } from '@club/devices/label/spawn';
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

// Label printing in a real browser against the real server, with the simulated label printer host
// running as its own process on this run's queue prefix and writing into a temp folder: a member prints
// their own label from LabelPrint, the test finds the PNG the printer wrote, the label print log shows
// the print with its image, and with the host stopped the page says the label machine cannot be reached.

const { runDigits, person } = applicants('labels');
const member = person(1, '林標籤');
const prefix = `e2e-labels-${runDigits}`;
const redisUrl = redisUrlFromEnvironment();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe('label printing in the browser', () => {
  let portal: RunningPortal;
  let host: SpawnedLabelHost;
  let browser: Browser;
  let memberPk: number;
  const contexts: BrowserContext[] = [];
  const outputDir = mkdtempSync(path.join(tmpdir(), 'e2e-printed-labels-'));
  const redis = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });

  beforeAll(async () => {
    host = spawnLabelHost({ prefix, outputDir, redisUrl, msPerSheet: 20 });
    portal = await startPortal({ env: { QUEUE_PREFIX: prefix } });
    const registered = await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    expect(registered.body.status).toBe('ok');
    const { cookie, user } = await signInApi(portal.baseUrl, member.mobile, member.password);
    memberPk = user.pk;
    // A member (the fee paid) on the staff roster with the system authority, to read the log too.
    await makeActiveStaff(portal.dataDir, memberPk, {
      runId: `labels-${runDigits}`,
      position: '總務',
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
      'the label host heartbeat',
      async () => ((await readHeartbeats(redis, prefix)).label ? true : undefined),
      30_000,
      () => (host.child.exitCode === null ? undefined : `label host exited:\n${host.output()}`),
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await host?.stop();
    await closeAll(contexts, browser, portal);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await closeRedisConnection(redis);
    rmSync(outputDir, { recursive: true, force: true });
  });

  it('prints a user label the simulated printer writes, and the log shows it with its image', async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.goto(`${portal.baseUrl}/label/print`);
    // A user label is the member's own unless someone else is chosen.
    await expect
      .poll(() =>
        page
          .locator('input')
          .and(page.getByLabel('社員', { exact: true }))
          .inputValue(),
      )
      .toBe(`${member.name} (U00${memberPk})`);
    await page.getByLabel('備註').fill('相機包');
    const preview = page.getByRole('img', { name: '標籤預覽' });
    // The preview is drawn again 200 ms after the comment stops changing; wait for the one with it.
    await expect
      .poll(async () => (await preview.getAttribute('src'))?.length ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(100);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const shown = (await preview.getAttribute('src')) ?? '';
    await page.getByLabel('張數').fill('2');
    await page.getByRole('button', { name: '列印' }).click();
    await page.getByText('已送出').waitFor();

    const printed = await waitFor(
      'the printed label file',
      async () =>
        readdirSync(outputDir).find((name) => name.startsWith(`lp-${memberPk}-`) && name.endsWith('-x2.png')),
      20_000,
    );
    const bytes = readFileSync(path.join(outputDir, printed));
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.toString('base64')).toBe(shown.split(',')[1]);

    await page.goto(`${portal.baseUrl}/admin/system/label/print/log`);
    const card = page.getByRole('listitem').filter({ hasText: member.name });
    // The printer's outcome comes back through the queue; reload until the row says it is done.
    await waitFor(
      'the print to show as done in the log',
      async () => {
        if (await card.getByText('完成').isVisible()) return true;
        await page.reload();
        await card.first().waitFor();
        return undefined;
      },
      20_000,
    );
    await expect.poll(() => card.getByText(/2 張/).isVisible()).toBe(true);
    const image = card.getByRole('img');
    expect(await image.getAttribute('src')).toBe(shown);
    expect(
      await image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(732);
  });

  it('in the store scope: a back button, the quantity checked and clamped, the charge refused inline, then sent', async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.goto(`${portal.baseUrl}/label/print?scope=store`);
    await page.getByRole('button', { name: '返回' }).waitFor();
    await page.getByRole('img', { name: '標籤預覽' }).waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const quantity = page.getByLabel('張數');
    await quantity.fill('abc');
    await quantity.blur();
    await page.getByRole('alert').filter({ hasText: '請檢查輸入格式' }).waitFor();
    expect(await quantity.inputValue()).toBe('1');
    await quantity.fill('15');
    await quantity.blur();
    expect(await quantity.inputValue()).toBe('10');
    // Two sheets were printed today already: ten more would cost 1 NTD, and the member has no balance.
    await page.getByRole('button', { name: '列印' }).click();
    await page.getByRole('alert').filter({ hasText: '餘額不足，無法支付超過的張數' }).waitFor();
    await quantity.fill('8');
    await page.getByRole('button', { name: '列印' }).click();
    await page.getByRole('status').filter({ hasText: '已送出' }).waitFor();
    await waitFor(
      'the eight free labels',
      async () =>
        readdirSync(outputDir).find((name) => name.startsWith(`lp-${memberPk}-`) && name.endsWith('-x8.png')),
      20_000,
    );
    expect(readdirSync(outputDir).filter((name) => name.endsWith('-x10.png'))).toEqual([]);
  });

  it('says the label machine cannot be reached within 5 s once the host is stopped', async () => {
    await host.stop();
    expect(host.child.exitCode !== null || host.child.signalCode !== null).toBe(true);
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.goto(`${portal.baseUrl}/label/print`);
    const preview = page.getByRole('img', { name: '標籤預覽' });
    await preview.waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const started = Date.now();
    await page.getByRole('button', { name: '列印' }).click();
    await page.getByText('無法連線到標籤機').waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(readdirSync(outputDir).filter((name) => name.endsWith('-x1.png'))).toEqual([]);
  });
});
