import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { axeSuite } from './axe-suite.ts';
import { callApi, signInApi } from './harness.ts';

// WCAG 2 A and AA checks (axe) at phone and desktop widths on the demo club, one part of every built page of
// the route table (the darkroom and printer staff pages, stock, the duo print steps and loans).
// tests/src/e2e/axe-suite.ts has the checks; accessibility-coverage.test.ts makes sure the parts together
// name every built page.

describe('accessibility of the darkroom, stock, print and loans pages', () => {
  const suite = axeSuite(beforeAll, afterAll);
  const { checkPages } = suite;

  // The darkroom and printer pages (issue 16) apart from the other staff pages: one test each keeps
  // every test well inside its timeout on a busy two-core machine.
  it('has none on the darkroom and printer staff pages', { timeout: 600_000 }, async () => {
    const headCookie = (await signInApi(suite.portal.baseUrl, '0900000001', 'demo1234')).cookie;
    const dispenses = await callApi(
      suite.portal.baseUrl,
      'GET',
      '/api/admin/darkroom/dispense/log/1',
      undefined,
      headCookie,
    );
    const dispensePk = (dispenses.body.loglist as { pk: number }[])[0]!.pk;
    const staff = await suite.signIn('0900000001');
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
    const staff = await suite.signIn('0900000001');
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
    const { cookie } = await signInApi(suite.portal.baseUrl, '0900000002', 'demo1234');
    const created = await callApi(suite.portal.baseUrl, 'POST', '/api/print', { title: '雙面對位' }, cookie);
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
    const uploaded = await fetch(`${suite.portal.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { scope: 'main', cookie },
      body: form,
    });
    const s3pk = ((await uploaded.json()) as { filelist: { pk: number }[] }).filelist[0]!.pk;
    const offsets = { left: { x: 0.4, y: 1.2 }, right: { x: 0.6, y: 1.1 } };
    await callApi(suite.portal.baseUrl, 'POST', `/api/print/${pk}/xydirsync/${s3pk}`, offsets, cookie);
    const member = await suite.signIn('0900000002');
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
    const member = await suite.signIn('0900000002');
    // Loans (issue 15): the member's pages and the counter kiosk's (store scope).
    await checkPages(member, [
      ['Library', '/library'],
      ['UserLibraryHistory', '/user/library/history'],
      ['UserPropertyHistory', '/user/property/history'],
      ['LibraryCounter', '/library/counter?scope=store'],
      ['PropertyCounter', '/property/counter?scope=store'],
      ['SharingPaperCounter', '/sharingpaper/counter?scope=store'],
    ]);
    const staff = await suite.signIn('0900000001');
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
});
