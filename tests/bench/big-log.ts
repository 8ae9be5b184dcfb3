// A club's log over the years, written through the domain's own services (registration, logins,
// top-ups, transfers, member fees, points), so every event has the real types, streams and data the
// projections see in production. Only the password hash is a constant (argon2 would take hours for
// thousands of members) and the store skips fsync while generating (a bench fixture, not money).
//
// Per simulated day, over the academic years until the target is reached: a few new members (more in
// the first four weeks of a semester), logins by a tenth of the members three times over, cash top-ups at
// the counter, transfers between members, member fees in the first weeks of each semester (the first at
// the counter, later ones from the balance), and contribution points. The million-event log comes out as
// logins 30%, transfer debits and credits 42% (member transfers, top-ups and fees), points 10% (record and
// id), dues 1%, registrations 1% (pk, unique claims, user).
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts, type PasswordHasher } from '@club/core/accounts/service';
import { StateCache } from '@club/core/commands';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { Ledger } from '@club/core/ledger/service';
import { Points } from '@club/core/points/service';
import { semesterOf, taipeiDate } from '@club/core/semester';

/** Bumped whenever the generator changes, so a cached log of an older generator is not reused. */
const GENERATOR_VERSION = 1;
const DAY_MS = 24 * 60 * 60 * 1000;
const CONCURRENCY = 64;
const START = new Date('2022-08-01T02:00:00.000Z');
/** The club's first staff member, who tops up and gives points (pk 101, the first registration). */
const STAFF_PK = 101;

const constantHasher: PasswordHasher = {
  hash: async () => '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$YmVuY2hoYXNoYmVuY2hoYXNoYmVuY2hoYXNo',
  verify: async () => true,
};

/** A deterministic pseudo-random sequence (mulberry32), so every run generates the same log. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function pool(tasks: Array<() => Promise<unknown>>, concurrency = CONCURRENCY): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}

const mustBeOk = (what: string, result: { ok: boolean }) => {
  if (!result.ok) throw new Error(`big log: ${what} refused: ${JSON.stringify(result)}`);
};

/** Writes about `targetEvents` events into `store` (an empty store). */
export async function generateClubLog(store: EventStore, targetEvents: number): Promise<void> {
  const cache = new StateCache();
  const accounts = new Accounts(store, constantHasher, cache);
  const ledger = new Ledger(store, { cache });
  const pointsGiven = new Map<string, number>();
  const points = new Points(
    store,
    {
      // The generator gives at most one record per recipient and day, so the day's total is its own.
      otherPointsSameDayHundredths: () => 0,
      caughtUp: async () => undefined,
    },
    cache,
  );
  const next = random(20221101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const members: number[] = [];
  const balances = new Map<number, number>();
  const feePaid = new Set<string>();
  let registered = 0;
  let operation = 0;
  const context = (now: Date, actor: number | null) => ({
    now,
    actor: actor === null ? null : String(actor),
    correlationId: `big-log-${++operation}`,
  });

  const register = async (now: Date) => {
    const index = ++registered;
    const result = await accounts.register(
      {
        identity: 1,
        name: `社員${index}`,
        sex: index % 2 === 0 ? '1' : '2',
        stuid: `B${String(10_000_000 + index)}`,
        email: `member${index}@example.com`,
        mobile: `09${String(10_000_000 + index)}`,
        password: 'secret1',
        password2: 'secret1',
        ruleagree: true,
      },
      context(now, null),
    );
    mustBeOk('registration', result);
    if (result.ok) {
      members.push(result.pk);
      balances.set(result.pk, 0);
    }
  };

  const login = (now: Date, pk: number) =>
    accounts.recordLogin(
      { userPk: pk, identifier: '', method: 1, scope: 0, ip: '10.0.0.1', status: 1, first: false },
      { ...context(now, pk), scope: 'main', ip: '10.0.0.1' },
    );

  const topUp = async (now: Date, pk: number) => {
    const amountCents = pick([500, 1000, 2000]) * 100;
    mustBeOk(
      'top-up',
      await ledger.addValue({
        now,
        actorPk: STAFF_PK,
        transferId: `big-topup-${++operation}`,
        staffPk: STAFF_PK,
        userPk: pk,
        amountCents,
        summary: '現金儲值',
      }),
    );
    // Money is counted as spendable only once it has arrived; a debit is reserved before it is asked.
    balances.set(pk, (balances.get(pk) ?? 0) + amountCents);
  };

  const transfer = async (now: Date, from: number, to: number) => {
    const amountCents = pick([10, 20, 35, 50, 80, 120]) * 100;
    if (from === to || (balances.get(from) ?? 0) < amountCents) return;
    balances.set(from, (balances.get(from) ?? 0) - amountCents);
    mustBeOk(
      'transfer',
      await ledger.transfer({
        now,
        actorPk: from,
        transferId: `big-transfer-${++operation}`,
        from,
        to,
        amountCents,
        summary: pick(['午餐分攤', '底片錢', '沖洗費用', '外拍車資']),
        allowDebt: false,
      }),
    );
    balances.set(to, (balances.get(to) ?? 0) + amountCents);
  };

  // A member's first fee is cash taken at the counter; later semesters are paid from the balance.
  const everMember = new Set<number>();
  const payFee = async (now: Date, pk: number) => {
    const semester = semesterOf(now).tag;
    const key = `${pk}|${semester}`;
    if (feePaid.has(key) || pk === STAFF_PK) return;
    if (!everMember.has(pk)) {
      feePaid.add(key);
      mustBeOk(
        'member fee at the counter',
        await ledger.receiveMemberFee({
          now,
          actorPk: STAFF_PK,
          collectionId: `big-fee-${key}`,
          staffPk: STAFF_PK,
          payer: { pk, isCurrentStaff: false, errormember: false, needsReview: false, identifiedBy: 'stuid' },
          memberfeeSemester: semester,
          workshops: [],
          totalNeedPayCents: 60_000,
        }),
      );
      everMember.add(pk);
      return;
    }
    if ((balances.get(pk) ?? 0) < 60_000) return;
    feePaid.add(key);
    balances.set(pk, (balances.get(pk) ?? 0) - 60_000);
    mustBeOk(
      'member fee',
      await ledger.payMemberFee({
        now,
        actorPk: pk,
        claimId: `big-fee-${key}`,
        userPk: pk,
        semester,
        allowDebt: false,
        errormember: false,
        valid: true,
      }),
    );
  };

  const givePoints = async (now: Date, pk: number) => {
    const workdate = taipeiDate(now);
    const key = `${pk}|${workdate}`;
    if (pointsGiven.has(key)) return;
    pointsGiven.set(key, 1);
    mustBeOk(
      'points',
      await points.request(
        {
          actorPk: STAFF_PK,
          actorIsStaff: true,
          actorHasPointAuthority: true,
          workdate,
          recipientPk: pk,
          kind: 'club_room',
          reason: '社辦值班',
          amountHundredths: pick([100, 200, 300]),
        },
        context(now, STAFF_PK),
      ),
    );
  };

  // The first member runs the club; a few dozen more join on the first day.
  for (let index = 0; index < 40; index += 1) await register(START);

  for (let day = 0; (await store.headPosition()) < targetEvents; day += 1) {
    const now = new Date(START.getTime() + day * DAY_MS + Math.floor(next() * 10 * 60 * 60 * 1000));
    const semesterStart = semesterOf(now).start.getTime();
    const weeksIntoSemester = (now.getTime() - semesterStart) / (7 * DAY_MS);
    const busy = weeksIntoSemester < 4;
    const tasks: Array<() => Promise<unknown>> = [];
    const newMembers = busy ? 8 : 1;
    for (let index = 0; index < newMembers; index += 1) tasks.push(() => register(now));
    const active = Math.max(10, Math.floor(members.length / 10));
    for (let index = 0; index < active * 3; index += 1) tasks.push(() => login(now, pick(members)));
    for (let index = 0; index < active / 2; index += 1) tasks.push(() => topUp(now, pick(members)));
    for (let index = 0; index < active * 1.6; index += 1)
      tasks.push(() => transfer(now, pick(members), pick(members)));
    if (busy)
      for (let index = 0; index < active / 2; index += 1) tasks.push(() => payFee(now, pick(members)));
    for (let index = 0; index < active / 2; index += 1) tasks.push(() => givePoints(now, pick(members)));
    await pool(tasks);
  }
}

/**
 * The path of a generated log of at least `targetEvents` events, generated once per generator version
 * into the temp folder and reused by later runs (generating a million events takes minutes).
 */
export async function clubLogFile(targetEvents: number): Promise<string> {
  const folder = join(tmpdir(), 'club-bench-logs');
  const file = join(folder, `club-log-v${GENERATOR_VERSION}-${targetEvents}.sqlite3`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const store = openSqliteEventStore({ file: partial, synchronous: 'OFF' });
  try {
    await generateClubLog(store, targetEvents);
  } finally {
    await store.close();
  }
  renameSync(partial, file);
  return file;
}
