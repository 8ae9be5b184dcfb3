import sharp from 'sharp';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  launchBrowser,
  type RunningPortal,
  repoRoot,
  signedInPage,
  signInApi,
  startPortal,
  closeAll,
  loadDemo,
} from './harness.ts';

// WCAG 2 A and AA checks (axe) on every built page of the route table, at phone width (390 px) and at
// desktop width (1280 px), on the demo club: any violation, of whatever impact (a low-contrast colour,
// an input without a label, a scroll region the keyboard cannot reach), fails the build. Each page is also
// saved as a screenshot in /tmp/club-axe/ for a look at both layouts.

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const SCREENSHOTS = '/tmp/club-axe';

/** The names of the routes whose page is built, read from the web's route table. */
function builtRouteNames(): string[] {
  const table = readFileSync(path.join(repoRoot, 'web/src/app/routes-table.ts'), 'utf8');
  const entries = table.split(/\n {2}\{\n/).slice(1);
  return entries
    .filter((entry) => /\n\s+page: \(\) => import\(/.test(entry))
    .map((entry) => /name: '(\w+)'/.exec(entry)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe('accessibility of every page', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const checked = new Set<string>();

  const violationsOf = async (page: Page, url: string, shot: string) => {
    await page.goto(`${portal.baseUrl}${url}`);
    await page.getByRole('heading').first().waitFor();
    // Lists load after the heading; wait until nothing is loading any more.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SCREENSHOTS}/${shot}.png`, fullPage: true });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
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
    portal = await startPortal({
      // The demo club, loaded through the same commands users run, gives a staff member and a member.
      prepare: async (dataDir) => {
        loadDemo(dataDir);
      },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('has no WCAG A/AA violations on the public pages', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ locale: 'zh-TW' });
    contexts.push(context);
    const page = await context.newPage();
    await checkPages(page, [
      ['PublicHome', '/'],
      ['UserLogin', '/user/login'],
      ['UserRegister', '/user/register'],
      ['Terms', '/terms'],
      ['Calendar', '/calendar'],
      ['NotFound', '/no/such/page'],
    ]);
  });

  it("has none on a member's pages", { timeout: 600_000 }, async () => {
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    // The reservation grid sends whoever has not agreed to its rules in this tab to the rules page first.
    await member.evaluate("sessionStorage.setItem('club.reserve.rules-agreed', '1')");
    await checkPages(member, [
      ['MemberHome', '/memberhome'],
      ['DarkroomReserveRule', '/reserve/rule'],
      ['DarkroomReserve', '/reserve'],
      ['UserTransfer', '/user/transfer'],
      ['TransLog', '/user/trans/log'],
      ['UserPointLog', '/user/point/log'],
      ['UserPointEdit', '/user/point/new'],
      ['PayMemberFee', '/user/member/payfee'],
      ['UserPouchTopUp', '/user/topup'],
      ['LangSetting', '/user/setting/lang'],
      ['UserChangePassword', '/user/change/password'],
      ['OpenDoor', '/open/door'],
      ['LabelPrint', '/label/print'],
      ['SignIn', '/signin'],
      ['Vote', '/vote'],
      ['Training', '/training'],
      ['NAS', '/nas'],
      ['UserPriceList', '/user/price/F'],
      ['UserPriceList', '/user/price/estimateAluFrame'],
      ['LoganCalc', '/logan/calc/config'],
      ['DarkroomDispense', '/darkroom/dispense'],
      // The demo member 0900000002 has a darkroom session going (api/src/cli/demo-darkroom-sessions.ts).
      ['DarkroomSession', '/darkroom/session'],
      // The demo's print projects: 1 is 林小美's zine with its pages and imposition PDF (docs/print.md).
      ['PrintAssistant', '/print'],
      ['PrintAssistant', '/print/1'],
      ['PrintAssistantImposition', '/print/1/imposition'],
      ['BookEstimate', '/book/estimate'],
    ]);
  });

  it('has none on the staff pages', { timeout: 600_000 }, async () => {
    // A semester for the roster form, and a transaction (the member's top-up) for the detail page.
    const { cookie } = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const check = await callApi(portal.baseUrl, 'GET', '/api/user/check', undefined, cookie);
    const semester = check.body.semesternow as string;
    const memberPk = (check.body.user as { pk: number }).pk;
    const log = await callApi(portal.baseUrl, 'GET', '/api/user/trans/log/1', undefined, cookie);
    const rows = log.body.loglist as { pk: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    const headCookie = (await signInApi(portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const sheets = await callApi(portal.baseUrl, 'GET', '/api/admin/signin', undefined, headCookie);
    const sheetPk = (sheets.body.loglist as { pk: number }[])[0]!.pk;
    await checkPages(staff, [
      ['AdminHome', '/admin'],
      // Staff see the calendar with its edit buttons and the personal feed box.
      ['Calendar', '/calendar'],
      ['AdminMemberStaffWorkshopList', '/admin/member/list'],
      ['AdminMemberStaffWorkshopList', '/admin/staff/list'],
      ['AdminMemberStaffWorkshopList', '/admin/workshop/list'],
      ['AdminStaffWorkshopAdd', `/admin/staff/add/${semester}`],
      ['AdminUserSearch', '/admin/user/search'],
      ['AdminUserRecentDebtList', '/admin/user/list/recent'],
      ['AdminUserRecentDebtList', '/admin/user/list/debt'],
      ['AdminPointStat', '/admin/point/stat'],
      ['AdminPointLog', '/admin/point/log'],
      ['AdminPointEdit', '/admin/point/new'],
      ['AdminTransDetail', '/admin/trans/detail'],
      ['AdminTransDetail', `/admin/trans/detail/${rows[0]!.pk}`],
      ['AdminDeposit', '/admin/deposit'],
      ['AdminAuth', '/admin/auth'],
      ['AdminReceiveMemberFee', '/admin/receive/member/fee'],
      ['AdminSystemOpendoorLog', '/admin/system/opendoor/log'],
      ['AdminSystemLabelPrintLog', '/admin/system/label/print/log'],
      ['AdminUserDetail', `/admin/user/detail/${memberPk}`],
      ['AdminSystemStatus', '/admin/system/status'],
      ['AdminSystemLoginLog', '/admin/system/login/log'],
      ['AdminSystemUserChangeLog', '/admin/system/user/change/log'],
      ['AdminSystemUserSearchLog', '/admin/system/user/search/log'],
      ['AdminSystemEmailLog', '/admin/system/email/log'],
      ['AdminSignIn', '/admin/signin'],
      ['AdminSignIn', '/admin/signin/new'],
      ['AdminSignIn', `/admin/signin/${sheetPk}`],
      ['AdminSignInWorkshopResult', `/admin/signin/workshop/${semester}/1`],
      // The vote page with the staff panel (the demo's vote is open: the close button).
      ['Vote', '/vote'],
      ['AdminBulkFilmLoader', '/admin/bulkfilmloader'],
      ['AdminActPlace', '/admin/actplace'],
    ]);
    // The logout page ends the session (and then shows the public home), so each width signs in anew.
    for (const viewport of Object.values(WIDTHS)) {
      const leaving = await signedInPage(
        browser,
        portal.baseUrl,
        { mobile: '0900000001', password: 'demo1234' },
        contexts,
      );
      await leaving.setViewportSize(viewport);
      const shot = `logout-${viewport.width}`;
      expect(await violationsOf(leaving, '/user/logout', shot), `/user/logout at ${viewport.width}`).toEqual(
        [],
      );
      await leaving.waitForURL(`${portal.baseUrl}/`);
    }
    checked.add('UserLogout');
  });

  // The darkroom and printer pages (issue 16) apart from the other staff pages: one test each keeps
  // every test well inside its timeout on a busy two-core machine.
  it('has none on the darkroom and printer staff pages', { timeout: 600_000 }, async () => {
    const headCookie = (await signInApi(portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const dispenses = await callApi(
      portal.baseUrl,
      'GET',
      '/api/admin/darkroom/dispense/log/1',
      undefined,
      headCookie,
    );
    const dispensePk = (dispenses.body.loglist as { pk: number }[])[0]!.pk;
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [
      ['AdminSystemTempRH', '/admin/system/temprh'],
      ['AdminChemical2', '/admin/chemical2'],
      ['AdminChemical2Log', '/admin/chemical2/log/3'],
      ['AdminChemical2Adjust', '/admin/chemical2/adjust/3'],
      ['AdminDispenserLog', '/admin/dispenser/log'],
      ['AdminDarkroomLog', '/admin/darkroom/log'],
      ['AdminDispenserLogDetail', `/admin/dispenser/detail/${dispensePk}`],
      ['AdminGicleeJobHistory', '/admin/giclee/job/history/all'],
      ['AdminGicleeJobHistory', '/admin/giclee/job/history/notpaid'],
      ['AdminP6000Stat', '/admin/p6000/stat'],
    ]);
  });

  it('has none on the stock staff pages', { timeout: 600_000 }, async () => {
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [
      // Stock (issue 14): the demo catalogue's film pk 4, its tabs, the wizard, the log, the film statistics.
      ['AdminStockList', '/admin/stock/list'],
      ['AdminStockSingle', '/admin/stock/4'],
      ['AdminStockSingle', '/admin/stock/4?tab=config'],
      ['AdminStockSingle', '/admin/stock/4?tab=log'],
      ['AdminStockAdd', '/admin/stock/add'],
      ['AdminStockPurchase', '/admin/stock/purchase'],
      ['AdminStockLog', '/admin/stock/log/all/all'],
      ['AdminStockFilmStat', '/admin/stock/film/stat'],
    ]);
  });

  it('has none on the duo print steps', { timeout: 600_000 }, async () => {
    // A print project of the demo member with one back-side page and both offsets, so every kind of step
    // shows: the menu with its QR code, an instruction, a photo step, a result, download and settings, the end.
    const { cookie } = await signInApi(portal.baseUrl, '0900000002', 'demo1234');
    const created = await callApi(portal.baseUrl, 'POST', '/api/print', { title: '雙面對位' }, cookie);
    const pk = (created.body.printproject as { pk: number }).pk;
    const form = new FormData();
    form.append('objname', 'printproject');
    form.append('pk', String(pk));
    form.append('attr', '');
    form.append('application', '1');
    const back = await sharp({
      create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(back)], { type: 'image/png' }), 'back.png');
    const uploaded = await fetch(`${portal.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { scope: 'main', cookie },
      body: form,
    });
    const s3pk = ((await uploaded.json()) as { filelist: { pk: number }[] }).filelist[0]!.pk;
    const offsets = { left: { x: 0.4, y: 1.2 }, right: { x: 0.6, y: 1.1 } };
    await callApi(portal.baseUrl, 'POST', `/api/print/${pk}/xydirsync/${s3pk}`, offsets, cookie);
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    const base = `/print/${pk}/duoprint/${s3pk}`;
    await checkPages(
      member,
      ['', '/2', '/22', '/24', '/26', '/28', '/29'].map((step) => [
        'PrintAssistantDuoPrint',
        `${base}${step}`,
      ]),
    );
  });

  it('has none on the loans pages', { timeout: 600_000 }, async () => {
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    // Loans (issue 15): the member's pages and the counter kiosk's (store scope).
    await checkPages(member, [
      ['Library', '/library'],
      ['UserLibraryHistory', '/user/library/history'],
      ['UserPropertyHistory', '/user/property/history'],
      ['LibraryCounter', '/library/counter?scope=store'],
      ['PropertyCounter', '/property/counter?scope=store'],
      ['SharingPaperCounter', '/sharingpaper/counter?scope=store'],
    ]);
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    // The demo's box 1 is back (the take-out form), box 2 is out (the weigh-in form).
    await checkPages(staff, [
      ['AdminLibraryHistory', '/admin/library/history/all'],
      ['AdminLibraryHistory', '/admin/library/history/due'],
      ['AdminLibraryBooks', '/admin/library/books'],
      ['AdminPropertyHistory', '/admin/property/history/all'],
      ['AdminPropertyHistory', '/admin/property/history/lendout'],
      ['AdminPropertyList', '/admin/property/list'],
      ['AdminPropertyEdit', '/admin/property/1/edit'],
      ['AdminSharingPaper', '/admin/sharingpaper'],
      ['AdminSharingPaperRow', '/admin/sharingpaper/1'],
      ['AdminSharingPaperEdit', '/admin/sharingpaper/1/edit'],
      ['AdminSharingPaperEdit', '/admin/sharingpaper/2/edit'],
    ]);
  });

  // Group buys (issue 18): the member's list and the administrator's view with totals and the panel.
  it('has none on the group-buy pages', { timeout: 600_000 }, async () => {
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    await checkPages(member, [
      ['GroupBuy', '/groupbuy'],
      ['GroupBuy', '/groupbuy/1'],
    ]);
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [['GroupBuy', '/groupbuy']]);
  });

  // Finance (issue 19): the treasurer's books of the demo club.
  it('has none on the finance page', { timeout: 600_000 }, async () => {
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [['AdminFinanceStat', '/admin/finance']]);
  });

  // Workshop form (issue 18 §2): the notice for visitors, the form for a member, the staff review with
  // the demo's submitted application (form 1) and its photos.
  it('has none on the workshop pages', { timeout: 600_000 }, async () => {
    const visitorContext = await browser.newContext({ locale: 'zh-TW' });
    contexts.push(visitorContext);
    await checkPages(await visitorContext.newPage(), [['PublicWorkshopForm', '/workshop/form']]);
    const member = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000002', password: 'demo1234' },
      contexts,
    );
    await checkPages(member, [['WorkshopForm', '/workshop/fillin']]);
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [
      ['AdminWorkshopResult', '/admin/workshop/result'],
      ['AdminWorkshopResult', '/admin/workshop/result/1'],
    ]);
  });

  // Staff statistics (issue 19): members and staff, usage per member and per club, with their charts.
  it('has none on the statistics pages', { timeout: 600_000 }, async () => {
    const staff = await signedInPage(
      browser,
      portal.baseUrl,
      { mobile: '0900000001', password: 'demo1234' },
      contexts,
    );
    await checkPages(staff, [
      ['AdminMemberStaffStat', '/admin/member/stat'],
      ['AdminUsageMember', '/admin/usage/member'],
      ['AdminUsageClub', '/admin/usage/club'],
    ]);
  });

  it('checked every built page of the route table', () => {
    const built = builtRouteNames();
    expect(built.length).toBeGreaterThan(20);
    expect(built.filter((name) => !checked.has(name))).toEqual([]);
  });
});
