import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

// Two members race for one darkroom slot from two browsers: 陳社長 and 林小美 (both members of the demo
// club) each open the rules, agree, pick the same day and the same free slot of 暗房 A, and press 預約 at
// the same moment. Exactly one gets it ('完成，請確認結果'); the other is told the slot was taken and
// auto-excluded, and then sees the winner's name in that slot. The portal's clock reads noon in Taipei
// today (startPortal's clockAt), so the 15 days and 08:00-22:00 are the same whenever the test runs.

const account = (mobile: string) => ({ mobile, password: 'demo1234' });
const taipeiToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const noonInTaipei = new Date(`${taipeiToday}T12:00:00+08:00`);
/** Three days on: a day the demo reserved nothing in 暗房 A at 10:00. */
const raceDay = new Date(Date.parse(`${taipeiToday}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const DONE = '完成，請確認結果';
const TAKEN = '部分時段已被預約，已自動排除，請再確認';

describe('darkroom reservations in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let winnerPage: Page | undefined;
  /** 陳社長's page (staff) and 林小美's, from the race. */
  let racePages: Page[] = [];

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir), clockAt: noonInTaipei });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  }, 60_000);

  /** Signs in on a phone-sized page, agrees to the rules, and opens the form on 暗房 A 10:00 of the race day. */
  async function readyToReserve(mobile: string): Promise<Page> {
    const page = await signedInPage(browser, portal.baseUrl, account(mobile), contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/reserve`);
    // The rules come first.
    await page.waitForURL(`${portal.baseUrl}/reserve/rule`);
    const next = page.getByRole('button', { name: '繼續預約' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('我已閱讀並同意以上規則').check();
    await next.click();
    await page.waitForURL(`${portal.baseUrl}/reserve`);
    await page.getByRole('button', { name: new RegExp(`^${raceDay.slice(5).replace('-', '/')} `) }).click();
    await page.getByRole('button', { name: '預約 暗房 A 10:00', exact: true }).click();
    // A clicked slot gives 2 hours from it, in the room clicked.
    await expect.poll(() => page.getByTestId('reserve-range').textContent()).toBe('10:00–12:00');
    return page;
  }

  it('two members press 預約 for the same slot at once: exactly one gets it, the other is told', {
    timeout: 120_000,
  }, async () => {
    const pages = await Promise.all([readyToReserve('0900000001'), readyToReserve('0900000002')]);
    racePages = pages;
    const buttons = pages.map((page) => page.getByRole('button', { name: '預約', exact: true }));
    for (const button of buttons) await button.waitFor();
    // Press both at the same moment.
    await Promise.all(buttons.map((button) => button.click()));

    const outcome = async (page: Page) => {
      const status = page.getByRole('status');
      await expect
        .poll(
          async () => {
            const text = (await status.textContent()) ?? '';
            return text.includes(DONE) || text.includes(TAKEN);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      return ((await status.textContent()) ?? '').includes(DONE) ? 'won' : 'lost';
    };
    const outcomes = await Promise.all(pages.map(outcome));
    expect([...outcomes].sort()).toEqual(['lost', 'won']);
    const winnerIndex = outcomes.indexOf('won');
    const loserIndex = 1 - winnerIndex;
    const winnerName = winnerIndex === 0 ? '陳社長' : '林小美';
    winnerPage = pages[winnerIndex]!;

    // The loser's form dropped 暗房 A (auto-excluded), and their grid shows the winner in that slot.
    const loser = pages[loserIndex]!;
    await loser.getByRole('button', { name: `暗房 A 10:00 ${winnerName}` }).waitFor();
    await loser.getByRole('button', { name: '預約', exact: true }).click();
    await loser.getByText('請選擇空間/器材').waitFor();

    // The server holds exactly one reservation of 暗房 A at 10:00 that day.
    const { cookie } = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const data = await callApi(portal.baseUrl, 'GET', '/api/reserve/', undefined, cookie);
    const at = Date.parse(`${raceDay}T10:00:00+08:00`);
    const holders = (
      data.body.reserveList as {
        room: string[];
        startmoment: string;
        endmoment: string;
        user: { name: string };
      }[]
    ).filter(
      (row) =>
        row.room.includes('darkroom_a') &&
        Date.parse(row.startmoment) <= at &&
        at < Date.parse(row.endmoment),
    );
    expect(holders.map((row) => row.user.name)).toEqual([winnerName]);
  });

  it('the winner changes the time of their reservation; an empty range asks to choose a time', {
    timeout: 60_000,
  }, async () => {
    const page = winnerPage!;
    await page.getByRole('button', { name: /^修改 暗房 A 10:00 / }).click();
    await page.getByRole('region', { name: '修改預約' }).waitFor();
    const end = page.getByRole('slider', { name: '結束時間' });
    // 12:00 down to 10:00: an empty range.
    await end.focus();
    for (let step = 0; step < 4; step++) await end.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('reserve-range').textContent()).toBe('未選擇');
    await page.getByRole('button', { name: '儲存修改' }).click();
    await page.getByText('請選擇時間').waitFor();
    // Then to 13:00 and saved.
    for (let step = 0; step < 6; step++) await end.press('ArrowRight');
    await expect.poll(() => page.getByTestId('reserve-range').textContent()).toBe('10:00–13:00');
    await page.getByRole('button', { name: '儲存修改' }).click();
    await page.getByText(DONE).waitFor();
    await page.getByRole('button', { name: /^修改 暗房 A 12:30 / }).waitFor();
  });

  it('the grid with its form fits a phone and passes axe (WCAG 2 A and AA); staff entries are grey with their comment', {
    timeout: 60_000,
  }, async () => {
    const page = winnerPage!;
    await page.goto(`${portal.baseUrl}/reserve`);
    // The demo's staff entry (暗房課程, 18:00-21:00 in 暗房 A and B) two days on.
    const classDay = new Date(Date.parse(`${taipeiToday}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.getByRole('button', { name: new RegExp(`^${classDay.slice(5).replace('-', '/')} `) }).click();
    const staffCell = page.getByRole('button', { name: /^(修改 )?暗房 B 18:00 暗房課程$/ });
    await staffCell.waitFor();
    // Grey: the cell's background is Mantine's gray-4, read as the browser computes both.
    const greyOf = `(() => { const probe = document.createElement('div'); probe.style.background = 'var(--mantine-color-gray-4)';
      document.body.append(probe); const colour = getComputedStyle(probe).backgroundColor; probe.remove(); return colour; })()`;
    const cellColour = await staffCell.evaluate(
      (button) =>
        (
          globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }
        ).getComputedStyle((button as unknown as { closest(selector: string): unknown }).closest('td'))
          .backgroundColor,
    );
    expect(cellColour).toBe(await page.evaluate<string>(greyOf));
    await page.getByRole('button', { name: '新增預約' }).click();
    await expect.poll(() => page.getByTestId('reserve-range').textContent()).toBe('12:00–15:00');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // For a look at the phone layout.
    await page.screenshot({ path: '/tmp/club-reserve-phone.png', fullPage: true });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it('staff add a room from the page; a member deletes her own reservation and the slot is free again', {
    timeout: 60_000,
  }, async () => {
    const [head, member] = racePages as [Page, Page];
    await head.goto(`${portal.baseUrl}/reserve`);
    await head.getByText('管理空間/器材（幹部）').click();
    await head.getByLabel('代號').fill('enlarger_2');
    await head.getByLabel('類別').fill('放大機');
    await head.getByLabel('名稱').fill('放大機 2');
    await head.getByRole('button', { name: '儲存空間/器材' }).click();
    await head.getByRole('columnheader', { name: '放大機 2' }).waitFor();
    // Members do not see the room list's management.
    await member.goto(`${portal.baseUrl}/reserve`);
    await member.getByRole('columnheader', { name: '放大機 2' }).waitFor();
    expect(await member.getByText('管理空間/器材（幹部）').count()).toBe(0);

    // The demo's reservation of 林小美: tomorrow 14:00-16:00 in 暗房 A.
    const tomorrow = new Date(Date.parse(`${taipeiToday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await member
      .getByRole('button', { name: new RegExp(`^${tomorrow.slice(5).replace('-', '/')} `) })
      .click();
    await member.getByRole('button', { name: /^修改 暗房 A 14:00 林小美$/ }).click();
    await member.getByRole('button', { name: '刪除' }).click();
    await member.getByText(DONE).waitFor();
    await member.getByRole('button', { name: '預約 暗房 A 14:00', exact: true }).waitFor();
  });

  it('the page refreshes every 3 minutes: a reservation made elsewhere appears without a reload', {
    timeout: 60_000,
  }, async () => {
    const member = racePages[1]!;
    const page = await member.context().newPage();
    // The page's timers run on a clock the test moves (the server keeps its own).
    await page.clock.install();
    // A new tab agrees to the rules again (the agreement lasts a browser session, per tab).
    await page.goto(`${portal.baseUrl}/reserve/rule`);
    await page.getByLabel('我已閱讀並同意以上規則').check();
    await page.getByRole('button', { name: '繼續預約' }).click();
    const dayFour = new Date(Date.parse(`${taipeiToday}T00:00:00Z`) + 4 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.getByRole('button', { name: new RegExp(`^${dayFour.slice(5).replace('-', '/')} `) }).click();
    await page.getByRole('button', { name: '預約 暗房 B 09:00', exact: true }).waitFor();

    const { cookie } = await signInApi(portal.baseUrl, '0900000001', 'demo1234');
    const made = await callApi(
      portal.baseUrl,
      'POST',
      '/api/reserve',
      {
        pk: 'new',
        date: dayFour,
        hourRange: [540, 600],
        roomList: ['darkroom_b'],
        requestId: 'refresh-test',
      },
      cookie,
    );
    expect(made.body.status).toBe('ok');
    const booked = page.getByRole('button', { name: '暗房 B 09:00 陳社長', exact: true });
    // Well before 3 minutes (leaving room for the real seconds the steps above took) nothing changed.
    await page.clock.runFor(150_000);
    expect(await booked.count()).toBe(0);
    await page.clock.runFor(35_000);
    await booked.waitFor();
    await page.close();
  });
});
