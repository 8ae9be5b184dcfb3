import type { Browser, BrowserContext, Page } from 'playwright-core';
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

// The built web app under the portal's Content-Security-Policy in a real Chromium: the pages render and
// work, and the browser reports no violation (a blocked script or style would break or unstyle a page
// without failing the journeys that only look for text).

const { person } = applicants('csp');

describe('the web app under the security headers', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  /** Records every CSP violation the page reports, from before its first script runs. */
  async function watchViolations(page: Page): Promise<string[]> {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // A script string: this package type-checks without the DOM library.
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) => {
        console.error('Content Security Policy violation: ' + event.violatedDirective + ' ' + event.blockedURI);
      });`,
    });
    return violations;
  }

  it('renders the public pages with the policy in force and no violation', async () => {
    const context = await browser.newContext({ locale: 'zh-TW' });
    contexts.push(context);
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(`${portal.baseUrl}/`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await page.getByRole('link', { name: '申請入社' }).first().waitFor();
    // Mantine's styles applied: the primary button is not the browser's default grey.
    await page.goto(`${portal.baseUrl}/user/login`);
    await page.getByLabel('手機、學號或 Email').waitFor();
    const background = await page
      .getByRole('button', { name: '登入' })
      .evaluate('(button) => getComputedStyle(button).backgroundColor');
    expect(background).not.toBe('rgb(239, 239, 239)');
    expect(violations).toEqual([]);
  });

  it('logs in and shows the member home with no violation', async () => {
    const applicant = person(1, '陳安全');
    expect((await callApi(portal.baseUrl, 'POST', '/api/user/register', applicant)).body.status).toBe('ok');
    const page = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: String(applicant.mobile), password: String(applicant.password) },
      contexts,
    );
    const violations = await watchViolations(page);
    await page.goto(`${portal.baseUrl}/memberhome`);
    await page.getByText('陳安全').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('keeps the API docs closed to visitors in production', async () => {
    const response = await fetch(`${portal.baseUrl}/api/docs/json`);
    expect(response.status).toBe(401);
  });
});
