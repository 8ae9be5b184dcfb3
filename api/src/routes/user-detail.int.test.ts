// AdminUserDetail on the real SQLite store: the detail read, and staff edits of profile fields with the
// registration rules, the unique claims on mobile, student ID and e-mail, and the login lookups that
// follow a change. After every test the read models rebuilt from zero must equal the live ones.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPortal } from '../testing.ts';

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

describe('GET /api/admin/user/detail/:pk', () => {
  it('refuses visitors (401), members (403) and staff without the user authority (403)', async () => {
    const person = await signUp(portal, '被看的人');
    const path = `/api/admin/user/detail/${person.pk}`;
    expect((await portal.client().get(path)).statusCode).toBe(401);
    expect((await person.client.get(path)).statusCode).toBe(403);
    const staff = await signUpStaff(portal, '幹部', ['system']);
    expect((await staff.client.get(path)).body).toEqual({ status: 'fail', reason: 'forbidden' });
    const put = await staff.client.put(path, { name: '不該改' });
    expect(put.statusCode).toBe(403);
    expect(portal.app.services.projections.models.users.byPk.get(person.pk)?.name).toBe('被看的人');
  });

  it("shows the profile, balance, points and paid semesters; an unknown pk is 'notfound'", async () => {
    const staff = await signUpStaff(portal, '幹部', ['user']);
    const person = await signUp(portal, '林會員', { department: '物理系' });
    await recordMemberFeeByOperator(portal.app.services, person.pk);
    const answer = (await staff.client.get(`/api/admin/user/detail/${person.pk}`)).body;
    expect(answer).toMatchObject({
      status: 'ok',
      user: { pk: person.pk, name: '林會員', department: '物理系', mobile: person.mobile, logincount: 1 },
      ismember: true,
      isstaff: false,
      balance: 0,
      point: 0,
      memberships: ['115-1'],
      bookborrowlist: [],
      propertyborrowlist: [],
    });
    expect((await staff.client.get('/api/admin/user/detail/99999')).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('PUT /api/admin/user/detail/:pk', () => {
  it('changes the fields that differ, normalised, and the person logs in with the new mobile', async () => {
    const staff = await signUpStaff(portal, '幹部', ['user']);
    const person = await signUp(portal, '舊名字');
    const answer = await staff.client.put(`/api/admin/user/detail/${person.pk}`, {
      name: ' 新名字 ',
      stuid: 'r11922001',
      mobile: '0987654321',
      email: person.email,
      facebook: 'facebook.com/profile.php?id=123456',
    });
    expect(answer.body).toMatchObject({
      status: 'ok',
      user: { name: '新名字', stuid: 'R11922001', mobile: '0987654321' },
    });
    expect((answer.body.changes as { fieldname: string }[]).map((change) => change.fieldname)).toEqual([
      'name',
      'stuid',
      'facebook',
      'mobile',
    ]);
    const newLogin = await portal
      .client()
      .post('/api/user/login', { user: '0987654321', password: 'secret1' });
    expect(newLogin.body.user).toMatchObject({ pk: person.pk, name: '新名字' });
    const oldLogin = await portal
      .client()
      .post('/api/user/login', { user: person.mobile, password: 'secret1' });
    expect(oldLogin.body).toEqual({ status: 'fail', reason: 'wrong' });
    // The old mobile is free again: someone else may register with it.
    await signUp(portal, '接手舊號碼', { mobile: person.mobile });
    // Sending the same values again changes nothing and logs nothing.
    const again = await staff.client.put(`/api/admin/user/detail/${person.pk}`, { name: '新名字' });
    expect(again.body.changes).toEqual([]);
    expect(portal.app.services.projections.models.userChangeLog).toHaveLength(4);
  });

  it.each([
    [{ name: '  ' }, 'name_required'],
    [{ sex: '3' }, 'sex_required'],
    [{ stuid: '12345' }, 'stuid_format'],
    [{ mobile: '12345' }, 'mobile_format'],
    [{ email: 'not-an-email' }, 'email_format'],
    [{ facebook: 'https://example.com/me' }, 'facebook_format'],
  ])('refuses %o with the registration rule %s and changes nothing', async (body, reason) => {
    const staff = await signUpStaff(portal, '幹部', ['user']);
    const person = await signUp(portal, '守規矩');
    const before = (await portal.store.readAll()).length;
    const answer = await staff.client.put(`/api/admin/user/detail/${person.pk}`, { ...body, grade: '大三' });
    expect(answer.body).toEqual({ status: 'fail', reason });
    expect(await portal.store.readAll()).toHaveLength(before);
  });

  it('refuses a mobile, student ID or e-mail another user holds, and keeps the claim of neither', async () => {
    const staff = await signUpStaff(portal, '幹部', ['user']);
    const holder = await signUp(portal, '原主');
    const person = await signUp(portal, '想改');
    const put = (body: object) => staff.client.put(`/api/admin/user/detail/${person.pk}`, body);
    expect((await put({ mobile: holder.mobile })).body.reason).toBe('duplicated_mobile');
    expect((await put({ stuid: holder.stuid.toLowerCase() })).body.reason).toBe('duplicated_stuid');
    expect((await put({ email: holder.email.toUpperCase() })).body.reason).toBe('duplicated_email');
    // A new e-mail claimed before a taken mobile is refused is released again.
    expect((await put({ email: 'fresh@example.com', mobile: holder.mobile })).body.reason).toBe(
      'duplicated_mobile',
    );
    await signUp(portal, '拿到新信箱', { email: 'fresh@example.com' });
    expect(portal.app.services.projections.models.userChangeLog).toEqual([]);
  });

  it('an e-mail that differs only in case keeps its claim', async () => {
    const staff = await signUpStaff(portal, '幹部', ['user']);
    const person = await signUp(portal, '大小寫', { email: 'case@example.com' });
    const answer = await staff.client.put(`/api/admin/user/detail/${person.pk}`, {
      email: 'Case@Example.com',
    });
    expect(answer.body.changes).toEqual([
      { fieldname: 'email', valueold: 'case@example.com', valuenew: 'Case@Example.com' },
    ]);
    const copy = await portal.client().post('/api/user/register', {
      identity: 1,
      name: '搶信箱',
      sex: '1',
      stuid: 'B99887766',
      email: 'case@example.com',
      mobile: '0911222333',
      password: 'secret1',
      password2: 'secret1',
      ruleagree: true,
    });
    expect(copy.body).toEqual({ status: 'fail', reason: 'duplicated_email' });
  });
});
