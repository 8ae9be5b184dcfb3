// Staff fee collection (AdminReceiveMemberFee) on the real SQLite store through the whole app.
import { describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import type { TestClient } from '../testing.ts';
import { balanceCents, grant, person, portal, services, staff } from './staff-cash-testing.ts';

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
