// The system log pages (login, user change, user search) on the real SQLite store. After every test the
// read models rebuilt from zero must equal the live ones.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as contract from '../contracts/system.ts';
import type { OkOf } from '../contracts/shared.ts';
import { createTestPortal, signUp, signUpStaff, type TestClient, type TestPortal } from '../testing.ts';
import { LOG_ROWS_PER_PAGE } from './system-logs.ts';

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

/** A log page as the contract describes it. */
async function pageOf<
  Call extends typeof contract.loginLog | typeof contract.userChangeLog | typeof contract.userSearchLog,
>(client: TestClient, path: string): Promise<OkOf<Call>> {
  const answer = await client.get(path);
  expect(answer.body.status).toBe('ok');
  return answer.body as unknown as OkOf<Call>;
}

const logPaths = [
  '/api/admin/system/login/log/1',
  '/api/admin/system/user/change/log/1',
  '/api/admin/system/user/search/log/1',
];

describe('system log guards', () => {
  it.each(logPaths)(
    'GET %s: 401 without login, 403 for a member, 403 for staff without system',
    async (path) => {
      expect((await portal.client().get(path)).statusCode).toBe(401);
      const member = await signUp(portal, '一般會員');
      expect((await member.client.get(path)).body).toEqual({ status: 'fail', reason: 'forbidden' });
      const staff = await signUpStaff(portal, '幹部', ['user']);
      const refused = await staff.client.get(path);
      expect(refused.statusCode).toBe(403);
      const system = await signUpStaff(portal, '系統幹部', ['system']);
      const allowed = await system.client.get(path);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body.status).toBe('ok');
    },
  );

  it.each(['/api/admin/system/login/log/0', '/api/admin/system/login/log/x'])(
    'GET %s: a page that is not a number from 1 is a bad request, not a 500',
    async (path) => {
      const system = await signUpStaff(portal, '系統幹部', ['system']);
      const answer = await system.client.get(path);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.reason).toBe('badrequest');
    },
  );
});

describe('GET /api/admin/system/login/log/:page', () => {
  it('lists every attempt newest first with method, scope, first, ip and status, paged', async () => {
    const system = await signUpStaff(portal, '系統幹部', ['system']);
    const person = await signUp(portal, '陳登入');
    // A wrong password, then a login in the store scope.
    const wrong = await portal.client().post('/api/user/login', { user: person.mobile, password: 'nope!!' });
    expect(wrong.body).toEqual({ status: 'fail', reason: 'wrong' });
    const unknown = await portal.client().post('/api/user/login', { user: '0999000111', password: 'x' });
    expect(unknown.body.reason).toBe('wrong');
    const store = await portal
      .client()
      .post('/api/user/login', { user: person.email, password: 'secret1', userscope: 'store' });
    expect(store.body.status).toBe('ok');

    const page = await pageOf<typeof contract.loginLog>(system.client, '/api/admin/system/login/log/1');
    const [latest, failedUnknown, failed, firstLogin] = page.loglist;
    expect(latest).toMatchObject({
      user: { pk: person.pk, name: '陳登入' },
      method: 1,
      scope: 1,
      first: false,
      status: 2,
    });
    expect(failedUnknown).toMatchObject({ user: null, identifier: '099***', status: 0, scope: 0 });
    expect(failed).toMatchObject({ user: { pk: person.pk }, status: 0 });
    expect(firstLogin).toMatchObject({ user: { pk: person.pk }, status: 2, first: true });
    expect(typeof latest?.ip).toBe('string');
    expect(Date.parse(latest?.timestamp ?? '')).toBe(portal.clock.now.getTime());
    // The staff member's sign-up login, and the person's sign-up login and three attempts.
    expect(page.pager).toEqual({ totalrows: 5, rowsperpage: LOG_ROWS_PER_PAGE, page: 1 });
  });

  it('splits a long log into pages, the oldest rows on the last page', async () => {
    const system = await signUpStaff(portal, '系統幹部', ['system']);
    const person = await signUp(portal, '常登入');
    // Successful logins (failed ones would soon meet the login limiter).
    for (let attempt = 0; attempt < LOG_ROWS_PER_PAGE; attempt += 1) {
      const login = await portal
        .client()
        .post('/api/user/login', { user: person.mobile, password: 'secret1' });
      expect(login.body.status).toBe('ok');
    }
    const log = (page: number) =>
      pageOf<typeof contract.loginLog>(system.client, `/api/admin/system/login/log/${page}`);
    const [first, second, beyond] = [await log(1), await log(2), await log(3)];
    expect(first.pager.totalrows).toBe(LOG_ROWS_PER_PAGE + 2);
    expect(first.loglist).toHaveLength(LOG_ROWS_PER_PAGE);
    expect(second.loglist).toHaveLength(2);
    expect(beyond.loglist).toEqual([]);
    const pks = [...first.loglist, ...second.loglist].map((row) => row.pk);
    expect(pks).toEqual([...pks].sort((a, b) => b - a));
    // The oldest row is the staff member's first login at sign-up.
    expect(second.loglist.at(-1)).toMatchObject({ user: { pk: system.pk }, first: true });
  });
});

describe('GET /api/admin/system/user/search/log/:page', () => {
  it('records each keyword search by staff with who searched; an empty keyword is not a search', async () => {
    const system = await signUpStaff(portal, '系統幹部', ['system']);
    const cashier = await signUpStaff(portal, '收銀幹部');
    await signUp(portal, '林被找');
    const found = await cashier.client.post('/api/admin/user/search', { keyword: ' 林被 ' });
    expect((found.body.list as { name: string }[]).map((row) => row.name)).toEqual(['林被找']);
    await cashier.client.post('/api/admin/user/search', { keyword: '   ' });
    await system.client.post('/api/admin/user/search', { keyword: 'U0000' });
    // A member cannot search, so nothing is logged for them.
    const member = await signUp(portal, '會員');
    expect((await member.client.post('/api/admin/user/search', { keyword: '林' })).statusCode).toBe(403);

    const page = await pageOf<typeof contract.userSearchLog>(
      system.client,
      '/api/admin/system/user/search/log/1',
    );
    expect(page.loglist.map((row) => [row.execuser.name, row.keyword])).toEqual([
      ['系統幹部', 'U0000'],
      ['收銀幹部', '林被'],
    ]);
    expect(page.pager).toEqual({ totalrows: 2, rowsperpage: LOG_ROWS_PER_PAGE, page: 1 });
  });
});

describe('GET /api/admin/system/user/change/log/:page', () => {
  it('shows each field a staff edit changed: execuser, user, fieldname, old and new value', async () => {
    const system = await signUpStaff(portal, '系統幹部', ['system', 'user']);
    const person = await signUp(portal, '改名前', { department: '資工系' });
    const edited = await system.client.put(`/api/admin/user/detail/${person.pk}`, {
      name: '改名後',
      department: '電機系',
      grade: '大二',
    });
    expect(edited.body.status).toBe('ok');

    const page = await pageOf<typeof contract.userChangeLog>(
      system.client,
      '/api/admin/system/user/change/log/1',
    );
    expect(page.loglist).toHaveLength(2);
    expect(page.loglist).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          execuser: expect.objectContaining({ pk: system.pk, name: '系統幹部' }),
          user: expect.objectContaining({ pk: person.pk, name: '改名後' }),
          fieldname: 'name',
          valueold: '改名前',
          valuenew: '改名後',
        }),
        expect.objectContaining({ fieldname: 'department', valueold: '資工系', valuenew: '電機系' }),
      ]),
    );
    expect(page.pager.totalrows).toBe(2);
  });
});
