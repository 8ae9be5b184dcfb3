import { openEventStore } from '@club/core/eventstore/open';
import { Ledger } from '@club/core/ledger/service';
import { semesterOf } from '@club/core/semester';
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

// Darkroom sessions in a real browser against the real server (issue 16 §4): a member checks in, enters
// twelve rolls of black-and-white film, sees the preview (ten covered by the member fee, two charged),
// checks out and finds the charge in TransLog; staff see the session in AdminDarkroomLog, ongoing without
// an end time before the check-out and with its fee after.

const { runDigits, person } = applicants('darkroom-sessions');
const member = person(1, '林沖片');
const staff = person(2, '陳暗房');

/** The member's fee for this semester, taken in cash by the operator, written into the portal's store. */
async function payMemberFee(dataDir: string, pk: number): Promise<void> {
  const store = await openEventStore({ DATA_DIR: dataDir, EVENTSTORE_URL: process.env.EVENTSTORE_URL });
  try {
    const now = new Date();
    const fee = await new Ledger(store).receiveMemberFee({
      now,
      actorPk: null,
      collectionId: `e2e-darkroom-sessions-${runDigits}-${pk}`,
      staffPk: 1,
      payer: { pk, isCurrentStaff: false, errormember: false, needsReview: false, identifiedBy: 'stuid' },
      memberfeeSemester: semesterOf(now).tag,
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    if (!fee.ok) throw new Error(`the member fee was refused: ${fee.reason}`);
  } finally {
    await store.close();
  }
}

describe('darkroom sessions in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ env: { QUEUE_PREFIX: `e2e-darkroom-sessions-${runDigits}` } });
    for (const applicant of [member, staff])
      expect((await callApi(portal.baseUrl, 'POST', '/api/user/register', applicant)).body.status).toBe('ok');
    const memberLogin = await signInApi(portal.baseUrl, member.mobile, member.password);
    const staffLogin = await signInApi(portal.baseUrl, staff.mobile, staff.password);
    await payMemberFee(portal.dataDir, memberLogin.user.pk);
    await makeActiveStaff(portal.dataDir, staffLogin.user.pk, {
      runId: `darkroom-sessions-${runDigits}`,
      position: '暗房',
    });
    for (const cookie of [memberLogin.cookie, staffLogin.cookie])
      await waitFor(
        'the membership to reach the server',
        async () => {
          const check = await callApi(portal.baseUrl, 'GET', '/api/user/check', undefined, cookie);
          return (check.body.user as { ismember: boolean }).ismember ? true : undefined;
        },
        15_000,
      );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  });

  it('a member checks in, enters lines, checks out and sees the charge; staff see the session in the log', async () => {
    const page = await signedInPage(browser, portal.baseUrl, member, contexts);
    await page.goto(`${portal.baseUrl}/darkroom/session`);
    await page.getByText(/社費尚可抵用：黑白沖片 10 \/ 10 捲，黑白放相 5 \/ 5 次/).waitFor();
    await page.getByRole('button', { name: '簽到（進暗房）' }).click();
    await page.getByText('已簽到，開始使用暗房').waitFor();

    await page.getByLabel('項目', { exact: true }).selectOption('黑白沖片');
    await page.getByLabel('尺寸', { exact: true }).selectOption('135');
    await page.getByLabel('數量（捲或張）').fill('12');
    await page.getByRole('button', { name: '新增項目' }).click();
    const preview = page.getByRole('region', { name: '簽退時將收取' });
    const rolls = preview.getByRole('row').filter({ hasText: '黑白沖片（捲）' });
    await expect.poll(() => rolls.textContent()).toBe('黑白沖片（捲）12103060');
    await expect
      .poll(() => preview.getByRole('row').filter({ hasText: '合計' }).textContent())
      .toBe('合計60');

    // Staff see it ongoing: no end time yet.
    const staffPage = await signedInPage(browser, portal.baseUrl, staff, contexts);
    await staffPage.goto(`${portal.baseUrl}/admin/darkroom/log`);
    const row = staffPage.getByRole('row').filter({ hasText: member.name });
    await row.getByText('使用中').waitFor();
    await expect.poll(() => row.getByText('黑白沖片：135 × 12').isVisible()).toBe(true);

    await page.getByRole('button', { name: '簽退（離開暗房）' }).click();
    await page.getByText('本次收費 60 元，已記入交易紀錄').waitFor();
    await page.getByText(/社費尚可抵用：黑白沖片 0 \/ 10 捲/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: '簽到（進暗房）' }).isVisible()).toBe(true);

    await page.goto(`${portal.baseUrl}/user/trans/log`);
    await page.getByText('暗房使用費：黑白底片 2 捲').first().waitFor();
    await expect.poll(() => page.getByText('-60').first().isVisible()).toBe(true);

    await staffPage.reload();
    await row.getByRole('cell', { name: '60', exact: true }).waitFor();
    await expect.poll(() => row.getByText('使用中').count()).toBe(0);
  }, 120_000);
});
