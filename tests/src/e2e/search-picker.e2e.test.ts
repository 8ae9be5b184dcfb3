import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  callApi,
  launchBrowser,
  type RunningPortal,
  signedInPage,
  startPortal,
  closeAll,
} from './harness.ts';

// The search picker's behaviours in a real browser (document 2, sections 4 and 5), on the transfer
// page's recipient picker (the shared picker with the user kind): leaving the field with exactly one
// match chooses it, with several it keeps the previous choice, Esc restores the previous choice, and an
// Enter that ends an IME composition (or comes within 100 ms of its end) chooses nothing.

const { person } = applicants('picker');
const payer = person(1, '林付款');
const first = person(2, '陳收款');
const second = person(3, '陳收件');

describe('search picker in the browser', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    for (const account of [payer, first, second])
      expect((await callApi(portal.baseUrl, 'POST', '/api/user/register', account)).body.status).toBe('ok');
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  /** Presses Enter as an IME does when it ends a composition: compositionend, then at once the keydown. */
  const imeEnter = (field: Locator) =>
    field.evaluate((input) => {
      // The browser's own event classes (this package is type-checked without the DOM library).
      type EventClass = new (type: string, init: Record<string, unknown>) => Event;
      const view = input.ownerDocument.defaultView as unknown as Record<
        'CompositionEvent' | 'KeyboardEvent',
        EventClass
      >;
      input.dispatchEvent(new view.CompositionEvent('compositionstart', { bubbles: true }));
      input.dispatchEvent(new view.CompositionEvent('compositionend', { bubbles: true, data: '件' }));
      input.dispatchEvent(
        new view.KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
      );
    });

  it('chooses on leaving with one match, keeps the choice with several, restores on Esc, ignores the IME Enter', {
    timeout: 90_000,
  }, async () => {
    const page: Page = await signedInPage(browser, portal.baseUrl, payer, contexts);
    await page.goto(`${portal.baseUrl}/user/transfer`);
    const field = page.getByRole('combobox', { name: '轉帳對象' });
    const heading = page.getByRole('heading').first();

    // Exactly one match: leaving the field chooses it.
    await field.fill('陳收款');
    await page.getByRole('option', { name: /陳收款/ }).waitFor();
    await heading.click();
    await expect.poll(() => field.inputValue()).toMatch(/^陳收款 \(U\d{5}\)$/);
    const chosen = await field.inputValue();

    // Two matches (full-width padded text is the same search): leaving keeps the previous choice.
    await field.fill('　陳收 ');
    await expect.poll(() => page.getByRole('option', { name: /陳收/ }).count()).toBe(2);
    await heading.click();
    await expect.poll(() => field.inputValue()).toBe(chosen);

    // Esc restores the previous choice.
    await field.fill('林');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.inputValue()).toBe(chosen);

    // The Enter that ends a composition chooses nothing; a real Enter after the settle time does.
    await field.fill('陳收件');
    await page.getByRole('option', { name: /陳收件/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await imeEnter(field);
    await page.waitForTimeout(300);
    expect(await field.inputValue()).toBe('陳收件');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toMatch(/^陳收件 \(U\d{5}\)$/);
  });
});
