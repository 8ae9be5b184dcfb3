import { openEventStore } from '@club/core/eventstore/open';
import { Ledger } from '@club/core/ledger/service';
import { previousSemester, semesterOf } from '@club/core/semester';
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

// The member's money in a real browser against the real server (production mode, serving web/dist): a
// lapsed member tops up with a numbered cash pouch, transfers to another member through the three-step
// wizard (meeting the spec's messages on the way), both see the transfer in their transaction logs, and
// the payer pays the member fee from the balance.
//
// Two facts are written straight into the server's event store, as the staff would have made them: the
// payer's member fee of the previous semester (taken in cash by the operator, decided at a moment of that
// semester, so the payer is lapsed now), and the registration of the pouch (the staff label printing that
// registers pouches is another page). The server follows the store's log and sees both.

const { runDigits, person } = applicants('money');
const payer = person(1, '林付款');
const payee = person(2, '陳收款');
const pouchBarcode = `E2E-${runDigits}`;
const now = new Date();
const currentSemester = semesterOf(now).tag;
const lastSemester = previousSemester(semesterOf(now));

describe('money in the browser', () => {
  let portal: RunningPortal;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const api = (method: string, url: string, body?: unknown, cookie?: string) =>
    callApi(baseUrl, method, url, body, cookie);
  const signedIn = (account: { mobile: string; password: string }) =>
    signedInPage(browser, baseUrl, account, contexts);

  /** The payer's fee of the previous semester and a registered pouch, in the store the server reads. */
  async function writeStaffFacts(payerPk: number): Promise<void> {
    const store = await openEventStore({
      DATA_DIR: portal.dataDir,
      EVENTSTORE_URL: process.env.EVENTSTORE_URL,
    });
    try {
      const ledger = new Ledger(store);
      // A moment of the previous semester, so that semester is the one the fee is for.
      const then = new Date(lastSemester.start.getTime() + 24 * 60 * 60 * 1000);
      const fee = await ledger.receiveMemberFee({
        now: then,
        actorPk: null,
        collectionId: `e2e-money-${runDigits}`,
        staffPk: 1,
        payer: {
          pk: payerPk,
          isCurrentStaff: false,
          errormember: false,
          needsReview: false,
          identifiedBy: 'stuid',
        },
        memberfeeSemester: lastSemester.tag,
        workshops: [],
        totalNeedPayCents: 60_000,
      });
      if (!fee.ok) throw new Error(`previous fee refused: ${fee.reason}`);
      await ledger.registerPouch({ now: new Date(), actorPk: null, barcode: pouchBarcode });
    } finally {
      await store.close();
    }
  }

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = portal.baseUrl;
    for (const account of [payer, payee]) {
      const registered = await api('POST', '/api/user/register', account);
      expect(registered.body.status).toBe('ok');
    }
    const { cookie, user } = await signInApi(baseUrl, payer.mobile, payer.password);
    await writeStaffFacts(user.pk);
    await waitFor(
      'the previous membership to reach the server',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, cookie);
        return (check.body.user as { lastmember: string | null }).lastmember === lastSemester.tag
          ? true
          : undefined;
      },
      10_000,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  let payerPage: Page;

  it('tops up with a numbered cash pouch', { timeout: 60_000 }, async () => {
    payerPage = await signedIn(payer);
    const page = payerPage;
    // Lapsed: the red prompt to pay the fee; no balance yet, so no balance or transfer button.
    await page.getByText('社員資格已過期').waitFor();
    expect(await page.getByRole('link', { name: /^儲值餘額/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '轉帳', exact: true }).count()).toBe(0);

    await page.goto(`${baseUrl}/user/topup`);
    await page.getByRole('heading', { name: '儲值袋儲值' }).waitFor();
    await page.getByLabel('儲值袋條碼').fill(pouchBarcode);
    await page.getByLabel('金額（元）').fill('150');
    await page.getByRole('button', { name: '儲值', exact: true }).click();
    await page.getByText('金額必須是 100 元的倍數').waitFor();
    await page.getByLabel('金額（元）').fill('1000');
    await page.getByRole('button', { name: '儲值', exact: true }).click();
    await page.getByText('已存入 1000 元，目前餘額 1000 元。').waitFor();
  });

  it('transfers to another member through the three steps', { timeout: 60_000 }, async () => {
    const page = payerPage;
    await page.goto(`${baseUrl}/memberhome`);
    await page.getByRole('link', { name: '儲值餘額 1000 元' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: '轉帳', exact: true }).click();
    await page.waitForURL(`${baseUrl}/user/transfer`);

    // Step 1 checks in the spec's order, each a danger toast.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('尚未選擇轉帳對象').waitFor();
    await page.getByRole('combobox', { name: '轉帳對象' }).fill('陳收');
    await page.getByRole('option', { name: /陳收款/ }).click();
    await page.getByLabel('金額（元）').fill('0');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('金額錯誤，請輸入正整數').waitFor();
    await page.getByLabel('金額（元）').fill('5000');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('餘額不足', { exact: true }).waitFor();
    await page.getByLabel('金額（元）').fill('150');
    await page.getByLabel(/^摘要/).fill('紙');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('請填寫摘要，至少 2 個字').waitFor();
    await page.getByLabel(/^摘要/).fill('暗房相紙');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2 confirms; going back keeps what was entered.
    await page.getByText('請確認轉帳內容').waitFor();
    await page.getByRole('cell', { name: /陳收款/ }).waitFor();
    await page.getByRole('button', { name: '上一步' }).click();
    expect(await page.getByLabel(/^摘要/).inputValue()).toBe('暗房相紙');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '確認轉帳' }).click();

    // Step 3 done.
    await page.getByText('轉帳完成').waitFor();
    await page.getByText(/已轉帳 150 元給 陳收款 \(U\d{5}\)，交易編號 T\d+。/).waitFor();
    await page.getByText('目前餘額：850 元').waitFor();
  });

  it('shows the transfer in both transaction logs', { timeout: 60_000 }, async () => {
    const page = payerPage;
    await page.getByRole('link', { name: '查看交易紀錄' }).click();
    await page.waitForURL(`${baseUrl}/user/trans/log`);
    const sent = page.getByRole('row', { name: /暗房相紙/ });
    await sent.getByText('-150').waitFor();
    await sent.getByText('陳收款').waitFor();
    await page
      .getByRole('row', { name: new RegExp(`儲值袋 ${pouchBarcode}`) })
      .getByText('+1000')
      .waitFor();

    const payeePage = await signedIn(payee);
    await payeePage.getByRole('link', { name: '儲值餘額 150 元' }).click();
    await payeePage.waitForURL(`${baseUrl}/user/trans/log`);
    const received = payeePage.getByRole('row', { name: /暗房相紙/ });
    await received.getByText('+150').waitFor();
    await received.getByText('林付款').first().waitFor();
  });

  it('pays the member fee from the balance', { timeout: 60_000 }, async () => {
    const page = payerPage;
    await page.goto(`${baseUrl}/memberhome`);
    await page.getByRole('link', { name: '繳交社費 600 元' }).click();
    await page.waitForURL(`${baseUrl}/user/member/payfee`);
    await page.getByText('社費每學期 600 元，從你的儲值餘額扣款。').waitFor();
    await page.getByRole('button', { name: `確認繳交 ${currentSemester} 學期社費 600 元` }).click();
    await page.getByText('繳費成功').waitFor();
    await page.getByText(new RegExp(`你已是 ${currentSemester} 學期的社員`)).waitFor();

    await page.getByRole('link', { name: '回社員首頁' }).click();
    await page.waitForURL(`${baseUrl}/memberhome`);
    await page.getByRole('link', { name: '儲值餘額 250 元' }).waitFor();
    expect(await page.getByText('社員資格已過期').count()).toBe(0);
    await page.getByRole('link', { name: '儲值餘額 250 元' }).click();
    await page
      .getByRole('row', { name: new RegExp(`社費 ${currentSemester}`) })
      .getByText('-600')
      .waitFor();

    // The same page in English.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Transaction log' }).waitFor();
    await page.getByText('Balance: NT$250').waitFor();
  });
});
