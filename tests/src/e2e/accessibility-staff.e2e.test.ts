import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSuite, WIDTHS } from './axe-suite.ts';
import { callApi, signInApi } from './harness.ts';

// WCAG 2 A and AA checks (axe) at phone and desktop widths on the demo club, one part of every built page of
// the route table (home, rosters, users, points, money, system, sign-in, finance, statistics).
// tests/src/e2e/axe-suite.ts has the checks; accessibility-coverage.test.ts makes sure the parts together
// name every built page.

describe('accessibility of the staff pages', () => {
  const suite = axeSuite(beforeAll, afterAll);
  const { checkPages, checked, violationsOf } = suite;

  it('has none on the staff pages', { timeout: 600_000 }, async () => {
    // A semester for the roster form, and a transaction (the member's top-up) for the detail page.
    const { cookie } = await signInApi(suite.portal.baseUrl, '0900000002', 'demo1234');
    const check = await callApi(suite.portal.baseUrl, 'GET', '/api/user/check', undefined, cookie);
    const semester = check.body.semesternow as string;
    const memberPk = (check.body.user as { pk: number }).pk;
    const log = await callApi(suite.portal.baseUrl, 'GET', '/api/user/trans/log/1', undefined, cookie);
    const rows = log.body.loglist as { pk: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const staff = await suite.signIn('0900000001');
    const headCookie = (await signInApi(suite.portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const sheets = await callApi(suite.portal.baseUrl, 'GET', '/api/admin/signin', undefined, headCookie);
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
      const leaving = await suite.signIn('0900000001');
      await leaving.setViewportSize(viewport);
      const shot = `logout-${viewport.width}`;
      expect(await violationsOf(leaving, '/user/logout', shot), `/user/logout at ${viewport.width}`).toEqual(
        [],
      );
      await leaving.waitForURL(`${suite.portal.baseUrl}/`);
    }
    checked.add('UserLogout');
  });

  // Finance (issue 19): the treasurer's books of the demo club.
  it('has none on the finance page', { timeout: 600_000 }, async () => {
    const staff = await suite.signIn('0900000001');
    await checkPages(staff, [['AdminFinanceStat', '/admin/finance']]);
  });

  // Staff statistics (issue 19): members and staff, usage per member and per club, with their charts.
  it('has none on the statistics pages', { timeout: 600_000 }, async () => {
    const staff = await suite.signIn('0900000001');
    await checkPages(staff, [
      ['AdminMemberStaffStat', '/admin/member/stat'],
      ['AdminUsageMember', '/admin/usage/member'],
      ['AdminUsageClub', '/admin/usage/club'],
    ]);
  });
});
