// AdminUserRecentDebtList and the debtUser staff warning on the real SQLite store. After every test the
// read models rebuilt from zero must equal the live ones.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_PK, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestClient, type TestPortal } from '../testing.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal({ now: new Date('2026-11-22T04:00:00Z') });
});
afterEach(async () => {
  const live = portal.app.services.projections;
  await live.waitFor(await portal.store.headPosition());
  const rebuilt = await rebuildAll(portal.store, portalProjections);
  expect(rebuilt.position).toBe(live.position);
  expect(rebuilt.models).toEqual(live.models);
  await portal.close();
});

const services = () => portal.app.services;

let transfers = 0;
/** Lets `userPk` go into debt and has them spend `ntd` more than they have (to the film stock account). */
async function spendIntoDebt(userPk: number, ntd: number): Promise<void> {
  const granted = await services().access.addGrant(
    { key: 'allowdebt', userPk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `grant-${userPk}` },
  );
  if (!granted.ok && granted.reason !== 'duplicated') throw new Error(granted.reason);
  const result = await services().ledger.transfer({
    now: portal.clock.now,
    actorPk: userPk,
    transferId: `debt-${++transfers}`,
    from: userPk,
    to: 4,
    amountCents: ntd * 100,
    summary: '賒帳買底片',
    allowDebt: true,
  });
  if (!result.ok) throw new Error(result.reason);
  await services().projections.waitFor(result.position);
}

async function topUp(userPk: number, ntd: number): Promise<void> {
  const result = await services().ledger.addValue({
    now: portal.clock.now,
    actorPk: null,
    transferId: `topup-${++transfers}`,
    staffPk: OPERATOR_PK,
    userPk,
    amountCents: ntd * 100,
  });
  if (!result.ok) throw new Error(result.reason);
  await services().projections.waitFor(result.position);
}

interface Row {
  pk: number;
  name: string;
  balance: number;
  laststaff: string | null;
  lastmember: string | null;
  lastworkshop: string | null;
  registertime: string;
}

const listOf = async (client: TestClient, kind: string) => {
  const answer = await client.get(`/api/admin/user/list/${kind}`);
  expect(answer.statusCode).toBe(200);
  return answer.body.list as Row[];
};

describe('GET /api/admin/user/list/recent', () => {
  it('lists the people registered in the last three months, newest first, as the clock moves', async () => {
    portal.clock.now = new Date('2026-07-01T04:00:00Z');
    await signUp(portal, '七月');
    portal.clock.now = new Date('2026-09-15T04:00:00Z');
    await signUp(portal, '九月');
    portal.clock.now = new Date('2026-11-20T04:00:00Z');
    const november = await signUp(portal, '十一月');
    portal.clock.now = new Date('2026-11-22T04:00:00Z');
    const staff = await signUpStaff(portal, '幹部', []);

    const names = (await listOf(staff.client, 'recent')).map((row) => row.name);
    expect(names).toEqual(['幹部', '十一月', '九月']);
    expect(names).not.toContain('七月');

    // The boundary: exactly three calendar months back is still recent.
    portal.clock.now = new Date('2026-12-15T04:00:00Z');
    expect((await listOf(staff.client, 'recent')).map((row) => row.name)).toEqual(['幹部', '十一月', '九月']);
    portal.clock.now = new Date('2026-12-15T04:00:01Z');
    expect((await listOf(staff.client, 'recent')).map((row) => row.name)).toEqual(['幹部', '十一月']);
    portal.clock.now = new Date('2027-01-25T04:00:00Z');
    expect((await listOf(staff.client, 'recent')).map((row) => row.pk)).toEqual([staff.pk, november.pk]);
  });

  it('describes each person with the spec’s list fields', async () => {
    const staff = await signUpStaff(portal, '幹部', []);
    const [row] = (await listOf(staff.client, 'recent')).filter((entry) => entry.pk === staff.pk);
    expect(row).toEqual({
      pk: staff.pk,
      pkstr: `U${String(staff.pk).padStart(5, '0')}`,
      name: '幹部',
      sex: '1',
      stuid: expect.stringMatching(/^B\d{8}$/),
      studepartment: '資工系',
      email: expect.stringContaining('@example.com'),
      mobile: expect.stringMatching(/^09\d{8}$/),
      facebook: '',
      laststaff: '115-1',
      lastmember: '115-1',
      lastworkshop: null,
      point: 0,
      discount: 0,
      balance: 0,
      registertime: '2026-11-22T04:00:00.000Z',
    });
  });

  it('is for staff: 401 without a login, 403 for a member who is not staff', async () => {
    const member = await signUp(portal, '社員');
    await recordMemberFeeByOperator(services(), member.pk);
    expect((await portal.client().get('/api/admin/user/list/recent')).statusCode).toBe(401);
    expect((await member.client.get('/api/admin/user/list/recent')).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/user/list/other')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/user/list/debt', () => {
  it('lists the people below zero, deepest first, for holders of sql', async () => {
    const staff = await signUpStaff(portal, '幹部', ['sql']);
    const [a, b, c] = [
      await signUp(portal, '欠少'),
      await signUp(portal, '欠多'),
      await signUp(portal, '沒欠'),
    ];
    await spendIntoDebt(a.pk, 50);
    await spendIntoDebt(b.pk, 300);
    await topUp(c.pk, 100);
    await spendIntoDebt(c.pk, 100); // back to exactly zero: not in debt

    const rows = await listOf(staff.client, 'debt');
    expect(rows.map((row) => [row.name, row.balance])).toEqual([
      ['欠多', -300],
      ['欠少', -50],
    ]);

    // Paying the debt back takes them off the list.
    await topUp(b.pk, 300);
    expect((await listOf(staff.client, 'debt')).map((row) => row.pk)).toEqual([a.pk]);
  });

  it('needs the sql authority', async () => {
    const staff = await signUpStaff(portal, '幹部', []);
    expect((await staff.client.get('/api/admin/user/list/debt')).statusCode).toBe(403);
    expect((await portal.client().get('/api/admin/user/list/debt')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/warning debtUser', () => {
  it('counts the people in debt, not the club’s accounts that run negative by design', async () => {
    const staff = await signUpStaff(portal, '幹部', []);
    const warnings = async () =>
      (await staff.client.get('/api/admin/warning')).body.staffWarning as {
        kind: string;
        quantity: number;
      }[];
    // The operator's cash account is negative after collecting fees; that is no person's debt.
    expect(services().projections.models.ledger.balances.get(`cash-${OPERATOR_PK}`)).toBeLessThan(0);
    expect((await warnings()).find((warning) => warning.kind === 'debtUser')).toBeUndefined();

    const [a, b] = [await signUp(portal, '甲'), await signUp(portal, '乙')];
    await spendIntoDebt(a.pk, 10);
    await spendIntoDebt(b.pk, 20);
    expect((await warnings()).find((warning) => warning.kind === 'debtUser')).toEqual({
      kind: 'debtUser',
      quantity: 2,
    });
    await topUp(a.pk, 10);
    expect((await warnings()).find((warning) => warning.kind === 'debtUser')).toEqual({
      kind: 'debtUser',
      quantity: 1,
    });
  });
});
