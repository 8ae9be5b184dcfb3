// Staff cash on the real SQLite store through the whole app: fee collection (AdminReceiveMemberFee),
// add value and take back, pouch registration and AdminDeposit counting, the pocketNeedDeposit warning.
import type { AuthorityKey } from '@club/core/access/authorities';
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { application, createTestPortal, type TestClient, type TestPortal } from '../testing.ts';

let portal: TestPortal;
beforeEach(async () => {
  // 2026-11-22 noon in Taipei: semester 115-1, the next is 115-2.
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const services = () => portal.app.services;

interface Person {
  pk: number;
  client: TestClient;
  stuid: string;
  mobile: string;
  name: string;
}

let personCounter = 0;
/** Registers a person (identity 1 unless overridden) and logs them in. */
async function person(name: string, overrides: Record<string, unknown> = {}): Promise<Person> {
  const n = ++personCounter;
  const mobile = `09${String(20_000_000 + n).padStart(8, '0')}`;
  const stuid = `B${String(20_000_000 + n)}`;
  const registered = await portal
    .client()
    .post(
      '/api/user/register',
      application({ name, mobile, stuid, email: `cash${n}@example.com`, ...overrides }),
    );
  expect(registered.body.status).toBe('ok');
  const client = portal.client();
  const login = await client.post('/api/user/login', { user: mobile, password: 'secret1' });
  expect(login.body.status).toBe('ok');
  return { pk: (login.body.user as { pk: number }).pk, client, stuid, mobile, name };
}

/** A staff member who paid this semester's fee (so staff powers apply), with the given authorities. */
async function staff(name: string, authorities: AuthorityKey[] = []): Promise<Person> {
  const someone = await person(name);
  await recordMemberFeeByOperator(services(), someone.pk);
  await makeStaffByOperator(services(), someone.pk, '總務', authorities);
  return someone;
}

async function grant(userPk: number, key: AuthorityKey): Promise<void> {
  const result = await services().access.addGrant(
    { key, userPk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `cash-test-grant-${userPk}-${key}` },
  );
  expect(result.ok).toBe(true);
  if (result.ok) await services().projections.waitFor(result.position);
}

async function addWorkshop(userPk: number, kind: 1 | 2 | 3 | 4 | 5, semester = '115-1'): Promise<void> {
  const result = await services().access.addWorkshopEntry(
    { semester, userPk, kind, actorAuthorities: ['workshopset'] },
    { now: portal.clock.now, actor: null, correlationId: `cash-test-workshop-${userPk}-${kind}` },
  );
  expect(result.ok).toBe(true);
  if (result.ok) await services().projections.waitFor(result.position);
}

const FEE = '/api/admin/receive/member/fee';

type Payer = { pk: number; keyword: string; memberfeeSemester: string | null; name: string };

async function prepare(client: TestClient, keyword: string) {
  return (await client.post(FEE, { cmd: 'prepare', keyword })).body as {
    status: string;
    reason?: string;
    name?: string;
    userwaitforpay: Payer & { ismember: boolean; isnextmember: boolean; stuid: string };
    workshoplist: { pk: string; kind: number; semester: string; trans: false; amount: number }[];
  };
}

async function pay(
  client: TestClient,
  userwaitforpay: Payer,
  options: { memberfee?: boolean; workshops?: string[]; total?: number; requestId?: string } = {},
) {
  const memberfeeChecked = options.memberfee ?? true;
  const workshops = options.workshops ?? [];
  const body = {
    cmd: 'pay',
    userwaitforpay,
    memberfeeChecked,
    workshopChecked: workshops,
    totalNeedPay: options.total ?? (memberfeeChecked ? 600 : 0) + 500 * workshops.length,
    ...(options.requestId ? { requestId: options.requestId } : {}),
  };
  return (await client.post(FEE, body)).body as {
    status: string;
    reason?: string;
    name?: string;
    detail?: string;
    resultList: {
      pk: number;
      user: { pk: number; name: string };
      trans: { pkstr: string; timestamp: string; summary: string; delta: number };
      collection: string;
      kind: string;
      semester: string;
      workshopKind: number | null;
    }[];
  };
}

const balanceCents = (account: string) => services().projections.models.ledger.balances.get(account) ?? 0;

describe('GET/POST /api/admin/receive/member/fee', () => {
  it('needs a login (401) and active staff (403)', async () => {
    expect((await portal.client().get(FEE)).statusCode).toBe(401);
    expect((await portal.client().post(FEE, { cmd: 'prepare', keyword: 'B12345678' })).statusCode).toBe(401);
    const member = await person('王社員');
    await recordMemberFeeByOperator(services(), member.pk);
    const refused = await member.client.post(FEE, { cmd: 'prepare', keyword: 'B12345678' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({ status: 'fail', reason: 'forbidden' });
    // On the staff roster but not a member: staff powers do not apply.
    const lapsed = await person('李幹部');
    await makeStaffByOperator(services(), lapsed.pk, '攝影');
    expect((await lapsed.client.get(FEE)).statusCode).toBe(403);
  });

  it("collects a member fee: the payer becomes a member, the staff's cash goes negative", async () => {
    const collector = await staff('陳總務');
    const payer = await person('林新生');

    const prepared = await prepare(collector.client, `  ${payer.stuid.toLowerCase()} `);
    expect(prepared.status).toBe('ok');
    expect(prepared.userwaitforpay).toMatchObject({
      pk: payer.pk,
      name: '林新生',
      stuid: payer.stuid,
      ismember: false,
      isnextmember: false,
      keyword: payer.stuid,
      memberfeeSemester: '115-1',
      memberfee: 600,
    });
    expect(prepared.workshoplist).toEqual([]);

    const paid = await pay(collector.client, prepared.userwaitforpay);
    expect(paid.status).toBe('ok');
    expect(paid.detail).toBe('finish');
    expect(paid.resultList).toHaveLength(1);
    expect(paid.resultList[0]).toMatchObject({
      user: { pk: payer.pk, name: '林新生' },
      kind: 'memberfee',
      semester: '115-1',
      trans: { delta: 600 },
    });
    expect(paid.resultList[0]!.trans.pkstr).toBe(`T${paid.resultList[0]!.pk}`);

    const check = await payer.client.get('/api/user/check');
    expect(check.body.user).toMatchObject({ ismember: true, lastmember: '115-1' });
    expect(balanceCents(`cash-${collector.pk}`)).toBe(-60_000);
    expect(balanceCents('10')).toBe(2 * 60_000); // the collector's own fee (by the operator) and this one

    // Found again, the current semester is paid: a fee now would be for the next one.
    const again = await prepare(collector.client, payer.stuid);
    expect(again.userwaitforpay).toMatchObject({ ismember: true, memberfeeSemester: '115-2' });
  });

  it('answers a retry with the same requestId with the first result, and never charges twice', async () => {
    const collector = await staff('陳總務');
    const payer = await person('林新生');
    const { userwaitforpay } = await prepare(collector.client, payer.stuid);
    const first = await pay(collector.client, userwaitforpay, { requestId: 'receipt-1' });
    const retry = await pay(collector.client, userwaitforpay, { requestId: 'receipt-1' });
    expect(retry).toEqual(first);
    expect(balanceCents(`cash-${collector.pk}`)).toBe(-60_000);
    // Another request for the same semester: already paid, with the payer's name for the message.
    const second = await pay(collector.client, userwaitforpay, { requestId: 'receipt-2' });
    expect(second).toEqual({ status: 'fail', reason: 'already', name: '林新生' });
    // The same key with another content is refused.
    const reused = await pay(collector.client, userwaitforpay, {
      requestId: 'receipt-1',
      memberfee: false,
      total: 0,
    });
    expect(reused.status).toBe('fail');
  });

  it('collects workshop deposits together with the fee, and marks the roster entries paid', async () => {
    const collector = await staff('陳總務');
    const payer = await person('林新生');
    await addWorkshop(payer.pk, 1);
    await addWorkshop(payer.pk, 3);

    const prepared = await prepare(collector.client, payer.stuid);
    expect(prepared.workshoplist).toEqual([
      { pk: '115-1:1', kind: 1, semester: '115-1', trans: false, amount: 500 },
      { pk: '115-1:3', kind: 3, semester: '115-1', trans: false, amount: 500 },
    ]);
    // A total that does not match the chosen items is refused.
    expect(
      await pay(collector.client, prepared.userwaitforpay, { workshops: ['115-1:1'], total: 600 }),
    ).toEqual({ status: 'fail', reason: 'other' });

    const paid = await pay(collector.client, prepared.userwaitforpay, { workshops: ['115-1:1'] });
    expect(paid.status).toBe('ok');
    expect(paid.resultList.map((row) => [row.kind, row.workshopKind, row.trans.delta])).toEqual([
      ['memberfee', null, 600],
      ['workshop', 1, 500],
    ]);
    expect(new Set(paid.resultList.map((row) => row.collection)).size).toBe(1);
    expect(balanceCents(`cash-${collector.pk}`)).toBe(-110_000);
    expect(balanceCents('11')).toBe(50_000);

    const roster = await collector.client.get('/api/admin/workshop/list/115-1');
    const entries = roster.body.objlist as { user: { pk: number }; kind: number; trans: string | false }[];
    expect(entries.find((entry) => entry.kind === 1)?.trans).not.toBe(false);
    expect(entries.find((entry) => entry.kind === 3)?.trans).toBe(false);

    // Only the unpaid deposit is left; a deposit alone can be paid without a fee.
    const later = await prepare(collector.client, payer.stuid);
    expect(later.workshoplist.map((item) => item.pk)).toEqual(['115-1:3']);
    const deposit = await pay(collector.client, later.userwaitforpay, {
      memberfee: false,
      workshops: ['115-1:3'],
    });
    expect(deposit.resultList.map((row) => row.workshopKind)).toEqual([3]);
    // Paying a deposit already paid: already.
    expect(
      await pay(collector.client, later.userwaitforpay, { memberfee: false, workshops: ['115-1:1'] }),
    ).toEqual({ status: 'fail', reason: 'already', name: '林新生' });
    // Nothing chosen, or an unknown workshop: other.
    expect(await pay(collector.client, later.userwaitforpay, { memberfee: false })).toEqual({
      status: 'fail',
      reason: 'other',
    });
    expect(
      await pay(collector.client, later.userwaitforpay, { memberfee: false, workshops: ['115-1:5'] }),
    ).toEqual({ status: 'fail', reason: 'other' });
  });

  it("lists the viewer's collections of today with count and total", async () => {
    const collector = await staff('陳總務');
    const other = await staff('黃器材');
    const first = await person('林一');
    const second = await person('林二');
    await addWorkshop(second.pk, 3);
    await pay(collector.client, (await prepare(collector.client, first.stuid)).userwaitforpay);
    await pay(collector.client, (await prepare(collector.client, second.stuid)).userwaitforpay, {
      workshops: ['115-1:3'],
    });

    const list = await collector.client.get(FEE);
    expect(list.statusCode).toBe(200);
    expect(list.body).toMatchObject({ status: 'ok', count: 3, total: 1700 });
    const rows = list.body.loglist as { user: { name: string }; trans: { delta: number; summary: string } }[];
    expect(rows.map((row) => [row.user.name, row.trans.delta])).toEqual([
      ['林一', 600],
      ['林二', 600],
      ['林二', 500],
    ]);
    expect(rows[0]!.trans.summary).toContain('115-1');

    // Another staff member's list is their own; tomorrow's list starts empty.
    expect((await other.client.get(FEE)).body).toMatchObject({ count: 0, total: 0, loglist: [] });
    portal.clock.now = new Date('2026-11-23T04:00:00Z');
    expect((await collector.client.get(FEE)).body).toMatchObject({ count: 0, total: 0 });
  });

  it('refuses a keyword that is neither a student ID nor a mobile number: format', async () => {
    const collector = await staff('陳總務');
    for (const keyword of ['', 'abc', 'B1234567', '12345678901', 'B12-45678', '091234567']) {
      expect(await prepare(collector.client, keyword)).toEqual({ status: 'fail', reason: 'format' });
    }
  });

  it('refuses with notfound, self, staff, errormember and needreview', async () => {
    const collector = await staff('陳總務');
    expect(await prepare(collector.client, 'Z99999999')).toEqual({ status: 'fail', reason: 'notfound' });
    expect(await prepare(collector.client, '0999999999')).toEqual({ status: 'fail', reason: 'notfound' });

    expect(await prepare(collector.client, collector.stuid)).toEqual({
      status: 'fail',
      reason: 'self',
      name: '陳總務',
    });
    const colleague = await staff('黃器材');
    expect(await prepare(collector.client, colleague.stuid)).toMatchObject({
      status: 'fail',
      reason: 'staff',
    });

    const marked = await person('錯誤社員');
    await grant(marked.pk, 'errormember');
    expect(await prepare(collector.client, marked.stuid)).toMatchObject({
      status: 'fail',
      reason: 'errormember',
    });

    // Another-school student (identity 3), not yet reviewed by the president.
    const visitor = await person('外校生', {
      identity: 3,
      school: '某大學',
      department: '化學系',
      stuid: 'R11223344',
      grade: '大一',
    });
    expect(await prepare(collector.client, 'R11223344')).toMatchObject({
      status: 'fail',
      reason: 'needreview',
    });
    expect(visitor.pk).toBeGreaterThan(0);
  });

  it('asks a non-member found by mobile for a student ID (notfound); a member may be found by mobile', async () => {
    const collector = await staff('陳總務');
    const payer = await person('林新生');
    expect(await prepare(collector.client, payer.mobile)).toEqual({ status: 'fail', reason: 'notfound' });
    await recordMemberFeeByOperator(services(), payer.pk);
    const prepared = await prepare(collector.client, payer.mobile);
    expect(prepared.userwaitforpay).toMatchObject({ pk: payer.pk, memberfeeSemester: '115-2' });
    const paid = await pay(collector.client, prepared.userwaitforpay);
    expect(paid.resultList[0]).toMatchObject({ semester: '115-2' });
    expect((await payer.client.get('/api/user/check')).body.user).toMatchObject({
      ismember: true,
      isnextmember: true,
    });
    // Both semesters paid: nothing left for the fee.
    const again = await prepare(collector.client, payer.mobile);
    expect(again.userwaitforpay.memberfeeSemester).toBeNull();
    expect(await pay(collector.client, again.userwaitforpay)).toEqual({
      status: 'fail',
      reason: 'already',
      name: '林新生',
    });
  });

  it('refuses a pay whose payer no longer matches the keyword, and a semester that is not open: notfound / other', async () => {
    const collector = await staff('陳總務');
    const payer = await person('林新生');
    const { userwaitforpay } = await prepare(collector.client, payer.stuid);
    expect(await pay(collector.client, { ...userwaitforpay, pk: payer.pk + 50 })).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect(await pay(collector.client, { ...userwaitforpay, memberfeeSemester: '114-2' })).toEqual({
      status: 'fail',
      reason: 'other',
    });
    expect(await pay(collector.client, { ...userwaitforpay, keyword: 'nonsense' })).toEqual({
      status: 'fail',
      reason: 'format',
    });
  });
});

describe('POST /api/admin/cash/addvalue and /api/admin/cash/takeback', () => {
  it('needs active staff with addvalue', async () => {
    expect(
      (await portal.client().post('/api/admin/cash/addvalue', { userpk: 101, amount: 100 })).statusCode,
    ).toBe(401);
    const plain = await staff('陳幹部');
    const target = await person('林社員');
    for (const path of ['/api/admin/cash/addvalue', '/api/admin/cash/takeback']) {
      const refused = await plain.client.post(path, { userpk: target.pk, amount: 100 });
      expect(refused.statusCode).toBe(403);
    }
    // A personal addvalue grant without being active staff is not enough either.
    const outsider = await person('外人');
    await grant(outsider.pk, 'addvalue');
    expect(
      (await outsider.client.post('/api/admin/cash/addvalue', { userpk: target.pk, amount: 100 })).statusCode,
    ).toBe(403);
  });

  it('adds value in multiples of 100 and takes cash back within the balance', async () => {
    const cashier = await staff('陳總務', ['addvalue']);
    const member = await person('林社員');
    const add = (amount: unknown, requestId?: string) =>
      cashier.client.post('/api/admin/cash/addvalue', {
        userpk: member.pk,
        amount,
        ...(requestId ? { requestId } : {}),
      });
    const takeBack = (amount: unknown) =>
      cashier.client.post('/api/admin/cash/takeback', { userpk: member.pk, amount });

    for (const amount of [0, 150, -100, 'abc', 100.5]) {
      expect((await add(amount)).body).toEqual({ status: 'fail', reason: 'amount' });
    }
    const added = await add(500, 'add-1');
    expect(added.body).toMatchObject({
      status: 'ok',
      user: { pk: member.pk, name: '林社員', balance: 500 },
      trans: { delta: 500, summary: '現金儲值' },
    });
    expect((await add(500, 'add-1')).body).toEqual(added.body);
    expect(balanceCents(`cash-${cashier.pk}`)).toBe(-50_000);

    expect((await takeBack(600)).body).toEqual({ status: 'fail', reason: 'insufficient_balance' });
    expect((await takeBack(0)).body).toEqual({ status: 'fail', reason: 'amount' });
    const back = await takeBack('123');
    expect(back.body).toMatchObject({ status: 'ok', user: { balance: 377 }, trans: { delta: -123 } });
    expect(balanceCents(`cash-${cashier.pk}`)).toBe(-50_000 + 12_300);
    expect((await member.client.get('/api/user/check')).body.user).toMatchObject({ balance: 377 });

    expect(
      (await cashier.client.post('/api/admin/cash/addvalue', { userpk: cashier.pk, amount: 100 })).body,
    ).toEqual({ status: 'fail', reason: 'self' });
    expect(
      (await cashier.client.post('/api/admin/cash/addvalue', { userpk: 99_999, amount: 100 })).body,
    ).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('POST /api/admin/user/search', () => {
  it('finds people by name, student ID or pk for staff', async () => {
    const cashier = await staff('陳總務');
    const member = await person('林社員');
    const search = async (keyword: string) =>
      ((await cashier.client.post('/api/admin/user/search', { keyword })).body.list as { pk: number }[]).map(
        (row) => row.pk,
      );
    expect(await search('林社')).toEqual([member.pk]);
    expect(await search(member.stuid.toLowerCase())).toEqual([member.pk]);
    expect(await search(String(member.pk))).toContain(member.pk);
    expect(await search('  ')).toEqual([]);
    expect((await member.client.post('/api/admin/user/search', { keyword: '林' })).statusCode).toBe(403);
  });
});

describe('AdminDeposit: /api/admin/deposit/*', () => {
  const scan = (client: TestClient, scanedPocket: string, amount: unknown, force?: boolean) =>
    client.post('/api/admin/deposit/updateflag', {
      scanedPocket,
      amount,
      ...(force === undefined ? {} : { force }),
    });
  const notes = (n2000: number, n1000: number, n500: number, n200: number, n100: number) => ({
    '2000': n2000,
    '1000': n1000,
    '500': n500,
    '200': n200,
    '100': n100,
  });
  const warnings = async (client: TestClient) =>
    (await client.get('/api/admin/warning')).body.staffWarning as { kind: string }[];

  it('needs active staff with addvalue', async () => {
    const plain = await staff('陳幹部');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/deposit/list'],
      ['POST', '/api/admin/deposit/pouch', { barcodes: ['P1'] }],
      ['POST', '/api/admin/deposit/updateflag', { scanedPocket: 'P1', amount: 100 }],
      ['POST', '/api/admin/deposit/commit', { pocketCount: 1, banknotes: notes(0, 0, 0, 0, 1), coins: 0 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await portal.client().request(method as 'GET', url, body)).statusCode).toBe(401);
      expect((await plain.client.request(method as 'GET', url, body)).statusCode).toBe(403);
    }
  });

  it('registers pouches, counts the used ones and commits the batch', async () => {
    const cashier = await staff('陳總務', ['addvalue']);
    const alice = await person('林一');
    const bob = await person('林二');

    expect((await cashier.client.post('/api/admin/deposit/pouch', { barcodes: ['P 1'] })).body).toEqual({
      status: 'fail',
      reason: 'format',
      barcode: 'P 1',
    });
    const registered = await cashier.client.post('/api/admin/deposit/pouch', {
      barcodes: ['P001', 'P002', 'P003', 'P001'],
    });
    expect(registered.body).toEqual({ status: 'ok', registered: ['P001', 'P002', 'P003'], existing: [] });
    expect(
      (await cashier.client.post('/api/admin/deposit/pouch', { barcodes: ['P003', 'P004'] })).body,
    ).toEqual({ status: 'ok', registered: ['P004'], existing: ['P003'] });

    // Nothing used yet: no warning.
    expect((await warnings(cashier.client)).map((warning) => warning.kind)).not.toContain(
      'pocketNeedDeposit',
    );

    // Members top up with two pouches (credited at once).
    for (const [who, barcode, amount] of [
      [alice, 'P001', 500],
      [bob, 'P002', 300],
    ] as const) {
      const topUp = await who.client.post('/api/user/pouch/topup', { barcode, amount });
      expect(topUp.body.status).toBe('ok');
    }
    expect((await warnings(cashier.client)).find((warning) => warning.kind === 'pocketNeedDeposit')).toEqual({
      kind: 'pocketNeedDeposit',
      quantity: 2,
      pocketTotal: 4,
      pocketUsed: 2,
    });

    const list = await cashier.client.get('/api/admin/deposit/list');
    expect(list.body).toMatchObject({ status: 'ok', batchNo: 1, countedCount: 0, countedTotal: 0 });
    const pockets = list.body.pocketList as { barcode: string; row: { flag: number; amount: number } }[];
    expect(pockets.map((pocket) => [pocket.barcode, pocket.row.flag, pocket.row.amount])).toEqual([
      ['P001', 1, 500],
      ['P002', 1, 300],
      ['P003', 0, 0],
      ['P004', 0, 0],
    ]);

    // Scan rejections.
    expect((await scan(cashier.client, 'NOPE', 100)).body).toEqual({ status: 'fail', reason: 'unknown' });
    expect((await scan(cashier.client, 'P003', 100)).body).toEqual({ status: 'fail', reason: 'unused' });
    expect((await scan(cashier.client, 'P001', -5)).body).toEqual({ status: 'fail', reason: 'format' });
    expect((await scan(cashier.client, 'P001', 'lots')).body).toEqual({ status: 'fail', reason: 'format' });

    const counted = await scan(cashier.client, 'P001', 500);
    expect(counted.body).toMatchObject({
      status: 'ok',
      pocket: { barcode: 'P001', row: { flag: 2, counted: 500, forced: false, user: { pk: alice.pk } } },
      countedCount: 1,
      countedTotal: 500,
    });
    expect((await scan(cashier.client, 'P001', 400)).body).toEqual({ status: 'fail', reason: 'counted' });
    expect((await scan(cashier.client, 'P001', 500)).body).toEqual({ status: 'fail', reason: 'counted' });

    // An amount that differs is a warning; after a recount it is counted with force.
    expect((await scan(cashier.client, 'P002', 200)).body).toEqual({
      status: 'fail',
      reason: 'amount',
      declared: 300,
    });
    expect((await scan(cashier.client, 'P002', 200, true)).body).toMatchObject({
      status: 'ok',
      pocket: { row: { flag: 2, counted: 200, forced: true } },
      countedCount: 2,
      countedTotal: 700,
    });

    // Settle 1: the pouch count; settle 2: banknotes and coins must add up to 700.
    const commit = (body: Record<string, unknown>) => cashier.client.post('/api/admin/deposit/commit', body);
    expect((await commit({ pocketCount: 3, banknotes: notes(0, 0, 1, 1, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'quantity',
    });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 0, 0), coins: 100 })).body).toEqual({
      status: 'fail',
      reason: 'total',
    });
    expect(
      (await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 1, 0), coins: 0, banknoteTotal: 800 })).body,
    ).toEqual({ status: 'fail', reason: 'total' });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, -1, 1, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'format',
    });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 1, 0), coins: 'x' })).body).toEqual({
      status: 'fail',
      reason: 'format',
    });
    const committed = await commit({
      pocketCount: '2',
      banknotes: notes(0, 0, 1, 1, 0),
      coins: 0,
      banknoteTotal: 700,
      requestId: 'commit-1',
    });
    expect(committed.body).toEqual({ status: 'ok', batchNo: 1, total: 700, pocketCount: 2 });

    // The counted cash is the club's now; the forced difference of 100 stays on pouch clearing.
    expect(balanceCents('13')).toBe(-70_000);
    expect(balanceCents('12')).toBe(-10_000);
    const after = await cashier.client.get('/api/admin/deposit/list');
    expect(after.body).toMatchObject({
      batchNo: 2,
      countedCount: 0,
      countedTotal: 0,
      pocketTotal: 4,
      pocketUsed: 2,
    });
    expect((after.body.pocketList as { barcode: string }[]).map((pocket) => pocket.barcode)).toEqual([
      'P003',
      'P004',
    ]);
    expect((await warnings(cashier.client)).map((warning) => warning.kind)).not.toContain(
      'pocketNeedDeposit',
    );

    // A counted pouch stays counted in later batches; an empty batch cannot be committed.
    expect((await scan(cashier.client, 'P001', 500)).body).toEqual({ status: 'fail', reason: 'counted' });
    expect((await commit({ pocketCount: 0, banknotes: notes(0, 0, 0, 0, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'empty',
    });

    // The cash read model rebuilt from zero equals the live one.
    const live = services().projections;
    await live.waitFor(await portal.store.headPosition());
    expect((await rebuildAll(portal.store, portalProjections)).models.cash).toEqual(live.models.cash);
  });
});
