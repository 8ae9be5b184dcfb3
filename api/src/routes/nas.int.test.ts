// Network storage accounts through the whole app: staff with the system authority assign, the member reads
// the account back, the password never sits in clear in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let member: TestPerson;
let stranger: TestPerson;
let holder: TestPerson;
let system: TestPerson;
let plainStaff: TestPerson;

beforeAll(async () => {
  portal = await createTestPortal({
    now: new Date('2026-11-23T10:00:00+08:00'),
    config: { nasKey: 'test-nas-key' },
  });
  member = await signUp(portal, '網硬社員');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
  stranger = await signUp(portal, '非社員');
  holder = await signUp(portal, '有權限者');
  const services = portal.app.services;
  const context = { now: services.now(), actor: null, correlationId: 'grant-nas' };
  const granted = await services.access.addGrant(
    { key: 'nas', userPk: holder.pk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    context,
  );
  expect(granted.ok).toBe(true);
  await services.projections.waitFor(await services.store.headPosition());
  system = await signUpStaff(portal, '系統幹部', ['system']);
  plainStaff = await signUpStaff(portal, '一般幹部');
});

afterAll(async () => {
  await portal?.close();
});

describe('GET /api/nas', () => {
  it('answers no account yet to a member, and refuses a non-member without the nas authority', async () => {
    const mine = await member.client.get('/api/nas');
    expect(mine.body).toEqual({ status: 'ok', nasuser: null, naspassword: null });
    const refused = await stranger.client.get('/api/nas');
    expect(refused.statusCode).toBe(403);
    const anonymous = await portal.client().get('/api/nas');
    expect(anonymous.statusCode).toBe(401);
    // The nas authority opens the page without membership (document 1, section 6).
    expect((await holder.client.get('/api/nas')).body.status).toBe('ok');
  });
});

describe('POST /api/admin/nas', () => {
  it('lets only staff with the system authority assign, and the member then reads name and password', async () => {
    const body = { cmd: 'assign', userpk: member.pk, nasuser: 'photo.member', naspassword: 'Dark-Room-42' };
    expect((await plainStaff.client.post('/api/admin/nas', body)).statusCode).toBe(403);
    expect((await member.client.post('/api/admin/nas', body)).statusCode).toBe(403);

    const assigned = await system.client.post('/api/admin/nas', body);
    expect(assigned.body.status).toBe('ok');
    expect(assigned.body.loglist).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ pk: member.pk }), nasuser: 'photo.member' }),
    ]);
    expect(JSON.stringify(assigned.body)).not.toContain('Dark-Room-42');

    const read = await member.client.get('/api/nas');
    expect(read.body).toEqual({ status: 'ok', nasuser: 'photo.member', naspassword: 'Dark-Room-42' });
    // Another person sees their own (none), never the member's.
    expect((await holder.client.get('/api/nas')).body).toEqual({
      status: 'ok',
      nasuser: null,
      naspassword: null,
    });
  });

  it('keeps the password sealed in the event log, not in clear', async () => {
    const all = JSON.stringify(await portal.store.readAll());
    expect(all).toContain('photo.member');
    expect(all).toContain('NasAccountAssigned');
    expect(all).not.toContain('Dark-Room-42');
  });

  it('refuses a user name the file server does not take and an unknown person, with reason codes', async () => {
    const badName = await system.client.post('/api/admin/nas', {
      cmd: 'assign',
      userpk: member.pk,
      nasuser: 'has space',
      naspassword: 'secret123',
    });
    expect(badName.body).toMatchObject({ status: 'fail', reason: 'format' });
    const nobody = await system.client.post('/api/admin/nas', {
      cmd: 'assign',
      userpk: 999_999,
      nasuser: 'ghost',
      naspassword: 'secret123',
    });
    expect(nobody.body).toMatchObject({ status: 'fail', reason: 'nouser' });
    const short = await system.client.post('/api/admin/nas', {
      cmd: 'assign',
      userpk: member.pk,
      nasuser: 'x1',
    });
    expect(short.statusCode).toBe(400);
  });

  it('removes an account; removing again answers noaccount', async () => {
    const removed = await system.client.post('/api/admin/nas', { cmd: 'remove', userpk: member.pk });
    expect(removed.body).toEqual({ status: 'ok', loglist: [] });
    expect((await member.client.get('/api/nas')).body).toEqual({
      status: 'ok',
      nasuser: null,
      naspassword: null,
    });
    const again = await system.client.post('/api/admin/nas', { cmd: 'remove', userpk: member.pk });
    expect(again.body).toMatchObject({ status: 'fail', reason: 'noaccount' });
  });
});
