import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  startPortal,
} from './harness.ts';

// The calendar through the page: the demo's head (staff) creates a three-day staff-only event and a
// public one by clicking today's cell; a visitor on a phone sees only the public one in the agenda list;
// the public iCal feed (the URL the page shows) parses with ical.js and holds the public event only, and
// the head's personal feed URL holds both.

const runId = String(Date.now()).slice(-6);
const staffTitle = `幹部會議 ${runId}`;
const publicTitle = `期末社展 ${runId}`;
const DAY_MS = 86_400_000;
const taipeiDay = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** The feed's events as ical.js reads them. */
async function feedEvents(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString() };
  });
}

/** A click on today's day number: the top of the cell, which bars never cover. */
const clickToday = (page: Page) =>
  page.getByRole('button', { name: `新增 ${taipeiDay(0)} 的活動` }).click({ position: { x: 12, y: 10 } });

async function createOnToday(page: Page, title: string, options: { end: string; staffOnly: boolean }) {
  await clickToday(page);
  const dialog = page.getByRole('dialog', { name: '新增活動' });
  await dialog.getByLabel('活動名稱').fill(title);
  await dialog.getByLabel('結束日期').fill(options.end);
  if (options.staffOnly) await dialog.getByRole('radio', { name: '僅幹部' }).check();
  else await dialog.getByRole('button', { name: '顏色 4' }).click();
  await dialog.getByRole('button', { name: '儲存' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('儲存成功').first().waitFor();
}

describe('the calendar in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(() => closeAll(contexts, browser, portal), 60_000);

  it('staff create a three-day staff-only event and a public one; a visitor sees only the public one', {
    timeout: 120_000,
  }, async () => {
    const head = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await head.goto(`${portal.baseUrl}/calendar`);
    const today = head.locator(`[data-day="${taipeiDay(0)}"]`);
    await expect.poll(() => today.getAttribute('aria-current')).toBe('date');

    // Saving without a title is refused on the page with the spec's message.
    await clickToday(head);
    await head.getByRole('dialog', { name: '新增活動' }).getByRole('button', { name: '儲存' }).click();
    await head.getByText('資料有少').waitFor();
    await head.getByRole('button', { name: '取消' }).click();

    await createOnToday(head, staffTitle, { end: taipeiDay(2), staffOnly: true });
    await createOnToday(head, publicTitle, { end: taipeiDay(0), staffOnly: false });
    // The staff-only bar is on today's week row (its title is the bar's text).
    await head.locator('[data-entry]', { hasText: staffTitle }).first().waitFor();
    await head.locator('[data-entry]', { hasText: publicTitle }).first().waitFor();

    // Editing: clicking the staff-only bar opens it with staff-only chosen and the three days.
    await head.locator('[data-entry]', { hasText: staffTitle }).first().click();
    const edit = head.getByRole('dialog', { name: '編輯活動' });
    expect(await edit.getByLabel('開始日期').inputValue()).toBe(taipeiDay(0));
    expect(await edit.getByLabel('結束日期').inputValue()).toBe(taipeiDay(2));
    expect(await edit.getByRole('radio', { name: '僅幹部' }).isChecked()).toBe(true);
    await edit.getByRole('button', { name: '取消' }).click();

    // A visitor on a phone: the agenda list instead of the grid, with the public event only.
    const visitorContext = await browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
    });
    contexts.push(visitorContext);
    visitorContext.setDefaultTimeout(15_000);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${portal.baseUrl}/calendar`);
    const agenda = visitor.getByRole('list', { name: '本月活動' });
    await agenda.getByText(publicTitle).waitFor();
    expect(await visitor.getByText(staffTitle).count()).toBe(0);
    expect(await visitor.locator('[data-day]').count()).toBe(0);

    // Invalid parameters reset to the current month.
    await visitor.goto(`${portal.baseUrl}/calendar/2026/13`);
    await visitor.waitForURL(`${portal.baseUrl}/calendar`);
    await agenda.getByText(publicTitle).waitFor();

    // The public feed the page offers parses with a calendar library and holds the public event only.
    const publicUrl = await visitor.getByLabel('公開行事曆網址').inputValue();
    expect(publicUrl).toBe(`${portal.baseUrl}/api/calendar.ics`);
    const publicEvents = await feedEvents(publicUrl);
    expect(publicEvents.map((event) => event.summary)).toContain(publicTitle);
    expect(publicEvents.map((event) => event.summary)).not.toContain(staffTitle);

    // The head's personal URL holds both; the three-day event ends (exclusively) the day after its last.
    await head.getByRole('button', { name: '產生我的幹部網址' }).click();
    const personalUrl = await head.getByLabel('我的幹部行事曆網址').inputValue();
    expect(personalUrl).toMatch(/\/api\/calendar\/feed\/[\w-]+\.ics$/);
    const personalEvents = await feedEvents(personalUrl);
    expect(personalEvents).toContainEqual({ summary: staffTitle, start: taipeiDay(0), end: taipeiDay(3) });
    expect(personalEvents.map((event) => event.summary)).toContain(publicTitle);
  });
});
