// The accessibility checks shared by the accessibility-*.e2e.test.ts files: WCAG 2 A and AA (axe) on a
// page at phone width (390 px) and at desktop width (1280 px), on the demo club. Any violation, of
// whatever impact (a low-contrast colour, an input without a label, a scroll region the keyboard cannot
// reach), fails the build. With AXE_SCREENSHOTS=1 each page is also saved as a screenshot in
// /tmp/club-axe/ for a look at both layouts (off by default: encoding some 300 full-page PNGs costs the
// suite minutes of CPU). The pages are split over several files so that they run side by side.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  repoRoot,
  signedInPage,
  startPortal,
} from './harness.ts';

export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const SCREENSHOTS = '/tmp/club-axe';

/** The names of the routes whose page is built, read from the web's route table. */
export function builtRouteNames(): string[] {
  const table = readFileSync(path.join(repoRoot, 'web/src/app/routes-table.ts'), 'utf8');
  const entries = table.split(/\n {2}\{\n/).slice(1);
  return entries
    .filter((entry) => /\n\s+page: \(\) => import\(/.test(entry))
    .map((entry) => /name: '(\w+)'/.exec(entry)?.[1])
    .filter((name): name is string => name !== undefined);
}

/**
 * The WCAG 2 A and AA violations on the page as it is now, one line per rule with its elements.
 * `resultTypes` first: `withTags` adds its rule selection to the same options, and `options` would replace
 * it. Only violations get their elements' details, and legacy mode runs axe in the page itself instead of
 * finishing in a blank page of its own (the portal has no frames, which is all legacy mode leaves out).
 * Timed on the finance and statistics pages: axe took 1.3-2.5 s a page before, 0.7-1.8 s in legacy mode,
 * 0.6-1.1 s with both.
 */
export async function violationsOnPage(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode()
    .analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

type Hook = (fn: () => Promise<void>, timeout?: number) => void;

/**
 * A demo portal and a browser for one file's checks, started in `beforeAll` and closed in `afterAll`
 * (vitest's hooks, passed in so this module stays a plain helper).
 */
export function axeSuite(beforeAll: Hook, afterAll: Hook) {
  let portal: RunningPortal | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const checked = new Set<string>();

  const baseUrl = () => {
    if (!portal) throw new Error('the portal has not started');
    return portal.baseUrl;
  };

  const violationsOf = async (page: Page, url: string, shot: string) => {
    await page.goto(`${baseUrl()}${url}`);
    await page.getByRole('heading').first().waitFor();
    // Lists load after the heading; wait until nothing is loading any more.
    await page.waitForLoadState('networkidle');
    if (process.env.AXE_SCREENSHOTS === '1') {
      await page.screenshot({ path: `${SCREENSHOTS}/${shot}.png`, fullPage: true });
    }
    return violationsOnPage(page);
  };

  /** Checks each page at both widths; `route` names the table entry the url stands for. */
  const checkPages = async (page: Page, pages: [route: string, url: string][]) => {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      for (const [route, url] of pages) {
        const shot = `${width}${url.replaceAll('/', '_') || '_'}`;
        expect(await violationsOf(page, url, shot), `${url} at ${viewport.width} px`).toEqual([]);
        checked.add(route);
      }
    }
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The demo club, loaded through the same commands users run, gives a staff member and a member.
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  return {
    get portal(): RunningPortal {
      if (!portal) throw new Error('the portal has not started');
      return portal;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
    contexts,
    checked,
    checkPages,
    /** A page signed in as a demo account (password demo1234): 0900000001 the head, 0900000002 a member. */
    signIn: (mobile: string) => signedInPage(browser!, baseUrl(), { mobile, password: 'demo1234' }, contexts),
    violationsOf,
  };
}
