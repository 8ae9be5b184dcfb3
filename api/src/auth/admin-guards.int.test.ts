import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';

// Document 3: every Admin route requires the staff flag. An authority granted personally to someone who
// is not active staff (on the roster and a member) must not open an Admin call; the same grant on active
// staff does. The one exception the spec makes is the point head (document 1: the `point` authority
// holds "the point head's admin screens"), kept and documented in docs/api.md.

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

async function grantPersonally(person: TestPerson, key: string): Promise<void> {
  const granted = await portal.app.services.access.addGrant(
    { key, userPk: person.pk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `grant-${key}-${person.pk}` },
  );
  if (!granted.ok) throw new Error(`grant refused: ${granted.reason}`);
  await portal.app.services.projections.waitFor(granted.position);
}

/** The Admin calls that checked only an authority, with a body each accepts. */
const authorityOnlyCalls: [authority: string, method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['auth', 'GET', '/api/admin/auth'],
  ['auth', 'POST', '/api/admin/auth', { cmd: 'add', key: 'transfer', userpk: 101 }],
  ['transmodify', 'GET', '/api/admin/trans/detail/1'],
  [
    'transmodify',
    'POST',
    '/api/admin/trans/modify/1',
    { cmd: 'refund', refundAmount: 1, refundStockDelta: 0, refundReason: '退款測試' },
  ],
  ['sql', 'GET', '/api/admin/user/list/debt'],
];

describe('Admin calls need active staff as well as the authority', () => {
  it.each(authorityOnlyCalls)(
    'refuses a non-staff holder of a personal %s grant: %s %s (403)',
    async (authority, method, url, body) => {
      const person = await signUp(portal, '非幹部');
      await grantPersonally(person, authority);
      const check = await person.client.get('/api/user/check');
      expect(check.body.user).toMatchObject({ isstaff: false, authlist: [authority] });
      const before = (await portal.store.readAll()).length;

      const { statusCode, body: answer } = await person.client.request(method, url, body);

      expect(statusCode).toBe(403);
      expect(answer).toEqual({ status: 'fail', reason: 'forbidden' });
      expect(await portal.store.readAll()).toHaveLength(before);
    },
  );

  it.each(authorityOnlyCalls)(
    'refuses staff who are not members this semester, even with %s: %s %s (403)',
    async (authority, method, url, body) => {
      const person = await signUp(portal, '未繳費幹部');
      await makeStaffByOperator(portal.app.services, person.pk, '總務', [authority]);
      const { statusCode } = await person.client.request(method, url, body);
      expect(statusCode).toBe(403);
    },
  );

  it.each(authorityOnlyCalls)(
    'lets active staff with %s through: %s %s',
    async (authority, method, url, body) => {
      const person = await signUp(portal, '幹部');
      await recordMemberFeeByOperator(portal.app.services, person.pk);
      await makeStaffByOperator(portal.app.services, person.pk, '總務', [authority]);
      const { statusCode } = await person.client.request(method, url, body);
      expect(statusCode).toBe(200);
    },
  );

  it('keeps the point head’s screens open to a non-staff holder of the point authority (document 1)', async () => {
    const person = await signUp(portal, '點數長');
    expect((await person.client.get('/api/admin/point/log/1')).statusCode).toBe(403);
    await grantPersonally(person, 'point');
    for (const url of ['/api/admin/point/log/1', '/api/admin/point/stat', '/api/admin/point/new']) {
      expect((await person.client.get(url)).statusCode).toBe(200);
    }
  });
});
