import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
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

// The treasurer's page on the demo club: the head (addvalue) opens 財務統計 on a phone, sees this
// semester's income (the demo's member fees and sales), a trial balance whose total line is 0, and
// downloads the semester's journal as CSV: one line per money event of the semester, as the API says.

describe('finance in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await closeAll(contexts, browser, portal);
  }, 60_000);

  it('staff see the books with a zero trial balance and download the journal', {
    timeout: 120_000,
  }, async () => {
    const { cookie } = await signInApi(portal.baseUrl, '0900000001', 'demo1234');
    const summary = (await callApi(portal.baseUrl, 'GET', '/api/admin/finance', undefined, cookie)).body as {
      semester: string;
      incomeTotal: number;
      journalLines: number;
      salesByPrefix: { prefix: string; sales: number }[];
    };
    expect(summary.incomeTotal).toBeGreaterThan(0);
    // The demo's counter sales of film show under their price-list prefix.
    expect(summary.salesByPrefix.find((row) => row.prefix === 'F')?.sales).toBeGreaterThan(0);

    const page = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.baseUrl}/admin`);
    await page.getByRole('link', { name: '財務統計' }).click();
    await page.waitForURL(`${portal.baseUrl}/admin/finance`);
    await page.getByRole('heading', { name: '財務統計', level: 2 }).waitFor();

    const income = await page.getByTestId('finance-income').textContent();
    expect(Number(income?.replaceAll(',', ''))).toBe(summary.incomeTotal);
    await page.getByText('依品項類別的銷售與進貨').waitFor();
    expect(await page.getByTestId('finance-moment').textContent()).toMatch(/事件位置 \d+/);
    expect(await page.getByTestId('trial-balance-check').textContent()).toBe('借貸平衡：合計為 0');
    const total = page.getByTestId('trial-balance-total').getByRole('cell');
    expect(await total.first().textContent()).toBe('合計');
    expect(await total.last().textContent()).toBe('0');
    // The debit and credit columns of the total line agree, and are not zero.
    const debit = await total.nth(1).textContent();
    expect(debit).toBe(await total.nth(2).textContent());
    expect(debit).not.toBe('0');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '日記帳 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`journal-${summary.semester}.csv`);
    const file = await download.path();
    const records = parse(readFileSync(file), { bom: true, columns: true }) as Record<string, string>[];
    expect(records.length).toBe(summary.journalLines);
    expect(records.length).toBeGreaterThan(10);
    const debits = records.reduce((sum, row) => sum + Number(row.debit), 0);
    const credits = records.reduce((sum, row) => sum + Number(row.credit), 0);
    // Every transfer of the semester has both lines once the process manager caught up.
    expect(debits).toBe(credits);
    expect(new Set(records.map((row) => row.event_id)).size).toBe(records.length);
  });
});
