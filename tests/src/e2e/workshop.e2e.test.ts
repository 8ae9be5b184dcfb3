import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeJpeg } from '@club/api/routes/files-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  signInApi,
  startPortal,
} from './harness.ts';

// The workshop form through the page, on the demo club (this semester's form is open for darkroom and
// photography): a new student, not yet a member, fills it in over several visits (each page's draft is
// kept across page loads), uploads 4 photos and submits on leaving page 6. The head, who holds
// workshopset, admits them to their first choice; they then appear on the semester's workshop roster,
// and the fee collection offers their 500 deposit.

const { person } = applicants('workshop');
const student = person(1, '吳新生');

describe('the workshop form in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
    expect((await callApi(portal.baseUrl, 'POST', '/api/user/register', student)).body.status).toBe('ok');
  }, 240_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  }, 60_000);

  const next = (page: Page) => page.getByRole('button', { name: '儲存並繼續' }).click();
  const pageTitle = (page: Page, title: string) => page.getByRole('heading', { name: title }).waitFor();

  it('a new student fills it in over several visits with 4 photos and submits; staff admit them', {
    timeout: 180_000,
  }, async () => {
    const page = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: student.mobile, password: 'darkroom42' },
      contexts,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/workshop/fillin`);
    // Page 1: contact and school data come from the account.
    await pageTitle(page, '聯絡與學校資料');
    expect(await page.getByLabel('學號').inputValue()).toBe(student.stuid);
    await page.getByLabel('手機').fill('');
    await next(page);
    await page.getByText('請檢查資料').first().waitFor();
    await page.getByLabel('手機').fill(student.mobile);
    await next(page);
    // Page 2: experience.
    await pageTitle(page, '攝影經驗');
    await page.getByLabel('你有哪種相機？').selectOption('digital');
    await page.getByLabel('拍過底片嗎？').selectOption('no');
    await page.getByLabel('進過暗房嗎？').selectOption('no');
    await next(page);
    await pageTitle(page, '志願與時間');

    // A second visit: the form resumes on page 3 with the earlier answers kept.
    await page.reload();
    await pageTitle(page, '志願與時間');
    await page.getByRole('button', { name: '上一頁' }).click();
    expect(await page.getByLabel('你有哪種相機？').inputValue()).toBe('digital');
    await next(page);
    await page.getByLabel('第一志願').selectOption('3');
    // Wish 2 never offers wish 1.
    expect(await page.getByLabel('第二志願').locator('option[value="3"]').count()).toBe(0);
    await page.getByLabel('第二志願').selectOption('none');
    await page.getByLabel('每週哪些晚上可以上課？').fill('週二、週四晚上');
    await next(page);
    // Photography only: page 4 comes, page 5 (darkroom) is skipped.
    await pageTitle(page, '攝影工作坊');
    await page.getByLabel('你喜歡拍什麼？').fill('街頭');
    await page.getByLabel('你會用哪台相機上課？').fill('Ricoh GR');
    await next(page);
    await pageTitle(page, '動機與作品');

    // A third visit: straight to page 6, where the photos go.
    await page.goto(`${portal.baseUrl}/memberhome`);
    await page.goto(`${portal.baseUrl}/workshop/fillin`);
    await pageTitle(page, '動機與作品');
    await page.getByLabel('報名動機').fill('想學攝影');
    await page.getByLabel('下學期打算繼續參加社團活動嗎？').selectOption('continue');
    await page.getByLabel('我知道錄取後須於第一堂課繳交保證金 500 元').check();
    const photos = await Promise.all(
      [0, 1, 2, 3].map(async (index) => ({
        name: `work-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(200 + index * 10, 150),
      })),
    );
    await page.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles(photos.slice(0, 3));
    await page.getByText('已上傳 3 張').waitFor();
    await page.getByRole('button', { name: '送出報名' }).click();
    await page.getByText('照片必須為 4 張').first().waitFor();
    await page.locator('input[type=file][aria-label="選擇檔案"]').setInputFiles(photos.slice(3));
    await page.getByText('已上傳 4 張').waitFor();
    await page.getByRole('button', { name: '送出報名' }).click();
    await pageTitle(page, '完成');
    await page.getByText(/報名已送出（/).waitFor();

    // The head admits them to their first choice.
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await staff.goto(`${portal.baseUrl}/admin/workshop/result`);
    await staff.getByRole('link', { name: '吳新生' }).click();
    await staff.getByRole('heading', { name: /吳新生/ }).waitFor();
    await expect.poll(() => staff.getByRole('img', { name: /作品照片/ }).count()).toBe(4);
    await staff.getByRole('button', { name: '錄取第一志願：攝影工作坊' }).click();
    await staff.getByText('錄取攝影工作坊').first().waitFor();

    // On the workshop roster of this semester, and the fee collection offers the deposit.
    await staff.goto(`${portal.baseUrl}/admin/workshop/list`);
    await staff.getByText('吳新生').first().waitFor();
    const cookie = (await signInApi(portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const prepared = await callApi(
      portal.baseUrl,
      'POST',
      '/api/admin/receive/member/fee',
      { cmd: 'prepare', keyword: student.stuid },
      cookie,
    );
    expect(prepared.body.workshoplist).toMatchObject([{ kind: 3, amount: 500 }]);
  });
});
