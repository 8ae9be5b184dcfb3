import { Access } from '@club/core/access/service';
import { openEventStore } from '@club/core/eventstore/open';
import { semesterOf } from '@club/core/semester';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  launchBrowser,
  type RunningPortal,
  signInApi,
  signedInPage,
  startPortal,
  waitFor,
  closeAll,
} from './harness.ts';

// Contribution points in a real browser against the real server (production mode, serving web/dist):
// a person requests points on UserPointEdit, the holder of the point authority sets the record valid on
// AdminPointEdit, and the requester's member home then shows the points button.
//
// Membership comes from fee payments in the ledger, which has no fee events yet, so nobody here is a
// member or active staff: the requester is a signed-in user (the points pages need only a login) and
// the reviewer holds the 'point' authority by a personal grant, written straight into the server's
// event store (the grant page is another issue's). The test therefore starts its own server.

const { runDigits, person } = applicants('points');
const requester = person(1, '林申請');
const head = person(2, '張點數長');

describe('contribution points in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown, cookie?: string) =>
    callApi(baseUrl, method, url, body, cookie);
  const signedIn = (account: { mobile: string; password: string }) =>
    signedInPage(browser, baseUrl, account, contexts);

  /** Gives the point authority to `pk` as a holder of 'auth' would, in the store the server reads. */
  async function grantPointAuthority(pk: number): Promise<void> {
    const store = await openEventStore({
      DATA_DIR: portal.dataDir,
      EVENTSTORE_URL: process.env.EVENTSTORE_URL,
    });
    try {
      const now = new Date();
      const granted = await new Access(store).addGrant(
        {
          key: 'point',
          userPk: pk,
          staffKeyword: null,
          actorAuthorities: ['auth'],
          semesters: [semesterOf(now).tag],
        },
        { now, actor: null, correlationId: `e2e-points-grant-${runDigits}` },
      );
      if (!granted.ok) throw new Error(`grant refused: ${granted.reason}`);
    } finally {
      await store.close();
    }
  }

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    for (const account of [requester, head]) {
      const registered = await api('POST', '/api/user/register', account);
      expect(registered.body.status).toBe('ok');
    }
    const { cookie, user } = await signInApi(baseUrl, head.mobile, head.password);
    await grantPointAuthority(user.pk);
    // The server follows the store's log; wait until the grant shows in the head's authlist.
    await waitFor(
      'the point authority to reach the server',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, cookie);
        return (check.body.user as { authlist: string[] }).authlist.includes('point') ? true : undefined;
      },
      10_000,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  let requesterPage: Page;

  it('lets a signed-in person request points, which wait three days', { timeout: 60_000 }, async () => {
    requesterPage = await signedIn(requester);
    const page = requesterPage;
    // No points yet: the member home has no points button.
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    expect(await page.getByRole('link', { name: /^點數 .* 點$/ }).count()).toBe(0);

    await page.goto(`${baseUrl}/user/point/log`);
    await page.getByText('沒有紀錄').waitFor();
    await page.getByRole('link', { name: '申請點數' }).click();
    await page.waitForURL(`${baseUrl}/user/point/new`);

    // The recipient is preset to oneself; the kind shows its guidance.
    expect(await page.getByLabel('受領人').inputValue()).toContain(requester.name);
    await page.getByRole('combobox', { name: '類別' }).click();
    await page.getByRole('option', { name: '課程' }).click();
    await page.getByText('授課依上課時數計算；備課每次至多 3 點。').waitFor();
    await page.getByLabel(/^事由/).fill('暗房課助教');

    // Over the daily limit: the spec's message, and the value goes back to 10.
    const amount = page.getByRole('textbox', { name: '點數' });
    await amount.fill('12');
    await page.getByText('每日上限 10 點，多日活動請分開申請').waitFor();
    expect(await amount.inputValue()).toBe('10');

    // A fraction is shown as hours and minutes.
    await amount.fill('2.5');
    await page.getByText('相當於 2 小時 30 分').waitFor();
    await page.getByRole('button', { name: '儲存' }).click();

    await page.waitForURL(`${baseUrl}/user/point/log`);
    const row = page.getByRole('row', { name: /PT-1/ });
    await row.getByText('尚未生效').waitFor();
    await row.getByText('2 小時 30 分').waitFor();
  });

  it('lets the point authority set the request valid on the admin screen', { timeout: 60_000 }, async () => {
    const page = await signedIn(head);
    await page.goto(`${baseUrl}/admin/point/log`);
    await page.getByRole('heading', { name: '點數審核' }).waitFor();
    // The applicant column is shown in the staff area.
    await page.getByRole('columnheader', { name: '申請人' }).waitFor();
    const row = page.getByRole('row', { name: /PT-1/ });
    await row.getByText(requester.name).first().waitFor();
    await row.getByRole('link', { name: 'PT-1' }).click();
    await page.waitForURL(`${baseUrl}/admin/point/1`);

    await page.getByRole('radio', { name: '維持設定的生效時間' }).waitFor();
    await page.getByRole('radio', { name: '設為有效' }).check();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(`${baseUrl}/admin/point/log`);
    await page.getByRole('row', { name: /PT-1/ }).getByText('有效', { exact: true }).waitFor();
  });

  it("shows the points on the requester's member home, then in English", { timeout: 60_000 }, async () => {
    const page = requesterPage;
    await page.goto(`${baseUrl}/memberhome`);
    const button = page.getByRole('link', { name: '點數 2.5 點' });
    await button.click();
    await page.waitForURL(`${baseUrl}/user/point/log`);
    await page.getByText('目前有效點數：2.5 點').waitFor();
    await page.getByRole('row', { name: /PT-1/ }).getByText('有效', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Valid points now: 2.5').waitFor();
    await page.getByRole('row', { name: /PT-1/ }).getByText('2 h 30 min').waitFor();
  });
});
