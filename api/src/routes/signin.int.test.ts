// Sign-in sheets through the whole app: staff create sheets, members sign in, staff read the log, the
// count and a workshop's attendance table with the deposit deductions.
import { semesterOf } from '@club/core/semester';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const start = new Date('2026-11-23T02:00:00Z');
let portal: TestPortal;
let staff: TestPerson;
let member: TestPerson;
let other: TestPerson;

beforeAll(async () => {
  portal = await createTestPortal({ now: start });
  staff = await signUpStaff(portal, '簽到幹部');
  member = await signUp(portal, '簽到社員');
  other = await signUp(portal, '另一社員');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
  await recordMemberFeeByOperator(portal.app.services, other.pk);
});

afterAll(() => portal.close());

type Sheet = {
  pk: number;
  code: string;
  opensAt: string;
  closesAt: string;
  signinlog_count: number;
  title: string;
};

describe('POST /api/admin/signin', () => {
  it('refuses a blank title with title_required', async () => {
    const answer = await staff.client.post('/api/admin/signin', { title: '  ' });
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'title_required' });
  });

  it('gives a new sheet four random digits as its code and three hours from now', async () => {
    const answer = await staff.client.post('/api/admin/signin', { title: '社課' });
    expect(answer.body.status).toBe('ok');
    const sheet = answer.body.signin as Sheet;
    expect(sheet.code).toMatch(/^\d{4}$/);
    expect(sheet.opensAt).toBe(start.toISOString());
    expect(Date.parse(sheet.closesAt) - Date.parse(sheet.opensAt)).toBe(3 * 3_600_000);
  });

  it('is for staff only', async () => {
    const answer = await member.client.post('/api/admin/signin', { title: '社課' });
    expect(answer.statusCode).toBe(403);
  });
});

describe('POST /api/signin', () => {
  it('signs a member in with the code once; a wrong code is codewrong, a second time exists', async () => {
    const created = await staff.client.post('/api/admin/signin', { title: '暗房講座', code: '2468' });
    const sheet = created.body.signin as Sheet;
    const page = await member.client.get('/api/signin');
    expect(page.body.waitlist).toContainEqual(expect.objectContaining({ pk: sheet.pk, codeneeded: true }));

    const wrong = await member.client.post('/api/signin', { signin: sheet.pk, code: '1111' });
    expect(wrong.body).toMatchObject({ status: 'fail', reason: 'codewrong' });
    const right = await member.client.post('/api/signin', { signin: sheet.pk, code: '2468' });
    expect(right.body.status).toBe('ok');
    expect(right.body.loglist).toContainEqual(
      expect.objectContaining({ signin: { pk: sheet.pk, title: '暗房講座' } }),
    );
    expect((right.body.waitlist as Sheet[]).some((row) => row.pk === sheet.pk)).toBe(false);
    const again = await member.client.post('/api/signin', { signin: sheet.pk, code: '2468' });
    expect(again.body).toMatchObject({ status: 'fail', reason: 'exists' });

    const detail = await staff.client.get(`/api/admin/signin/${sheet.pk}`);
    expect(detail.body.signin).toMatchObject({ signinlog_count: 1 });
    expect(detail.body.loglist).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ name: '簽到社員' }) }),
    ]);
  });

  it('counts one sign-in when a member signs in twice at once', async () => {
    const created = await staff.client.post('/api/admin/signin', { title: '同時簽到', code: '' });
    const sheet = created.body.signin as Sheet;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => other.client.post('/api/signin', { signin: sheet.pk, code: '' })),
    );
    expect(answers.filter((answer) => answer.body.status === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.reason === 'exists')).toHaveLength(5);
    const detail = await staff.client.get(`/api/admin/signin/${sheet.pk}`);
    expect(detail.body.signin).toMatchObject({ signinlog_count: 1 });
  });

  it('answers expired once the period is over', async () => {
    const created = await staff.client.post('/api/admin/signin', { title: '過期', code: '' });
    const sheet = created.body.signin as Sheet;
    portal.clock.now = new Date(start.getTime() + 3 * 3_600_000);
    try {
      const late = await member.client.post('/api/signin', { signin: sheet.pk, code: '' });
      expect(late.body).toMatchObject({ status: 'fail', reason: 'expired' });
    } finally {
      portal.clock.now = start;
    }
  });
});

describe('GET /api/admin/signin/workshop/{semester}/{kind}', () => {
  it('tables the roster against the class sheets and deducts 100 per missed class below 7', async () => {
    const semester = semesterOf(start).tag;
    const services = portal.app.services;
    const added = await services.access.addWorkshopEntry(
      { semester, userPk: member.pk, kind: 1, actorAuthorities: ['workshopset'] },
      { now: start, actor: String(staff.pk), correlationId: 'test-roster' },
    );
    expect(added.ok).toBe(true);
    const added2 = await services.access.addWorkshopEntry(
      { semester, userPk: other.pk, kind: 1, actorAuthorities: ['workshopset'] },
      { now: start, actor: String(staff.pk), correlationId: 'test-roster-2' },
    );
    expect(added2.ok).toBe(true);
    const sheets: Sheet[] = [];
    for (let index = 1; index <= 8; index++) {
      const created = await staff.client.post('/api/admin/signin', {
        title: `暗房工作坊 ${index}`,
        code: '',
        workshop: { semester, kind: 1 },
      });
      sheets.push(created.body.signin as Sheet);
    }
    // The member comes to all eight classes; the other to five of them.
    for (const [index, sheet] of sheets.entries()) {
      expect((await member.client.post('/api/signin', { signin: sheet.pk })).body.status).toBe('ok');
      if (index < 5)
        expect((await other.client.post('/api/signin', { signin: sheet.pk })).body.status).toBe('ok');
    }
    const list = await staff.client.get('/api/admin/signin/workshop/list');
    expect(list.body.list).toContainEqual({ semester, kind: 1, sheets: 8 });
    const table = await staff.client.get(`/api/admin/signin/workshop/${semester}/1`);
    expect(table.body.columnList).toHaveLength(8);
    const rows = table.body.userList as {
      user: { pk: number };
      attendedCount: number;
      deductionNtd: number;
    }[];
    expect(rows.find((row) => row.user.pk === member.pk)).toMatchObject({
      attendedCount: 8,
      deductionNtd: 0,
    });
    expect(rows.find((row) => row.user.pk === other.pk)).toMatchObject({
      attendedCount: 5,
      deductionNtd: 200,
    });
  });
});
