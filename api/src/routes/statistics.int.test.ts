// The staff statistics on the real SQLite store: who may read them, members per identity group and the
// retentions across semesters, per-member and club usage, the add-value column for pk 2 only, and the
// moment each answer reflects. After every test the read models rebuilt from zero equal the live ones.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_PK, makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPortal } from '../testing.ts';
import { clubUsageAnswer } from '../views/statistics.ts';
import { warningSources } from '../warnings/index.ts';

let portal: TestPortal;
// 115-1 runs from August 2026 to January 2027 (Taipei); 114-2 from February to July 2026.
const IN_114_2 = new Date('2026-04-10T04:00:00Z');
const IN_115_1 = new Date('2026-11-22T04:00:00Z');
beforeEach(async () => {
  portal = await createTestPortal({ now: IN_115_1 });
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

interface IdentityRow {
  semester: string;
  total: number;
  staff: number;
  groups: { group: number; count: number }[];
}
interface RetentionRow {
  semester: string;
  size: number;
  later: number[];
}

describe('who may read the statistics', () => {
  it('answers 401 without a login and 403 to a member who is not staff', async () => {
    const member = await signUp(portal, '社員');
    await recordMemberFeeByOperator(services(), member.pk);
    for (const url of [
      '/api/admin/memberstaff/stat',
      '/api/admin/usage/member',
      '/api/admin/usage/member/115-1',
      '/api/admin/usage/club',
    ]) {
      expect((await portal.client().get(url)).statusCode).toBe(401);
      const denied = await member.client.get(url);
      expect(denied.statusCode).toBe(403);
      expect(denied.body.reason).toBe('forbidden');
    }
  });

  it('refuses a malformed semester without a 500', async () => {
    const staff = await signUpStaff(portal, '幹部');
    const answer = await staff.client.get('/api/admin/usage/member/not-a-semester');
    expect(answer.statusCode).toBe(400);
  });
});

describe('GET /api/admin/memberstaff/stat', () => {
  it('counts members by identity group per semester and follows members and staff into later semesters', async () => {
    // 114-2: a first-year, a master's student and a staff member (year 2).
    portal.clock.now = IN_114_2;
    const first = await signUp(portal, '大一生', { grade: '大一' });
    const master = await signUp(portal, '碩士生', { grade: '碩一' });
    const head = await signUp(portal, '社長');
    for (const person of [first, master, head]) await recordMemberFeeByOperator(services(), person.pk);
    await makeStaffByOperator(services(), head.pk, '社長');
    // 115-1: the first-year and the head stay; the master's student does not.
    portal.clock.now = IN_115_1;
    for (const person of [first, head]) await recordMemberFeeByOperator(services(), person.pk);
    await makeStaffByOperator(services(), head.pk, '社長');

    const answer = await head.client.get('/api/admin/memberstaff/stat');
    expect(answer.body.status).toBe('ok');
    const stat = answer.body.stat as {
      identity: IdentityRow[];
      memberRetention: RetentionRow[];
      staffRetention: RetentionRow[];
    };
    const count = (row: IdentityRow | undefined, group: number) =>
      row?.groups.find((entry) => entry.group === group)?.count;
    const [now, before] = stat.identity;
    expect(now).toMatchObject({ semester: '115-1', total: 2, staff: 1 });
    expect(before).toMatchObject({ semester: '114-2', total: 3, staff: 1 });
    expect([count(before, 1), count(before, 11), count(before, 2), count(before, 61)]).toEqual([1, 1, 1, 0]);
    expect([count(now, 1), count(now, 11), count(now, 2)]).toEqual([1, 0, 1]);
    expect(now?.groups.map((entry) => entry.group)).toEqual([1, 2, 3, 4, 5, 11, 21, 31, 41, 51, 61, 99, 0]);
    expect(stat.memberRetention).toEqual([
      { semester: '114-2', size: 3, later: [2] },
      { semester: '115-1', size: 2, later: [] },
    ]);
    expect(stat.staffRetention).toEqual([
      { semester: '114-2', size: 1, later: [1] },
      { semester: '115-1', size: 1, later: [] },
    ]);
    const moment = answer.body.moment as { position: number; at: string };
    expect(moment.position).toBe(await portal.store.headPosition());
    expect(moment.at).toBe(IN_115_1.toISOString());
  });
});

describe('usage', () => {
  it("lists each member's points and the club's top-ups per semester, the add value for pk 2 only", async () => {
    const staff = await signUpStaff(portal, '點數長', ['point']);
    const member = await signUp(portal, '社員甲');
    await recordMemberFeeByOperator(services(), member.pk);
    const topUp = await services().ledger.addValue({
      now: portal.clock.now,
      actorPk: null,
      transferId: 'stat-topup',
      staffPk: OPERATOR_PK,
      userPk: member.pk,
      amountCents: 50_000,
    });
    if (!topUp.ok) throw new Error(topUp.reason);
    await services().projections.waitFor(topUp.position);
    const points = await staff.client.post('/api/admin/point/new', {
      point: {
        workdate: '2026-11-20',
        kind: '課程',
        reason: '暗房課助教',
        applypoint: 2,
        receiveuser: member.pk,
      },
    });
    expect(points.body.status).toBe('ok');
    expect((points.body.point as { status: number }).status).toBe(2);

    const usage = await staff.client.get('/api/admin/usage/member/115-1');
    expect(usage.body.semesterSelected).toBe('115-1');
    const rows = usage.body.loglist as {
      user: { pk: number };
      ismember: boolean;
      usage: { points: number };
    }[];
    const mine = rows.find((row) => row.user.pk === member.pk);
    expect(mine).toMatchObject({ ismember: true, usage: { points: 2 } });
    expect((await staff.client.get('/api/admin/usage/member')).body.semesterSelected).toBe('115-1');
    expect((await staff.client.get('/api/admin/usage/member/114-2')).body.loglist).toEqual([]);

    const club = await staff.client.get('/api/admin/usage/club');
    expect(club.body.showAddValue).toBe(false);
    const [current] = club.body.loglist as Record<string, unknown>[];
    expect(current).toMatchObject({ semester: '115-1', members: 2, staff: 1, usage: { points: 2 } });
    expect(current).not.toHaveProperty('addValue');
    // No person can have pk 2 (people start at 101), so the special viewer is checked on the view.
    const special = clubUsageAnswer(services(), 2);
    expect(special.showAddValue).toBe(true);
    expect(special.loglist[0]).toMatchObject({ semester: '115-1', addValue: 500 });
  });
});

describe('the staff warnings of document 1', () => {
  it('has a source for every kind, each counted from its domain', () => {
    const kinds = warningSources.map((source) => source(services(), portal.clock.now)?.kind).sort();
    expect(kinds).toEqual(
      [
        'chemicalNeedReplenish',
        'sharingpaperNeedReturn',
        'sharingpaperNeedReplenish',
        'sharingpaperNeedFix',
        'bookExpired',
        'gicleePrintingDue',
        'propertyLendOut',
        'pocketNeedDeposit',
        'debtUser',
      ].sort(),
    );
  });
});
