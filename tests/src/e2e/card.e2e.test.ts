import { randomUUID } from 'node:crypto';
import { type CardHostProcess, startCardHostProcess } from '@club/devices/card/testing';
import { openEventStore } from '@club/core/eventstore/open';
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

// Card login at the counter in a real browser: the card reader host runs as its own process (simulated
// reader) on the portal's queue prefix; a staff member binds the browser as the kiosk of reader
// 'counter', the simulated reader reads a member's registered card, and the kiosk browser shows the
// member logged in (store scope). The login log has the card login: method 2 (card), scope 1 (store).

const { runDigits, person } = applicants('card');
const clerk = person(1, '櫃台幹部');
const member = person(2, '刷卡社員');
const cardid = `10${runDigits}0`;
const prefix = `e2e-card-${randomUUID().slice(0, 8)}`;

describe('card login at the counter in the browser', () => {
  let portal: RunningPortal;
  let host: CardHostProcess;
  let browser: Browser;
  let memberPk: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ env: { QUEUE_PREFIX: prefix } });
    host = await startCardHostProcess({ prefix });
    const api = (method: string, url: string, body?: unknown, cookie?: string) =>
      callApi(portal.baseUrl, method, url, body, cookie);
    for (const account of [clerk, member])
      expect((await api('POST', '/api/user/register', account)).body.status).toBe('ok');
    const clerkLogin = await signInApi(portal.baseUrl, clerk.mobile, clerk.password);
    memberPk = (await signInApi(portal.baseUrl, member.mobile, member.password)).user.pk;
    await makeActiveStaff(portal.dataDir, clerkLogin.user.pk, {
      runId: `card-${runDigits}`,
      position: '總務',
      grants: ['user'],
    });
    await waitFor(
      'the clerk to be staff with the user authority',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, clerkLogin.cookie);
        const user = check.body.user as { isstaff: boolean; ismember: boolean; authlist: string[] };
        return user.isstaff && user.ismember && user.authlist.includes('user') ? true : undefined;
      },
      15_000,
    );
    const registered = await api('POST', '/api/admin/user/card', { pk: memberPk, cardid }, clerkLogin.cookie);
    expect(registered.body).toEqual({ status: 'ok', cardid });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await host?.stop();
    await closeAll(contexts, browser, portal);
  });

  it('logs the member in on the kiosk when the reader reads their card', async () => {
    const page = await signedInPage(browser, portal.baseUrl, clerk, contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/admin/card`);
    await page.getByLabel('讀卡機名稱').fill('counter');
    // The kiosk's first long poll, told by its path: the read is made only once the kiosk waits.
    const polling = page.waitForRequest((request) => request.url().includes('/api/card/kiosk/wait'));
    await page.getByRole('button', { name: '將這台瀏覽器設為刷卡機' }).click();
    await page.getByText('請在讀卡機（counter）刷社員卡').waitFor();
    await polling;
    await host.read(cardid);

    await page.getByText('歡迎，刷卡社員').waitFor();
    const check = (await page.evaluate(async () => (await fetch('/api/user/check')).json())) as {
      user: unknown;
    };
    expect(check.user).toMatchObject({ pk: memberPk, name: '刷卡社員' });

    const store = await openEventStore({
      DATA_DIR: portal.dataDir,
      EVENTSTORE_URL: process.env.EVENTSTORE_URL,
    });
    try {
      const cardLogins = (await store.readAll())
        .filter((event) => event.type === 'LoginAttempted')
        .map((event) => event.data as { userPk: number; method: number; scope: number; status: number })
        .filter((login) => login.method === 2);
      expect(cardLogins).toEqual([
        expect.objectContaining({ userPk: memberPk, method: 2, scope: 1, status: 2 }),
      ]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
