// The loans calls through the whole app on a real SQLite store (docs/loans.md): the catalogue and its CSV
// import, borrowing and returning books with the fine, equipment with its deposit and rent, shared paper
// weighed out and in (sold through the stock sale), user/check's lists, the staff warnings, the picker
// lists, and every validation and reason code with who may call what.
import { portalProjections, rebuildAll } from '@club/projections';
import { newItemConfig } from '@club/core/stock/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let staff: TestPerson;
let member: TestPerson;
let poor: TestPerson;
let applicant: TestPerson;
type Body = Record<string, unknown>;

const services = () => portal.app.services;
const balance = (pk: number | string) =>
  (services().projections.models.ledger.balances.get(String(pk)) ?? 0) / 100;
const store = { scope: 'store' };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const advance = (ms: number) => {
  portal.clock.now = new Date(portal.clock.now.getTime() + ms);
};

beforeAll(async () => {
  portal = await createTestPortal();
  staff = await signUpStaff(portal, '陳社長', []);
  member = await signUp(portal, '林小美');
  poor = await signUp(portal, '張志明');
  applicant = await signUp(portal, '黃雅婷');
  for (const person of [member, poor]) await recordMemberFeeByOperator(services(), person.pk);
  for (const [person, cents] of [
    [member, 300_000],
    [poor, 5_000],
  ] as const) {
    const added = await services().ledger.addValue({
      now: portal.clock.now,
      actorPk: staff.pk,
      transferId: `fund-${person.pk}`,
      staffPk: staff.pk,
      userPk: person.pk,
      amountCents: cents,
    });
    expect(added.ok).toBe(true);
  }
  const paper = await services().stock.createItem(
    {
      config: { ...newItemConfig('SP', '共用相紙 8x10 黑白', '張'), priceCents: 3800 },
      requestKey: 'paper-item',
      stockPk: 7001,
    },
    { now: portal.clock.now, actorPk: staff.pk },
  );
  expect(paper.ok).toBe(true);
});
afterAll(() => portal.close());

const book = (barcode: string, extra: Body = {}) => ({
  barcode,
  title: `書 ${barcode}`,
  author: '作者',
  publisher: '出版社',
  isbn: '9789571234567',
  classification: { name: '攝影', color: '#c0392b' },
  ...extra,
});

describe('POST /api/admin/library/book, PUT /api/admin/library/book/:pk, POST /api/admin/library/import', () => {
  it('lets staff add books; refuses bad fields, a taken barcode, non-staff', async () => {
    for (const code of ['B001', 'B002', 'B003', 'B004', 'B005', 'B006']) {
      const added = await staff.client.post('/api/admin/library/book', book(code));
      expect(added.body).toMatchObject({
        status: 'ok',
        book: { barcode: code, out: false, allowborrow: true },
      });
    }
    const bad = await staff.client.post(
      '/api/admin/library/book',
      book('has space', { title: ' ', isbn: '12' }),
    );
    expect(bad.body).toEqual({ status: 'fail', reason: 'invalid', fields: ['barcode', 'isbn', 'title'] });
    expect((await staff.client.post('/api/admin/library/book', book('b001'))).body.reason).toBe('duplicated');
    expect((await member.client.post('/api/admin/library/book', book('B999'))).statusCode).toBe(403);
    expect((await staff.client.post('/api/admin/library/book', { barcode: 'X' })).statusCode).toBe(400);
  });

  it('edits a book; refuses an unknown pk or another book’s barcode', async () => {
    const pk = services().projections.models.loans.library.byBarcode.get('B006')!;
    const edited = await staff.client.put(
      `/api/admin/library/book/${pk}`,
      book('B006', { allowborrow: false, title: '參考書' }),
    );
    expect(edited.body).toMatchObject({ status: 'ok', book: { title: '參考書', allowborrow: false } });
    expect((await staff.client.put('/api/admin/library/book/9999', book('B777'))).body.reason).toBe(
      'notfound',
    );
    expect((await staff.client.put(`/api/admin/library/book/${pk}`, book('B001'))).body.reason).toBe(
      'duplicated',
    );
    const got = await staff.client.get(`/api/admin/library/book/${pk}`);
    expect(got.body).toMatchObject({ status: 'ok', book: { title: '參考書' }, loglist: [] });
  });

  it('imports a CSV catalogue: creates, updates (an empty cell keeps the value), skips rows without barcode or title; a dry run saves nothing', async () => {
    const csv =
      '\uFEFFbarcode,isbn,title,author,publisher,classification,color,allowborrow\nC100,,暗房手冊,,,技術,#333,\nB001,,書 B001 新版,作者,出版社,攝影,#c0392b,\n,,沒有條碼,,,,,\nC101,,,,,,,\nC102,,參考,,,,,否\nC100,,重複,,,,,';
    const dry = await staff.client.post('/api/admin/library/import', { csv, dryRun: true });
    expect(dry.body).toMatchObject({ status: 'ok', created: 2, updated: 1 });
    expect(services().projections.models.loans.library.byBarcode.has('C100')).toBe(false);
    const done = await staff.client.post('/api/admin/library/import', { csv });
    expect(done.body).toEqual({
      status: 'ok',
      created: 2,
      updated: 1,
      unchanged: 0,
      skipped: [
        { line: 4, reason: 'nobarcode' },
        { line: 5, reason: 'notitle' },
        { line: 7, reason: 'duplicated' },
      ],
    });
    const again = await staff.client.post('/api/admin/library/import', { csv });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const library = services().projections.models.loans.library;
    expect(library.books.get(library.byBarcode.get('C102')!)?.allowBorrow).toBe(false);
    expect((await staff.client.post('/api/admin/library/import', { csv: 'name\nfoo' })).body.reason).toBe(
      'invalid',
    );
    expect((await staff.client.post('/api/admin/library/import', { csv: 'a,"b\n' })).body.reason).toBe(
      'invalid',
    );
  });
});

describe('GET /api/library/:page', () => {
  it('searches the catalogue by any field, with borrowcount and bookTotal; needs a login', async () => {
    const all = await member.client.get('/api/library/1');
    expect(all.body).toMatchObject({
      status: 'ok',
      bookTotal: 8,
      borrowcount: 0,
      pager: { totalrows: 8, rowsperpage: 20, page: 1 },
    });
    const found = await member.client.get(`/api/library/1?keyword=${encodeURIComponent('暗房')}`);
    expect((found.body.loglist as Body[]).map((row) => row.barcode)).toEqual(['C100']);
    const fullWidth = await member.client.get(`/api/library/1?keyword=${encodeURIComponent('Ｃ１０２')}`);
    expect((fullWidth.body.loglist as Body[]).map((row) => row.barcode)).toEqual(['C102']);
    expect((await portal.client().get('/api/library/1')).statusCode).toBe(401);
    expect((await member.client.get('/api/library/0')).statusCode).toBe(400);
  });
});

describe('POST /api/library/borrow, POST /api/library/return', () => {
  it('refuses a member outside the store scope, or borrowing for someone else', async () => {
    expect((await member.client.post('/api/library/borrow', { barcodes: ['B001'] })).statusCode).toBe(403);
    const forOther = await member.client.request(
      'POST',
      '/api/library/borrow',
      { barcodes: ['B001'], userpk: poor.pk },
      store,
    );
    expect(forOther.statusCode).toBe(403);
  });

  it('refuses each reason and records nothing', async () => {
    const borrow = (barcodes: string[], who = member) =>
      who.client.request('POST', '/api/library/borrow', { barcodes }, store);
    expect((await borrow(['NOPE'])).body).toEqual({ status: 'fail', reason: 'notfound', barcode: 'NOPE' });
    expect((await borrow(['B006'])).body).toEqual({ status: 'fail', reason: 'notallowed', barcode: 'B006' });
    expect((await borrow([])).body.reason).toBe('empty');
    expect((await borrow(['B001', 'b001'])).body).toEqual({
      status: 'fail',
      reason: 'duplicated',
      barcode: 'B001',
    });
    expect((await borrow(['B001'], applicant)).statusCode).toBe(200);
    expect((await borrow(['B001'], applicant)).body.reason).toBe('notmember');
    expect((await borrow(['B001', 'B002', 'B003', 'B004', 'B005', 'C100'])).body.reason).toBe('limit');
    expect(services().projections.models.loans.library.loans.size).toBe(0);
    const staffFor = await staff.client.post('/api/library/borrow', { barcodes: ['B001'], userpk: 99_999 });
    expect(staffFor.body.reason).toBe('nouser');
  });

  it('lends two books at the counter for 30 days; a retry is the same loan; another key for other books is a new request', async () => {
    const body = { barcodes: ['B001', 'B002'], requestId: 'borrow-1' };
    const borrowed = await member.client.request('POST', '/api/library/borrow', body, store);
    expect(borrowed.body).toMatchObject({
      status: 'ok',
      borrowcount: 2,
      loglist: [
        { pk: 'BLOG-1', book: { barcode: 'B001' }, returntime: null, expired: false, expiredays: 0, fine: 0 },
        { pk: 'BLOG-2', book: { barcode: 'B002' } },
      ],
    });
    const row = (borrowed.body.loglist as Body[])[0]!;
    expect(Date.parse(row.duetime as string) - Date.parse(row.borrowtime as string)).toBe(30 * DAY);
    const retry = await member.client.request('POST', '/api/library/borrow', body, store);
    expect(retry.body).toEqual(borrowed.body);
    const mismatch = await member.client.request(
      'POST',
      '/api/library/borrow',
      { ...body, barcodes: ['B003'] },
      store,
    );
    expect(mismatch.body.reason).toBe('mismatch');
    const taken = await staff.client.post('/api/library/borrow', { barcodes: ['B001'], userpk: poor.pk });
    expect(taken.body).toEqual({ status: 'fail', reason: 'out', barcode: 'B001' });
    const check = await member.client.get('/api/user/check');
    expect(check.body.user).toMatchObject({
      bookexpiredcount: 0,
      bookborrowlist: [{ pk: 'BLOG-1' }, { pk: 'BLOG-2' }],
    });
  });

  it('returns one on time (no fine) and one 3 days late (15 charged, in TransLog and the history)', async () => {
    const before = balance(member.pk);
    const onTime = await member.client.request('POST', '/api/library/return', { barcodes: ['B002'] }, store);
    expect(onTime.body).toMatchObject({ status: 'ok', fine: 0, loglist: [{ pk: 'BLOG-2', expired: false }] });
    advance(32 * DAY + HOUR);
    const check = await member.client.get('/api/user/check');
    expect(check.body.user).toMatchObject({
      bookexpiredcount: 1,
      bookborrowlist: [{ pk: 'BLOG-1', expired: true, expiredays: 3 }],
    });
    const warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'bookExpired', quantity: 1 });
    const due = await staff.client.get('/api/admin/library/history/due/1');
    expect((due.body.loglist as Body[]).map((row) => row.pk)).toEqual(['BLOG-1']);
    const expiredBorrow = await member.client.request(
      'POST',
      '/api/library/borrow',
      { barcodes: ['B003'] },
      store,
    );
    expect(expiredBorrow.body.reason).toBe('expired');
    const notMine = await poor.client.request('POST', '/api/library/return', { barcodes: ['B001'] }, store);
    expect(notMine.body).toEqual({ status: 'fail', reason: 'notborrower', barcode: 'B001' });
    const late = await staff.client.post('/api/library/return', {
      barcodes: ['B001'],
      requestId: 'return-late',
    });
    expect(late.body).toMatchObject({
      status: 'ok',
      fine: 15,
      loglist: [{ pk: 'BLOG-1', expired: true, expiredays: 3, fine: 15 }],
    });
    expect(balance(member.pk)).toBe(before - 15);
    expect(balance(31)).toBe(15);
    const repeat = await staff.client.post('/api/library/return', {
      barcodes: ['B001'],
      requestId: 'return-late',
    });
    expect(repeat.body).toMatchObject({ status: 'ok', fine: 15 });
    expect(balance(member.pk)).toBe(before - 15);
    expect((await staff.client.post('/api/library/return', { barcodes: ['B001'] })).body.reason).toBe(
      'notout',
    );
    const trans = await member.client.get('/api/user/trans/log/1');
    expect((trans.body.loglist as Body[])[0]).toMatchObject({
      delta: -15,
      summary: expect.stringContaining('BLOG-1'),
    });
    const history = await member.client.get('/api/user/library/history/1');
    expect(history.body).toMatchObject({
      status: 'ok',
      pager: { totalrows: 2 },
      loglist: [{ pk: 'BLOG-2' }, { pk: 'BLOG-1', fine: 15, expiredays: 3 }],
    });
    const all = await staff.client.get('/api/admin/library/history/all/1');
    expect(all.body.pager).toMatchObject({ totalrows: 2 });
    expect((await member.client.get('/api/admin/library/history/all/1')).statusCode).toBe(403);
    expect((await staff.client.get('/api/admin/library/history/late/1')).statusCode).toBe(400);
  });

  it('lists books for the search picker', async () => {
    const list = await member.client.get('/api/typeahead2/book');
    expect(list.body.searchlist).toContainEqual({
      pk: 1,
      barcode: 'B001',
      isbn: '9789571234567',
      title: '書 B001 新版',
      author: '作者',
      publisher: '出版社',
    });
  });
});

describe('equipment: /api/admin/property, /api/property/lend, /api/property/return', () => {
  it('adds and edits items; the day fee must be a positive integer', async () => {
    const added = await staff.client.post('/api/admin/property', { name: '相機 A', dayfee: 120 });
    expect(added.body).toMatchObject({
      status: 'ok',
      property: { pk: 1, pkstr: 'EQ00001', dayfee: 120, account: { pk: 33 }, lastrow: null },
    });
    expect((await staff.client.post('/api/admin/property', { name: '腳架', dayfee: '30' })).body.status).toBe(
      'ok',
    );
    for (const dayfee of [0, -5, 1.5, 'abc', ''])
      expect((await staff.client.post('/api/admin/property', { name: 'x', dayfee })).body.reason).toBe(
        'dayfee',
      );
    expect((await staff.client.post('/api/admin/property', { name: ' ', dayfee: 1 })).body).toEqual({
      status: 'fail',
      reason: 'invalid',
      fields: ['name'],
    });
    expect(
      (await staff.client.post('/api/admin/property', { name: 'x', dayfee: 1, account: 999_999 })).body
        .reason,
    ).toBe('noaccount');
    const edited = await staff.client.put('/api/admin/property', {
      propertylist: [{ pk: 2, name: '腳架 B', dayfee: 36 }],
    });
    expect((edited.body.propertylist as Body[])[1]).toMatchObject({ name: '腳架 B', dayfee: 36 });
    expect(
      (await staff.client.put('/api/admin/property', { propertylist: [{ pk: 9, name: 'x', dayfee: 1 }] }))
        .body,
    ).toEqual({ status: 'fail', reason: 'notfound', pk: 9 });
    expect(
      (await staff.client.put('/api/admin/property', { propertylist: [{ pk: 2, name: 'x', dayfee: 0 }] }))
        .body,
    ).toEqual({ status: 'fail', reason: 'dayfee', pk: 2 });
    expect((await member.client.post('/api/admin/property', { name: 'x', dayfee: 1 })).statusCode).toBe(403);
    expect((await member.client.get('/api/property/list')).body.propertylist).toHaveLength(2);
    expect((await staff.client.get('/api/admin/property/1')).body).toMatchObject({
      property: { name: '相機 A' },
    });
    expect((await staff.client.get('/api/admin/property/7')).body.reason).toBe('notfound');
  });

  it('refuses each lending reason', async () => {
    const lend = (body: Body, who = staff) => who.client.post('/api/property/lend', body);
    expect((await lend({ propertypk: 1, activitytype: 3, userpk: member.pk })).body.reason).toBe(
      'activitytype',
    );
    expect((await lend({ propertypk: 1, activitytype: 5, userpk: member.pk })).body.reason).toBe(
      'activitytype',
    );
    expect((await lend({ propertypk: 1, activitytype: 2, userpk: applicant.pk })).body.reason).toBe(
      'notmember',
    );
    expect((await lend({ propertypk: 9, activitytype: 2, userpk: member.pk })).body.reason).toBe('notfound');
    expect(
      (
        await lend({
          propertypk: 1,
          activitytype: 2,
          userpk: member.pk,
          expreturntime: '2000-01-01T00:00:00Z',
        })
      ).body.reason,
    ).toBe('expreturntime');
    expect(
      (await lend({ propertypk: 1, activitytype: 2, userpk: member.pk, expreturntime: 'soon' })).body.reason,
    ).toBe('expreturntime');
    expect((await lend({ propertypk: 1, activitytype: 2, userpk: poor.pk })).body.reason).toBe(
      'insufficient_balance',
    );
    expect(balance(poor.pk)).toBe(50);
    expect((await lend({ propertypk: 1, activitytype: 2 }, member)).statusCode).toBe(403);
    expect(
      (
        await member.client.request(
          'POST',
          '/api/property/lend',
          { propertypk: 1, activitytype: 2, userpk: poor.pk },
          store,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lends for 3 hours with a deposit of 3 day fees; the return charges 60 and releases 300, once', async () => {
    const before = balance(member.pk);
    const lent = await member.client.request(
      'POST',
      '/api/property/lend',
      { propertypk: 1, activitytype: 2, requestId: 'lend-1' },
      store,
    );
    // EQLog-1 was the loan refused for the deposit above: its number is not reused.
    expect(lent.body).toMatchObject({
      status: 'ok',
      log: {
        pk: 'EQLog-2',
        activitytype: 2,
        deposit: 360,
        rent: null,
        transbefore: { delta: -360 },
        transafter: null,
        realreturntime: null,
      },
    });
    expect(balance(member.pk)).toBe(before - 360);
    expect(balance(32)).toBe(360);
    expect(
      (await staff.client.post('/api/property/lend', { propertypk: 1, activitytype: 2, userpk: poor.pk }))
        .body.reason,
    ).toBe('out');
    const check = await member.client.get('/api/user/check');
    expect(check.body.user).toMatchObject({
      propertyexpiredcount: 0,
      propertyborrowlist: [{ pk: 'EQLog-2', clubproperty: { pkstr: 'EQ00001' } }],
    });
    const warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'propertyLendOut', quantity: 1, due: 0 });
    expect((await staff.client.get('/api/admin/property/history/lendout/1')).body.pager).toMatchObject({
      totalrows: 1,
    });
    advance(3 * HOUR);
    expect(
      (await poor.client.request('POST', '/api/property/return', { propertypk: 1 }, store)).body.reason,
    ).toBe('forbidden');
    const returned = await member.client.request(
      'POST',
      '/api/property/return',
      { propertypk: 1, requestId: 'ret-1' },
      store,
    );
    expect(returned.body).toMatchObject({
      status: 'ok',
      log: { rent: 60, transbefore: { delta: -360 }, transafter: { delta: 300 }, expired: false },
    });
    expect(balance(member.pk)).toBe(before - 60);
    expect(balance(32)).toBe(0);
    expect(balance(33)).toBe(60);
    const again = await member.client.request(
      'POST',
      '/api/property/return',
      { propertypk: 1, requestId: 'ret-1' },
      store,
    );
    expect(again.body.status).toBe('ok');
    expect(balance(member.pk)).toBe(before - 60);
    expect((await staff.client.post('/api/property/return', { propertypk: 1 })).body.reason).toBe('notout');
    const history = await member.client.get('/api/user/property/history/1');
    expect(history.body).toMatchObject({ pager: { totalrows: 1 }, loglist: [{ pk: 'EQLog-2', rent: 60 }] });
  });

  it('official activity is free and holds nothing; an overdue loan shows in the warning and user/check', async () => {
    const lent = await staff.client.post('/api/property/lend', {
      propertypk: 2,
      activitytype: 5,
      userpk: staff.pk,
    });
    expect(lent.body).toMatchObject({ status: 'ok', log: { deposit: 0, transbefore: null } });
    advance(2 * DAY);
    const warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'propertyLendOut', quantity: 1, due: 1 });
    expect((await staff.client.get('/api/user/check')).body.user).toMatchObject({ propertyexpiredcount: 1 });
    const returned = await staff.client.post('/api/property/return', { propertypk: 2 });
    expect(returned.body).toMatchObject({ log: { rent: 0, expired: true, transafter: null } });
    expect((await member.client.get('/api/typeahead2/property')).body.searchlist).toEqual([
      { pk: 1, pkstr: 'EQ00001', name: '相機 A' },
      { pk: 2, pkstr: 'EQ00002', name: '腳架 B' },
    ]);
  });
});

describe('shared paper: /api/admin/sharingpaper', () => {
  it('adds a box; box, unit and current weight must be positive numbers', async () => {
    const add = (body: Body) => staff.client.post('/api/admin/sharingpaper', body);
    const added = await add({
      barcode: 'SP01',
      stockpk: 7001,
      boxweight: 500,
      unitweight: 12.5,
      weight: 750,
    });
    expect(added.body).toMatchObject({
      status: 'ok',
      box: {
        pk: 1,
        quantity: 20,
        state: 'nodata',
        editable: true,
        lastrow: null,
        stock: { name: '共用相紙 8x10 黑白', price: 38 },
      },
    });
    expect((await add({ barcode: 'SP02', stockpk: 7001, boxweight: 0, unitweight: 12 })).body.reason).toBe(
      'invalid',
    );
    expect((await add({ barcode: 'SP02', stockpk: 7001, boxweight: 'x', unitweight: 12 })).body.reason).toBe(
      'invalid',
    );
    expect(
      (await add({ barcode: 'SP02', stockpk: 7001, boxweight: 500, unitweight: 12, weight: 400 })).body
        .reason,
    ).toBe('invalid');
    expect((await add({ barcode: 'SP02', stockpk: 9, boxweight: 500, unitweight: 12 })).body.reason).toBe(
      'nostock',
    );
    expect((await add({ barcode: 'sp01', stockpk: 7001, boxweight: 500, unitweight: 12 })).body.reason).toBe(
      'duplicated',
    );
    expect(
      (
        await member.client.request(
          'POST',
          '/api/admin/sharingpaper',
          { barcode: 'SP9', stockpk: 7001, boxweight: 1, unitweight: 1 },
          store,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('weighs a box out at the counter and in: 4 sheets sold at 38 with the stock delta linked', async () => {
    expect((await member.client.get('/api/admin/sharingpaper')).statusCode).toBe(403);
    const edit = (body: Body, who = member) =>
      who.client.request('PUT', '/api/admin/sharingpaper/1/edit', body, store);
    expect((await edit({ boxweight: 500, unitweight: 12.5, weight: -1 })).body.reason).toBe('invalid');
    expect((await edit({ boxweight: 500, unitweight: 13, weight: 750 })).statusCode).toBe(403);
    const out = await edit({ boxweight: 500, unitweight: 12.5, weight: 750, requestId: 'out-1' });
    expect(out.body).toMatchObject({
      status: 'ok',
      box: {
        state: 'borrowed',
        editable: false,
        lastrow: { action: 'borrow', borrowquantity: 20, today: true, user: { pk: member.pk } },
      },
    });
    expect((await edit({ boxweight: 500, unitweight: 12.5, weight: 750 }, poor)).body.reason).toBe('out');
    const before = balance(member.pk);
    const stockBefore = services().projections.models.stock.items.get(7001)!.quantityMilli;
    const back = await member.client.request(
      'PUT',
      '/api/admin/sharingpaper/1/return',
      { weight: 700, requestId: 'in-1' },
      store,
    );
    expect(back.body).toMatchObject({
      status: 'ok',
      box: { state: 'returned', quantity: 16 },
      row: { returnquantity: 16, checkoutdelta: 4, amount: 152 },
    });
    expect(balance(member.pk)).toBe(before - 152);
    expect(services().projections.models.stock.items.get(7001)!.quantityMilli).toBe(stockBefore - 4000);
    const repeat = await member.client.request(
      'PUT',
      '/api/admin/sharingpaper/1/return',
      { weight: 700, requestId: 'in-1' },
      store,
    );
    expect(repeat.body.status).toBe('ok');
    expect(balance(member.pk)).toBe(before - 152);
    const trans = await member.client.get('/api/user/trans/log/1');
    expect((trans.body.loglist as Body[])[0]).toMatchObject({
      delta: -152,
      stock: { pk: 7001, quantity: -4 },
    });
    expect(
      (await staff.client.request('PUT', '/api/admin/sharingpaper/1/return', { weight: 700 }, {})).body
        .reason,
    ).toBe('notout');
  });

  it('shows overdue, problem and low states as warnings; set and fix are staff only', async () => {
    const edit = (body: Body, who = staff) => who.client.put('/api/admin/sharingpaper/1/edit', body);
    expect((await edit({ boxweight: 500, unitweight: 12.5, weight: 700, userpk: poor.pk })).body.status).toBe(
      'ok',
    );
    advance(DAY);
    let warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'sharingpaperNeedReturn', quantity: 1 });
    expect((await staff.client.get('/api/admin/sharingpaper/1')).body).toMatchObject({
      box: { state: 'overdue', lastrow: { expireddays: 1 } },
    });
    expect((await edit({ action: 'set', boxweight: 500, unitweight: 12.5, weight: 700 })).body.reason).toBe(
      'out',
    );
    const back = await staff.client.put('/api/admin/sharingpaper/1/return', {
      weight: 550,
      problem: true,
      comment: '盒子破了',
    });
    expect(back.body).toMatchObject({ box: { state: 'problem' }, row: { checkoutdelta: 12, problem: true } });
    warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'sharingpaperNeedFix', quantity: 1 });
    expect((await member.client.request('PUT', '/api/admin/sharingpaper/1/fix', {}, store)).statusCode).toBe(
      403,
    );
    const fixed = await staff.client.put('/api/admin/sharingpaper/1/fix', { comment: '換盒' });
    expect(fixed.body).toMatchObject({ box: { state: 'low', quantity: 4 } });
    expect((await staff.client.put('/api/admin/sharingpaper/1/fix', {})).body.reason).toBe('noproblem');
    warnings = await staff.client.get('/api/admin/warning');
    expect(warnings.body.staffWarning).toContainEqual({ kind: 'sharingpaperNeedReplenish', quantity: 1 });
    expect(
      (
        await member.client.request(
          'PUT',
          '/api/admin/sharingpaper/1/edit',
          { action: 'set', boxweight: 500, unitweight: 12.5, weight: 1000 },
          store,
        )
      ).statusCode,
    ).toBe(403);
    const refilled = await edit({ action: 'set', boxweight: 500, unitweight: 12.5, weight: 1000 });
    expect(refilled.body).toMatchObject({
      box: { state: 'returned', quantity: 40, lastrow: { action: 'set' } },
    });
    const disabled = await edit({
      action: 'set',
      boxweight: 500,
      unitweight: 12.5,
      weight: 1000,
      enabled: false,
    });
    expect(disabled.body).toMatchObject({ box: { enabled: false } });
    expect(
      (await edit({ boxweight: 500, unitweight: 12.5, weight: 1000, userpk: member.pk })).body.reason,
    ).toBe('disabled');
    expect(
      (await staff.client.put('/api/admin/sharingpaper/9/edit', { boxweight: 1, unitweight: 1, weight: 1 }))
        .body.reason,
    ).toBe('notfound');
    const rows = await staff.client.get('/api/admin/sharingpaper/1');
    expect((rows.body.loglist as Body[]).map((row) => row.action)).toEqual([
      'set',
      'set',
      'fix',
      'borrow',
      'borrow',
    ]);
    expect((await member.client.get('/api/typeahead2/sharingpaper')).body.searchlist).toEqual([
      { pk: 1, barcode: 'SP01', stock: { name: '共用相紙 8x10 黑白' } },
    ]);
  });
});

describe('loans read model', () => {
  it('rebuilt from zero equals the live one, and money sums to zero', async () => {
    const rebuilt = await rebuildAll(portal.store, portalProjections);
    expect(rebuilt.models.loans).toEqual(services().projections.models.loans);
    const balances = services().projections.models.ledger.balances;
    expect([...balances.values()].reduce((sum, cents) => sum + cents, 0)).toBe(0);
  });
});
