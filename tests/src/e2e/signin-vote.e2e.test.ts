import { semesterOf } from '@club/core/semester';
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
  startPortal,
} from './harness.ts';

// Sign-in and the president vote through the page, on the demo club (林小美 a member, 陳社長 the head):
// 林小美 signs in on a sheet the head created with a secret word on a phone; a wrong word clears the field.
// Then she votes through the wizard and cannot vote again; the head closes the vote on the vote page and
// the result appears for her.

const account = (mobile: string) => ({ mobile, password: 'demo1234' });
const runTag = String(Date.now()).slice(-6);

describe('sign-in and the vote in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let headCookie: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
    headCookie = (await signInApi(portal.baseUrl, '0900000001', 'demo1234')).cookie;
  }, 240_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  }, 60_000);

  it('a member signs in with the secret word on a phone; a wrong word clears the field', {
    timeout: 90_000,
  }, async () => {
    const title = `攝影社課 ${runTag}`;
    const created = await callApi(
      portal.baseUrl,
      'POST',
      '/api/admin/signin',
      { title, code: '4321' },
      headCookie,
    );
    expect(created.body.status).toBe('ok');
    const sheetPk = (created.body.signin as { pk: number }).pk;

    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/signin`);
    await page.getByRole('button', { name: `簽到：${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const word = dialog.getByLabel('暗號');
    await word.fill('1111');
    await dialog.getByRole('button', { name: '簽到', exact: true }).click();
    await dialog.getByText('暗號錯誤').waitFor();
    expect(await word.inputValue()).toBe('');

    await word.fill('4321');
    await dialog.getByRole('button', { name: '簽到', exact: true }).click();
    await page.getByText('簽到成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const log = page.getByRole('table', { name: '我的簽到紀錄' });
    await log.getByText(title).waitFor();
    // The sheet is no longer offered to her.
    expect(await page.getByRole('button', { name: `簽到：${title}` }).count()).toBe(0);

    // The head reads one sign-in, hers, on the sheet's page.
    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    await head.goto(`${portal.baseUrl}/admin/signin/${sheetPk}`);
    await head.getByText('已簽到 1 人').waitFor();
    await head.getByRole('cell', { name: /林小美/ }).waitFor();

    // The demo workshop: she came to two of its three classes, so 100 is deducted.
    await head.goto(`${portal.baseUrl}/admin/signin/workshop/${semesterOf(new Date()).tag}/1`);
    const row = head.getByRole('row', { name: /林小美/ });
    await row.waitFor();
    expect(await row.locator('[data-deduction]').getAttribute('data-deduction')).toBe('100');
  });

  it('a member votes once, cannot vote again, and sees the result when the head closes the vote', {
    timeout: 120_000,
  }, async () => {
    const title = `第 ${runTag} 屆社長選舉`;
    const opened = await callApi(
      portal.baseUrl,
      'POST',
      '/api/admin/vote',
      {
        title,
        ballots: [
          { title: '候選人：林小美', kind: 'candidate' },
          { title: '社費調整案', kind: 'motion' },
        ],
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      headCookie,
    );
    expect(opened.body.status).toBe('ok');

    const page = await signedInPage(browser, portal.baseUrl, account('0900000002'), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/vote`);
    await page.getByRole('heading', { name: title }).waitFor();
    // Step 1: leaving a ballot unchosen is refused.
    await page
      .getByRole('radiogroup', { name: '候選人：林小美' })
      .getByRole('radio', { name: '同意', exact: true })
      .check();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('你還有未選擇的選票').waitFor();
    await page
      .getByRole('radiogroup', { name: '社費調整案' })
      .getByRole('radio', { name: '不同意', exact: true })
      .check();
    await page.getByRole('button', { name: '下一步' }).click();
    // Step 2: confirm; step 3: done.
    await page.getByRole('button', { name: '確認投票' }).click();
    await page.getByText('投票完成，謝謝你！').waitFor();

    await page.reload();
    await page.getByText('你已經投過票了').waitFor();
    await page.getByText('已投票 1 人').waitFor();
    const { cookie } = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const again = await callApi(
      portal.baseUrl,
      'POST',
      '/api/vote',
      { radio1: 'reject', radio2: 'reject' },
      cookie,
    );
    expect(again.body).toMatchObject({ status: 'fail', reason: 'already' });

    // The head closes the vote from the vote page.
    const head = await signedInPage(browser, portal.baseUrl, account('0900000001'), contexts);
    head.on('dialog', (dialog) => void dialog.accept());
    await head.goto(`${portal.baseUrl}/vote`);
    await head.getByRole('heading', { name: title }).waitFor();
    await head.getByRole('button', { name: '立即結束投票' }).click();
    await head.getByRole('table', { name: '投票結果' }).waitFor();

    await page.reload();
    const result = page.getByRole('table', { name: '投票結果' });
    await result.waitFor();
    const candidate = result.getByRole('row', { name: /候選人：林小美/ });
    expect((await candidate.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      '候選人：林小美',
      '1',
      '0',
      '0',
    ]);
    const motion = result.getByRole('row', { name: /社費調整案/ });
    expect((await motion.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      '社費調整案',
      '0',
      '1',
      '0',
    ]);
  });
});
