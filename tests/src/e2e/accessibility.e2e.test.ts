import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, repoRoot, signedInPage, startPortal } from './harness.ts';

// WCAG 2 A and AA checks (axe) on the pages people use most, at phone width, on the demo club: a
// regression here (a low-contrast colour, an input without a label) fails the build.

const PHONE = { width: 390, height: 844 };

describe('accessibility of the main pages', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const violationsOf = async (page: Page, url: string) => {
    await page.goto(`${portal.baseUrl}${url}`);
    await page.getByRole('heading').first().waitFor();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  };

  beforeAll(async () => {
    portal = await startPortal({
      // The demo club, loaded through the same commands users run, gives a staff member and a member.
      prepare: async (dataDir) => {
        execFileSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['api/src/cli/demo.ts'], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir },
          stdio: 'ignore',
        });
      },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.stop();
  }, 30_000);

  it('has no WCAG A/AA violations on the public pages', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: PHONE });
    contexts.push(context);
    const page = await context.newPage();
    for (const url of ['/', '/user/login', '/user/register', '/terms']) {
      expect(await violationsOf(page, url), url).toEqual([]);
    }
  });

  it("has no WCAG A/AA violations on a member's pages and the staff pages", {
    timeout: 120_000,
  }, async () => {
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    await member.setViewportSize(PHONE);
    for (const url of [
      '/memberhome',
      '/user/transfer',
      '/user/trans/log',
      '/user/point/log',
      '/user/point/new',
      '/user/topup',
    ]) {
      expect(await violationsOf(member, url), url).toEqual([]);
    }
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await staff.setViewportSize(PHONE);
    for (const url of [
      '/admin',
      '/admin/receive/member/fee',
      '/admin/deposit',
      '/admin/auth',
      '/admin/member/list',
    ]) {
      expect(await violationsOf(staff, url), url).toEqual([]);
    }
  });
});
