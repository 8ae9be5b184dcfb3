import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandContext, StateCache } from '../commands.ts';
import { instrument } from '../eventstore/faults.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import {
  accessEventSchema,
  AUTHORITY_GRANTS_STREAM,
  staffRosterStream,
  workshopRosterStream,
} from './events.ts';
import { Access } from './service.ts';
import { workshopEntryKey } from './workshop-roster.ts';

const semester = '115-1';
const lastSemester = '114-2';
const staffSetter = ['staffset'] as const;
const authHolder = ['auth'] as const;

let counter = 0;
const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  now: new Date('2026-11-22T04:00:00.000Z'),
  actor: '7',
  correlationId: `correlation-${++counter}`,
  ...overrides,
});

/**
 * A handle on the store as another API process would have it: its own stream locks (commands on one
 * handle take turns per stream; across handles only the expected revision guards), counting refused
 * appends, and reads that answer a turn of the event loop late so that concurrent commands really overlap.
 */
function processHandle(store: EventStore) {
  const handle = instrument(store);
  handle.readLatency = true;
  return handle;
}

describe('Access service on SQLite', () => {
  let store: EventStore;

  beforeEach(() => {
    store = openSqliteEventStore({ file: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('adds and removes staff, and reads the roster and isstaff back', async () => {
    const access = new Access(store, new StateCache());
    const added = await access.addStaff(
      { semester, userPk: 101, position: '總務長', actorAuthorities: staffSetter },
      context(),
    );
    expect(added).toMatchObject({ ok: true });
    expect(added.ok && added.position).toBeGreaterThan(0);
    expect(await access.isStaff(101, semester)).toBe(true);
    expect(await access.isStaff(101, lastSemester)).toBe(false);

    expect(
      await access.addStaff(
        { semester, userPk: 101, position: '社長', actorAuthorities: staffSetter },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'duplicated' });
    expect(
      await access.addStaff(
        { semester, userPk: 102, position: '', actorAuthorities: staffSetter },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'position_required' });
    expect(
      await access.addStaff({ semester, userPk: 102, position: '社長', actorAuthorities: [] }, context()),
    ).toEqual({
      ok: false,
      reason: 'forbidden',
    });

    expect(
      await access.removeStaff({ semester, userPk: 101, actorAuthorities: staffSetter }, context()),
    ).toMatchObject({
      ok: true,
    });
    expect(await access.isStaff(101, semester)).toBe(false);
    expect(
      await access.removeStaff({ semester, userPk: 101, actorAuthorities: staffSetter }, context()),
    ).toEqual({
      ok: false,
      reason: 'notfound',
    });

    const stored = await store.readStream(staffRosterStream(semester));
    expect(stored.map((event) => event.type)).toEqual(['StaffAdded', 'StaffRemoved']);
    expect(stored[0]?.metadata.actor).toBe('7');
    for (const event of stored) expect(() => accessEventSchema.parse(event)).not.toThrow();
  });

  it('refuses a malformed semester tag as a programmer error', async () => {
    const access = new Access(store);
    await expect(
      access.addStaff(
        { semester: '2026', userPk: 101, position: '社長', actorAuthorities: staffSetter },
        context(),
      ),
    ).rejects.toThrow(/semester/);
  });

  it('two concurrent adds of the same staff member: exactly one succeeds, the other gets duplicated', async () => {
    // Two services with their own caches and their own store handles, as two API processes would be
    // (commands on one handle take turns per stream; across handles only the expected revision guards).
    const one = processHandle(store);
    const other = processHandle(store);
    const first = new Access(one.store, new StateCache());
    const second = new Access(other.store, new StateCache());
    const results = await Promise.all([
      first.addStaff({ semester, userPk: 101, position: '總務長', actorAuthorities: staffSetter }, context()),
      second.addStaff(
        { semester, userPk: 101, position: '學術長', actorAuthorities: staffSetter },
        context(),
      ),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'duplicated' }]);
    // Both decided against the empty roster; the loser's append was refused and it decided again.
    expect(one.conflicts + other.conflicts).toBe(1);
    const stored = await store.readStream(staffRosterStream(semester));
    expect(stored).toHaveLength(1);
    expect([...(await first.staffRoster(semester)).entries.values()]).toEqual([
      { userPk: 101, position: (stored[0]!.data as { position: string }).position },
    ]);
  });

  it('several concurrent adds of different people all succeed (each loser decides again)', async () => {
    const handles = Array.from({ length: 5 }, () => processHandle(store));
    const results = await Promise.all(
      handles.map((handle, index) =>
        new Access(handle.store, new StateCache()).addStaff(
          { semester, userPk: 200 + index, position: `組員${index}`, actorAuthorities: staffSetter },
          context(),
        ),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await new Access(store).staffRoster(semester)).entries.size).toBe(5);
    // All five read the empty roster: every append but the first was refused at least once.
    const conflicts = handles.reduce((sum, handle) => sum + handle.conflicts, 0);
    expect(conflicts).toBeGreaterThanOrEqual(4);
  });

  it('adds workshop entries, links and unlinks the deposit, and refuses removing a paid entry', async () => {
    const access = new Access(store, new StateCache());
    const setter = ['workshopset'] as const;
    expect(
      await access.addWorkshopEntry({ semester, userPk: 101, kind: 1, actorAuthorities: setter }, context()),
    ).toMatchObject({ ok: true });
    expect(
      await access.addWorkshopEntry({ semester, userPk: 101, kind: 1, actorAuthorities: setter }, context()),
    ).toEqual({ ok: false, reason: 'duplicated' });
    expect(
      await access.addWorkshopEntry(
        { semester, userPk: 101, kind: null, actorAuthorities: setter },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'workshop_required' });

    expect(
      await access.linkWorkshopDeposit(
        { semester, userPk: 101, kind: 1, transferId: 'transfer-1' },
        context(),
      ),
    ).toMatchObject({ ok: true });
    const paid = (await access.workshopRoster(semester)).entries.get(workshopEntryKey(101, 1));
    expect(paid?.deposit).toEqual({ status: 'paid', transferId: 'transfer-1' });
    expect(
      await access.removeWorkshopEntry(
        { semester, userPk: 101, kind: 1, actorAuthorities: setter },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'paid' });

    expect(
      await access.unlinkWorkshopDeposit(
        { semester, userPk: 101, kind: 1, transferId: 'transfer-1' },
        context(),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await access.removeWorkshopEntry(
        { semester, userPk: 101, kind: 1, actorAuthorities: setter },
        context(),
      ),
    ).toMatchObject({ ok: true });
    const stored = await store.readStream(workshopRosterStream(semester));
    expect(stored.map((event) => event.type)).toEqual([
      'WorkshopEntryAdded',
      'WorkshopDepositLinked',
      'WorkshopDepositUnlinked',
      'WorkshopEntryRemoved',
    ]);
  });

  it('grants to users and keywords, checks positions on known rosters, and gives the union as authlist', async () => {
    const access = new Access(store, new StateCache());
    await access.addStaff(
      { semester, userPk: 101, position: '總務長', actorAuthorities: staffSetter },
      context(),
    );
    await access.addStaff(
      { semester: lastSemester, userPk: 102, position: '公關長', actorAuthorities: staffSetter },
      context(),
    );
    const semesters = [lastSemester, semester];

    const personal = await access.addGrant(
      { key: 'transfer', userPk: 101, staffKeyword: null, actorAuthorities: authHolder, semesters },
      context(),
    );
    expect(personal).toMatchObject({ ok: true, grantPk: 1 });
    const byPosition = await access.addGrant(
      { key: 'addvalue', userPk: null, staffKeyword: '總務', actorAuthorities: authHolder, semesters },
      context(),
    );
    expect(byPosition).toMatchObject({ ok: true, grantPk: 2 });
    // A position only on last semester's roster is known.
    expect(
      await access.addGrant(
        { key: 'sql', userPk: null, staffKeyword: '公關', actorAuthorities: authHolder, semesters },
        context(),
      ),
    ).toMatchObject({ ok: true, grantPk: 3 });
    expect(
      await access.addGrant(
        { key: 'sql', userPk: null, staffKeyword: '器材', actorAuthorities: authHolder, semesters },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'positionnotexists' });
    expect(
      await access.addGrant(
        { key: 'addvalue', userPk: null, staffKeyword: '總務', actorAuthorities: authHolder, semesters },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'duplicated' });
    expect(
      await access.addGrant(
        { key: 'addvalue', userPk: null, staffKeyword: null, actorAuthorities: authHolder, semesters },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'missing' });
    expect(
      await access.addGrant(
        { key: 'addvalue', userPk: 101, staffKeyword: null, actorAuthorities: ['staffset'], semesters },
        context(),
      ),
    ).toEqual({ ok: false, reason: 'forbidden' });

    expect(await access.authoritiesOf({ userPk: 101, currentSemester: semester, isMember: true })).toEqual([
      'transfer',
      'addvalue',
    ]);
    expect(await access.authoritiesOf({ userPk: 101, currentSemester: semester, isMember: false })).toEqual([
      'transfer',
    ]);
    // 102 held 公關長 last semester only: the sql grant to 公關 gives them nothing now.
    expect(await access.authoritiesOf({ userPk: 102, currentSemester: semester, isMember: true })).toEqual(
      [],
    );

    expect(await access.deleteGrant({ grantPk: 2, actorAuthorities: authHolder }, context())).toMatchObject({
      ok: true,
    });
    expect(await access.deleteGrant({ grantPk: 2, actorAuthorities: authHolder }, context())).toEqual({
      ok: false,
      reason: 'notfound',
    });
    expect(await access.authoritiesOf({ userPk: 101, currentSemester: semester, isMember: true })).toEqual([
      'transfer',
    ]);
    const stored = await store.readStream(AUTHORITY_GRANTS_STREAM);
    expect(stored.map((event) => event.type)).toEqual([
      'AuthorityGranted',
      'AuthorityGranted',
      'AuthorityGranted',
      'AuthorityRevoked',
    ]);
  });

  it('concurrent grants get distinct sequential pks; the same grant twice at once is made once', async () => {
    const one = processHandle(store);
    const other = processHandle(store);
    const first = new Access(one.store, new StateCache());
    const second = new Access(other.store, new StateCache());
    const grant = (access: Access, key: string, userPk: number) =>
      access.addGrant(
        { key, userPk, staffKeyword: null, actorAuthorities: authHolder, semesters: [semester] },
        context(),
      );
    const distinct = await Promise.all([grant(first, 'stock', 101), grant(second, 'sql', 101)]);
    expect(distinct.map((result) => result.ok && result.grantPk).sort()).toEqual([1, 2]);
    // Both took pk 1 first: one append was refused and that grant decided again (and took 2).
    expect(one.conflicts + other.conflicts).toBe(1);

    const same = await Promise.all([grant(first, 'point', 102), grant(second, 'point', 102)]);
    expect(same.filter((result) => result.ok)).toHaveLength(1);
    expect(same.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'duplicated' }]);
    expect(one.conflicts + other.conflicts).toBe(2);
    expect((await first.grants()).grants.size).toBe(3);
  });

  it('a request retried concurrently with the same commandId is written once and both calls get its grant pk', async () => {
    const one = processHandle(store);
    const other = processHandle(store);
    const input = {
      key: 'nas',
      userPk: 103,
      staffKeyword: null,
      actorAuthorities: authHolder,
      semesters: [semester],
    } as const;
    const results = await Promise.all([
      new Access(one.store).addGrant(input, context({ commandId: 'request-1' })),
      new Access(other.store).addGrant(input, context({ commandId: 'request-1' })),
    ]);
    // Both decided and appended (the race happened); the store kept the first and answered the second
    // with it, since the event ids derive from the commandId.
    expect([one.appends, other.appends]).toEqual([1, 1]);
    expect(results).toEqual([
      { ok: true, position: expect.any(Number), grantPk: 1 },
      { ok: true, position: expect.any(Number), grantPk: 1 },
    ]);
    expect(await store.readStream(AUTHORITY_GRANTS_STREAM)).toHaveLength(1);
  });
});
