// The staff-area access endpoints on the real SQLite store.
//
// Staff powers need membership (staff AND member), and membership comes from the ledger's fee events,
// which do not exist yet: `ismember` is false for everyone, so the staff guard refuses every request to
// the roster routes today. Those routes are therefore tested in two halves: their guards through
// `app.inject`, and their handler logic (the functions the routes delegate to) against the same app's
// services and read models. AdminAuth needs active staff (staff AND member) with the 'auth' authority;
// its tests make the admin a fee-paying member on the roster, so it is tested end to end. Once the roster
// tests get the same set-up, they move to `app.inject` too.
import type { AuthorityKey } from '@club/core/access/authorities';
import type { AccessResult } from '@club/core/access/service';
import type { CommandContext } from '@club/core/commands';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, type TestClient, type TestPerson, type TestPortal } from '../testing.ts';
import {
  addRosterEntry,
  removeStaffEntry,
  removeWorkshopEntry,
  rosterAddBodySchema,
  staffList,
  staffRemoveBodySchema,
  workshopList,
  workshopRemoveBodySchema,
} from './access.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const services = () => portal.app.services;

let commandCounter = 0;
/** The context of a command made by `actor` (a user pk), or by the system when null. */
const contextOf = (actor: number | null): CommandContext => ({
  now: portal.clock.now,
  actor: actor === null ? null : String(actor),
  correlationId: `access-test-${++commandCounter}`,
});

/** Applies a setup write made as the system and waits until the read models show it. */
async function settled(write: Promise<AccessResult<string>>): Promise<void> {
  const result = await write;
  expect(result).toMatchObject({ ok: true });
  if (result.ok) await services().projections.waitFor(result.position);
}

const asSystem = {
  addStaff: (userPk: number, position: string, semester = '115-1') =>
    settled(
      services().access.addStaff(
        { semester, userPk, position, actorAuthorities: ['staffset'] },
        contextOf(null),
      ),
    ),
  addWorkshop: (userPk: number, kind: 1 | 2 | 3 | 4 | 5, semester = '115-1') =>
    settled(
      services().access.addWorkshopEntry(
        { semester, userPk, kind, actorAuthorities: ['workshopset'] },
        contextOf(null),
      ),
    ),
  grant: (key: AuthorityKey, target: { userPk: number } | { keyword: string }) =>
    settled(
      services().access.addGrant(
        {
          key,
          userPk: 'userPk' in target ? target.userPk : null,
          staffKeyword: 'keyword' in target ? target.keyword : null,
          actorAuthorities: ['auth'],
          semesters: ['115-1', '115-2'],
        },
        contextOf(null),
      ),
    ),
};

/** Registers a person and logs them in; people get pks 101, 102, ... in order. */
const person = (name = '王小明'): Promise<TestPerson> => signUp(portal, name);

/**
 * A person who paid this semester's fee and is on its staff roster as 網管 (a title none of these tests'
 * keywords matches), so an authority granted to them works on the Admin calls.
 */
async function activeStaff(name: string): Promise<TestPerson> {
  const staff = await person(name);
  await recordMemberFeeByOperator(services(), staff.pk);
  await asSystem.addStaff(staff.pk, '網管');
  return staff;
}

const rosterEndpoints: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/admin/staff/list'],
  ['GET', '/api/admin/staff/list/115-1'],
  ['GET', '/api/admin/workshop/list/115-1'],
  ['GET', '/api/admin/member/list/115-1'],
  ['POST', '/api/admin/staff/add/115-1', { userSelected: 101, staffPosition: '社長' }],
  ['POST', '/api/admin/workshop/add/115-1', { userSelected: 101, workshopKind: 1 }],
  ['POST', '/api/admin/staff/remove', { user: { pk: 101 }, semester: '115-1' }],
  ['POST', '/api/admin/workshop/remove', { user: { pk: 101 }, semester: '115-1', kind: 1 }],
];

describe('staff roster routes: the staff guard', () => {
  it.each(rosterEndpoints)('%s %s needs a login (401)', async (method, url, body) => {
    const { statusCode, body: answer } = await portal.client().request(method, url, body);
    expect(statusCode).toBe(401);
    expect(answer).toEqual({ status: 'fail', reason: 'login' });
  });

  it.each(rosterEndpoints)('%s %s refuses a logged-in non-staff user (403)', async (method, url, body) => {
    const { client } = await person();
    const { statusCode, body: answer } = await client.request(method, url, body);
    expect(statusCode).toBe(403);
    expect(answer).toEqual({ status: 'fail', reason: 'forbidden' });
  });

  it('refuses staff who are not members, even with staffset, and writes nothing', async () => {
    // Blocked on membership: this person is on the current roster and holds staffset personally, but no
    // fee event can make them a member yet. When the ledger lands, a paying staff member gets through.
    const { pk, client } = await person();
    await asSystem.addStaff(pk, '社長');
    await asSystem.grant('staffset', { userPk: pk });
    const check = await client.get('/api/user/check');
    expect(check.body.user).toMatchObject({ isstaff: true, ismember: false, authlist: ['staffset'] });

    expect((await client.get('/api/admin/staff/list')).statusCode).toBe(403);
    const add = await client.post('/api/admin/staff/add/115-1', {
      userSelected: pk,
      staffPosition: '副社長',
    });
    expect(add.statusCode).toBe(403);
    const roster = await services().access.staffRoster('115-1');
    expect([...roster.entries.values()]).toEqual([{ userPk: pk, position: '社長' }]);
  });
});

describe('GET /api/admin/{kind}/list/{semester} (handler logic)', () => {
  it('lists the staff roster in position order with the person fields, defaulting to the current semester', async () => {
    const equipment = await person('器材長甲');
    const president = await person('社長乙');
    const vice = await person('副社長丙');
    await asSystem.addStaff(equipment.pk, '器材長');
    await asSystem.addStaff(president.pk, '社長');
    await asSystem.addStaff(vice.pk, '副社長');
    await asSystem.addStaff(equipment.pk, '總務', '114-2');

    const current = staffList(services());
    expect(current.semesterSelected).toBe('115-1');
    expect(current.objlist.map((entry) => [entry.user.pk, entry.position])).toEqual([
      [president.pk, '社長'],
      [vice.pk, '副社長'],
      [equipment.pk, '器材長'],
    ]);
    expect(current.objlist[0]).toEqual({
      user: {
        pk: president.pk,
        pkstr: `U${String(president.pk).padStart(5, '0')}`,
        name: '社長乙',
        stuid: expect.stringMatching(/^B\d{8}$/),
        studepartment: '資工系',
        mobile: expect.stringMatching(/^09\d{8}$/),
        email: expect.stringContaining('@example.com'),
        facebook: '',
      },
      position: '社長',
      semester: '115-1',
    });
    // Semesters with entries plus the current and the next one, newest first.
    expect(current.semesterList).toEqual(['115-2', '115-1', '114-2']);

    const last = staffList(services(), '114-2');
    expect(last.objlist).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ pk: equipment.pk }),
        position: '總務',
        semester: '114-2',
      }),
    ]);
    const empty = staffList(services(), '110-1');
    expect(empty.objlist).toEqual([]);
    expect(empty.semesterList).toEqual(['115-2', '115-1', '114-2', '110-1']);
  });

  it('follows the clock for the current semester and drops semesters whose roster became empty', async () => {
    const someone = await person();
    await asSystem.addStaff(someone.pk, '社長', '114-2');
    await settled(
      services().access.removeStaff(
        { semester: '114-2', userPk: someone.pk, actorAuthorities: ['staffset'] },
        contextOf(null),
      ),
    );
    portal.clock.now = new Date('2027-03-01T04:00:00Z');
    const list = staffList(services());
    expect(list.semesterSelected).toBe('115-2');
    expect(list.semesterList).toEqual(['116-1', '115-2']);
  });

  it('lists the workshop roster by kind, with trans false until the deposit is paid', async () => {
    const first = await person('甲');
    const second = await person('乙');
    await asSystem.addWorkshop(first.pk, 3);
    await asSystem.addWorkshop(second.pk, 1);
    await asSystem.addWorkshop(first.pk, 1);
    await settled(
      services().access.linkWorkshopDeposit(
        { semester: '115-1', userPk: second.pk, kind: 1, transferId: 'transfer-9' },
        contextOf(null),
      ),
    );
    const list = workshopList(services());
    expect(list.objlist.map((entry) => [entry.user.pk, entry.kind, entry.trans])).toEqual([
      [second.pk, 1, 'transfer-9'],
      [first.pk, 1, false],
      [first.pk, 3, false],
    ]);
    expect(list.semesterList).toEqual(['115-2', '115-1']);
    // The staff roster's semesters do not leak into the workshop selector, nor the other way round.
    expect(staffList(services()).objlist).toEqual([]);
  });
});

describe('POST /api/admin/{kind}/add/{semester} (handler logic)', () => {
  const add = (
    kind: 'staff' | 'workshop',
    body: Record<string, unknown>,
    actorAuthorities: AuthorityKey[],
    semester = '115-1',
  ) =>
    addRosterEntry(
      services(),
      { kind, semester, body: rosterAddBodySchema.parse(body), actorAuthorities },
      contextOf(101),
    );

  it('refuses with the spec reasons, then adds, then refuses the same person again', async () => {
    const { pk } = await person();
    expect(await add('staff', { staffPosition: '社長' }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'user_required',
    });
    expect(await add('staff', { userSelected: null, staffPosition: '社長' }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'user_required',
    });
    expect(await add('staff', { userSelected: pk, staffPosition: '  ' }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'position_required',
    });
    expect(await add('staff', { userSelected: pk }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'position_required',
    });
    expect(await add('staff', { userSelected: pk, staffPosition: '社長' }, ['workshopset'])).toEqual({
      status: 'fail',
      reason: 'forbidden',
    });
    expect(await add('staff', { userSelected: 999, staffPosition: '社長' }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect(await services().store.readStream('staff-roster-115-1')).toEqual([]);

    expect(
      await add('staff', { userSelected: { pk, name: 'ignored' }, staffPosition: ' 社長 ' }, ['staffset']),
    ).toEqual({
      status: 'ok',
    });
    // The list shows it (that the answer waits for it is tested under 'read your own writes').
    expect(staffList(services()).objlist).toEqual([expect.objectContaining({ position: '社長' })]);
    expect(await add('staff', { userSelected: pk, staffPosition: '副社長' }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'duplicated',
    });
    const [added] = await services().store.readStream('staff-roster-115-1');
    expect(added?.metadata.actor).toBe('101');
  });

  it('adds to the roster of the semester in the path', async () => {
    const { pk } = await person();
    expect(await add('staff', { userSelected: pk, staffPosition: '社長' }, ['staffset'], '115-2')).toEqual({
      status: 'ok',
    });
    expect(staffList(services()).objlist).toEqual([]);
    expect(staffList(services(), '115-2').objlist).toHaveLength(1);
  });

  it('needs workshopset and a workshop kind 1..5 for workshop entries; a person may take several kinds', async () => {
    const { pk } = await person();
    expect(await add('workshop', { userSelected: pk, workshopKind: 1 }, ['staffset'])).toEqual({
      status: 'fail',
      reason: 'forbidden',
    });
    for (const workshopKind of [undefined, null, 7, '', 'darkroom']) {
      expect(await add('workshop', { userSelected: pk, workshopKind }, ['workshopset'])).toEqual({
        status: 'fail',
        reason: 'workshop_required',
      });
    }
    expect(await add('workshop', { workshopKind: 1 }, ['workshopset'])).toEqual({
      status: 'fail',
      reason: 'user_required',
    });
    expect(await add('workshop', { userSelected: pk, workshopKind: '3' }, ['workshopset'])).toEqual({
      status: 'ok',
    });
    expect(await add('workshop', { userSelected: pk, workshopKind: 1 }, ['workshopset'])).toEqual({
      status: 'ok',
    });
    expect(await add('workshop', { userSelected: pk, workshopKind: 3 }, ['workshopset'])).toEqual({
      status: 'fail',
      reason: 'duplicated',
    });
    expect(workshopList(services()).objlist.map((entry) => entry.kind)).toEqual([1, 3]);
  });

  it('accepts a pk or an object with a pk as the person, and nothing else', () => {
    expect(rosterAddBodySchema.safeParse({ userSelected: 101 }).success).toBe(true);
    expect(rosterAddBodySchema.safeParse({ userSelected: { pk: 101, name: 'x' } }).success).toBe(true);
    expect(rosterAddBodySchema.safeParse({ userSelected: 'U00101' }).success).toBe(false);
    expect(rosterAddBodySchema.safeParse({ userSelected: { name: 'x' } }).success).toBe(false);
    expect(rosterAddBodySchema.safeParse({ userSelected: -1 }).success).toBe(false);
  });
});

describe('POST /api/admin/{kind}/remove (handler logic)', () => {
  it('removes a staff entry posted back as listed, and refuses without staffset or when absent', async () => {
    const { pk } = await person();
    await asSystem.addStaff(pk, '社長');
    const [listed] = staffList(services()).objlist;
    const body = staffRemoveBodySchema.parse(listed);
    expect(
      await removeStaffEntry(services(), { body, actorAuthorities: ['workshopset'] }, contextOf(101)),
    ).toEqual({
      status: 'fail',
      reason: 'forbidden',
    });
    expect(
      await removeStaffEntry(services(), { body, actorAuthorities: ['staffset'] }, contextOf(101)),
    ).toEqual({
      status: 'ok',
    });
    expect(staffList(services()).objlist).toEqual([]);
    expect(
      await removeStaffEntry(services(), { body, actorAuthorities: ['staffset'] }, contextOf(101)),
    ).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });

  it('refuses to remove a workshop entry whose deposit is held, and removes it once unpaid', async () => {
    const { pk } = await person();
    await asSystem.addWorkshop(pk, 1);
    await asSystem.addWorkshop(pk, 3);
    const link = { semester: '115-1', userPk: pk, kind: 1 as const, transferId: 'transfer-1' };
    await settled(services().access.linkWorkshopDeposit(link, contextOf(null)));
    const [paid] = workshopList(services()).objlist;
    const body = workshopRemoveBodySchema.parse(paid);
    const remove = () =>
      removeWorkshopEntry(services(), { body, actorAuthorities: ['workshopset'] }, contextOf(101));
    expect(await remove()).toEqual({ status: 'fail', reason: 'paid' });
    await settled(services().access.unlinkWorkshopDeposit(link, contextOf(null)));
    expect(await remove()).toEqual({ status: 'ok' });
    // Only that kind went; the photography entry stays.
    expect(workshopList(services()).objlist.map((entry) => entry.kind)).toEqual([3]);
    expect(await remove()).toEqual({ status: 'fail', reason: 'notfound' });
    expect(workshopRemoveBodySchema.safeParse({ user: { pk }, semester: '115-1' }).success).toBe(false);
  });
});

describe('GET /api/admin/auth', () => {
  it('needs a login and the auth authority', async () => {
    expect((await portal.client().get('/api/admin/auth')).statusCode).toBe(401);
    const { client } = await person();
    const refused = await client.get('/api/admin/auth');
    expect(refused.statusCode).toBe(403);
    expect(refused.body.reason).toBe('forbidden');
  });

  it('does not give staff who are not members the authorities of their position keyword', async () => {
    const { pk, client } = await person();
    await asSystem.addStaff(pk, '社長');
    await asSystem.grant('auth', { keyword: '社長' });
    expect((await client.get('/api/admin/auth')).statusCode).toBe(403);
  });

  it('lists every authority in the viewer’s language and the grants in force per key', async () => {
    const admin = await activeStaff('管理員');
    const treasurer = await person('總務甲');
    await asSystem.grant('auth', { userPk: admin.pk });
    await asSystem.addStaff(treasurer.pk, '總務長');
    await asSystem.grant('addvalue', { keyword: '總務' });
    await asSystem.grant('addvalue', { userPk: treasurer.pk });

    const { statusCode, body } = await admin.client.get('/api/admin/auth');
    expect(statusCode).toBe(200);
    const authlist = body.authlist as { key: string; title: string; desc: string }[];
    expect(authlist).toHaveLength(19);
    expect(authlist[0]).toEqual({ key: 'system', title: '系統', desc: expect.any(String) });
    const authdict = body.authdict as Record<string, { userlist: unknown[]; keywordlist: unknown[] }>;
    expect(Object.keys(authdict).sort()).toEqual(authlist.map((entry) => entry.key).sort());
    expect(authdict.auth).toEqual({
      userlist: [
        { pk: 1, name: '管理員', user: { pk: admin.pk, pkstr: expect.any(String), name: '管理員' } },
      ],
      keywordlist: [],
    });
    expect(authdict.addvalue).toEqual({
      userlist: [{ pk: 3, name: '總務甲', user: expect.objectContaining({ pk: treasurer.pk }) }],
      keywordlist: [{ pk: 2, name: '總務' }],
    });
    expect(authdict.system).toEqual({ userlist: [], keywordlist: [] });

    await admin.client.put('/api/user/settings/update', { settings: { lang: 'en' } });
    const english = await admin.client.get('/api/admin/auth');
    expect((english.body.authlist as { title: string }[])[0]?.title).toBe('System');
  });
});

describe('POST /api/admin/auth', () => {
  let admin: { pk: number; client: TestClient };
  beforeEach(async () => {
    admin = await activeStaff('管理員');
    await asSystem.grant('auth', { userPk: admin.pk });
  });

  const post = (body: unknown) => admin.client.post('/api/admin/auth', body);

  it('grants to a user, who has it at once, and refuses the same grant again', async () => {
    const other = await person('乙');
    expect((await post({ cmd: 'add', key: 'transfer', userpk: other.pk })).body).toEqual({ status: 'ok' });
    const check = await other.client.get('/api/user/check');
    expect((check.body.user as { authlist: string[] }).authlist).toEqual(['transfer']);
    expect((await post({ cmd: 'add', key: 'transfer', userpk: other.pk })).body).toEqual({
      status: 'fail',
      reason: 'duplicated',
    });
    const events = await portal.store.readStream('authority-grants');
    expect(events.at(-1)?.metadata.actor).toBe(String(admin.pk));
  });

  it.each([
    ['an unknown key', { cmd: 'add', key: 'superuser', userpk: 101 }, 'unknown_key'],
    ['neither a user nor a keyword', { cmd: 'add', key: 'stock' }, 'missing'],
    [
      'a blank keyword and no user',
      { cmd: 'add', key: 'stock', userpk: null, staffkeyword: '  ' },
      'missing',
    ],
    [
      'both a user and a keyword',
      { cmd: 'add', key: 'stock', userpk: 101, staffkeyword: '社長' },
      'ambiguous',
    ],
    ['an unknown user', { cmd: 'add', key: 'stock', userpk: 999 }, 'notfound'],
    [
      'a keyword in no position title',
      { cmd: 'add', key: 'stock', staffkeyword: '器材' },
      'positionnotexists',
    ],
    ['deleting a grant that is not in force', { cmd: 'delete', pk: 99 }, 'notfound'],
  ])('refuses %s', async (_label, body, reason) => {
    const before = (await portal.store.readStream('authority-grants')).length;
    const { statusCode, body: answer } = await post(body);
    expect(statusCode).toBe(200);
    expect(answer).toEqual({ status: 'fail', reason });
    expect(await portal.store.readStream('authority-grants')).toHaveLength(before);
  });

  it('grants to a position keyword once a roster of the offered semesters has a matching title', async () => {
    const staff = await person();
    expect((await post({ cmd: 'add', key: 'stock', staffkeyword: '器材' })).body.reason).toBe(
      'positionnotexists',
    );
    await asSystem.addStaff(staff.pk, '器材長', '115-2');
    expect((await post({ cmd: 'add', key: 'stock', staffkeyword: '器材' })).body).toEqual({ status: 'ok' });
    const { body } = await admin.client.get('/api/admin/auth');
    const authdict = body.authdict as Record<string, { keywordlist: { name: string }[] }>;
    expect(authdict.stock?.keywordlist).toEqual([{ pk: 2, name: '器材' }]);
  });

  it('deletes a grant by its pk; deleting one’s own auth grant closes the page', async () => {
    const other = await person('乙');
    await post({ cmd: 'add', key: 'sql', userpk: other.pk });
    expect((await post({ cmd: 'delete', pk: 2 })).body).toEqual({ status: 'ok' });
    expect(
      ((await other.client.get('/api/user/check')).body.user as { authlist: string[] }).authlist,
    ).toEqual([]);
    expect((await post({ cmd: 'delete', pk: 2 })).body.reason).toBe('notfound');
    expect((await post({ cmd: 'delete', pk: 1 })).body).toEqual({ status: 'ok' });
    expect((await admin.client.get('/api/admin/auth')).statusCode).toBe(403);
  });

  it('answers 400 for a body that does not parse', async () => {
    for (const body of [
      { cmd: 'grant', key: 'sql' },
      { cmd: 'delete' },
      { cmd: 'add', key: 'sql', userpk: 'x' },
    ]) {
      const { statusCode, body: answer } = await post(body);
      expect(statusCode).toBe(400);
      expect(answer.reason).toBe('badrequest');
    }
  });
});

/** The store, with its subscription (what feeds the read models) running `lagMs` behind every append. */
function laggingStore(store: EventStore, lagMs: number): EventStore {
  return {
    ...store,
    kind: store.kind,
    subscribeToAll: (handler, options) =>
      store.subscribeToAll(async (event) => {
        await new Promise((resolve) => setTimeout(resolve, lagMs));
        await handler(event);
      }, options),
  };
}

describe('read your own writes', () => {
  beforeEach(async () => {
    await portal.close();
    portal = await createTestPortal({ store: laggingStore(openSqliteEventStore({ file: ':memory:' }), 40) });
  });

  it('answers a roster change only once the lists show it', async () => {
    const { pk } = await person();
    const body = rosterAddBodySchema.parse({ userSelected: pk, staffPosition: '社長' });
    expect(
      await addRosterEntry(
        services(),
        { kind: 'staff', semester: '115-1', body, actorAuthorities: ['staffset'] },
        contextOf(101),
      ),
    ).toEqual({ status: 'ok' });
    expect(staffList(services()).objlist).toHaveLength(1);
    const listed = staffRemoveBodySchema.parse(staffList(services()).objlist[0]);
    await removeStaffEntry(services(), { body: listed, actorAuthorities: ['staffset'] }, contextOf(101));
    expect(staffList(services()).objlist).toEqual([]);
  });

  it('answers a grant only once the grantee’s authlist shows it', async () => {
    const admin = await activeStaff('管理員');
    const other = await person('乙');
    await asSystem.grant('auth', { userPk: admin.pk });
    await admin.client.post('/api/admin/auth', { cmd: 'add', key: 'sql', userpk: other.pk });
    expect(
      ((await other.client.get('/api/user/check')).body.user as { authlist: string[] }).authlist,
    ).toEqual(['sql']);
  });
});

describe('API surface', () => {
  it('documents the access endpoints in OpenAPI', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/auth',
        '/api/admin/staff/remove',
        '/api/admin/workshop/add/{semester}',
      ]),
    );
  });
});
