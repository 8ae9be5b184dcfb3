// Reservations against a real SQLite store: the service's rules end to end, and races. Two "processes" in
// one test are two instrumented handles on one store (each its own stream locks and cache, so only the
// expected revision keeps them apart), and then real child processes on one file (race-worker.ts). Every
// race prints and requires the expected-revision conflicts it provoked, and checks from the log that no
// room-slot is held by two live reservations and every claim belongs to a reservation that holds it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateCache } from '../commands.ts';
import { instrument } from '../eventstore/faults.ts';
import type { EventStore } from '../eventstore/port.ts';
import { FakeEventStoreDbClient } from '../eventstore/eventstoredb-fake.ts';
import { openEventStoreDbWithClient } from '../eventstore/eventstoredb.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { ABANDONED_CLAIM_MS, heldSlots, Reservations, type ReserveRequest } from './service.ts';
import { addRaceRooms, foldLog, RACE_ROOMS, raceContext } from './testing.ts';
import { slotStream } from './events.ts';

const now = new Date('2026-11-23T10:07:00+08:00');
const day = '2026-11-24';
const member = (pk: number) => ({ pk, isStaff: false });
const request = (pk: number, rooms: string[], hourRange: [number, number]): ReserveRequest => ({
  actor: member(pk),
  staffEntry: false,
  rooms,
  day,
  hourRange,
  comment: '',
});

/** No room-slot held by two live reservations; every live reservation's claims are its own; no stray claims. */
async function expectOneHolderPerSlot(store: EventStore) {
  const { reservations, slots, holders } = await foldLog(store);
  for (const [key, ids] of holders) {
    expect(ids, `room-slot ${key}`).toHaveLength(1);
    expect(slots.get(key), `claim of ${key}`).toEqual({ status: 'held', reservationId: ids[0] });
  }
  for (const [key, state] of slots)
    if (state.status === 'held')
      expect(holders.get(key), `claim of ${key} without its reservation`).toEqual([state.reservationId]);
  return { reservations, holders };
}

// The same rules and races on both adapters: SQLite, and EventStoreDB over the fake client (the adapter's
// own code; no server runs here). Only the port is used, so the claims hold on either.
const adapters: [string, () => EventStore][] = [
  ['SQLite', () => openSqliteEventStore({ file: ':memory:' })],
  [
    'EventStoreDB (fake client)',
    () => openEventStoreDbWithClient(new FakeEventStoreDbClient().client, { onResubscribe: () => undefined }),
  ],
];

describe.each(adapters)('Reservations on %s', (_name, open) => {
  let store: EventStore;
  beforeEach(async () => {
    store = open();
    await addRaceRooms(store, now);
  });
  afterEach(async () => {
    await store.close();
  });

  it('makes, refuses a taken slot, changes (gains and gives up slots) and deletes', async () => {
    const service = new Reservations(store, new StateCache());
    const first = await service.make(request(101, ['a', 'b'], [720, 900]), raceContext(now, 'q1'));
    expect(first).toMatchObject({ ok: true });
    const id = first.ok ? first.id : '';
    // A retry of the same request answers the same reservation.
    expect(await service.make(request(101, ['a', 'b'], [720, 900]), raceContext(now, 'q1'))).toMatchObject({
      ok: true,
      id,
    });

    const clash = await service.make(request(102, ['b', 'c'], [840, 960]), raceContext(now, 'q2'));
    expect(clash).toEqual({ ok: false, reason: 'conflict', taken: ['b|202611241400', 'b|202611241430'] });
    // The refused request holds nothing: c 14:00-16:00 is still free.
    expect(await service.make(request(103, ['c'], [840, 960]), raceContext(now, 'q3'))).toMatchObject({
      ok: true,
    });

    // Someone else cannot change it; an old version is stale.
    expect(await service.change(id, 1, request(102, ['a'], [720, 780]), raceContext(now, 'q4'))).toEqual({
      ok: false,
      reason: 'notowner',
    });
    const changed = await service.change(id, 1, request(101, ['a'], [780, 1020]), raceContext(now, 'q5'));
    expect(changed).toMatchObject({ ok: true, id });
    expect(await service.change(id, 1, request(101, ['a'], [780, 840]), raceContext(now, 'q6'))).toEqual({
      ok: false,
      reason: 'stale',
    });
    // It gave up b and a 12:00-13:00, so another member gets them; it kept a 13:00-17:00.
    expect(await service.make(request(104, ['a', 'b'], [720, 780]), raceContext(now, 'q7'))).toMatchObject({
      ok: true,
    });
    expect(await service.make(request(104, ['a'], [960, 1020]), raceContext(now, 'q8'))).toMatchObject({
      ok: false,
      reason: 'conflict',
    });

    expect(await service.delete(id, 2, member(101), raceContext(now, 'q9'))).toMatchObject({ ok: true });
    expect(await service.make(request(104, ['a'], [960, 1020]), raceContext(now, 'q10'))).toMatchObject({
      ok: true,
    });
    await expectOneHolderPerSlot(store);
  });

  it('refuses unknown rooms, a staff entry from a member, and times outside the rules', async () => {
    const service = new Reservations(store);
    expect(await service.make(request(101, ['zz'], [720, 900]), raceContext(now, 'x1'))).toEqual({
      ok: false,
      reason: 'noroom',
    });
    expect(
      await service.make({ ...request(101, ['a'], [720, 900]), staffEntry: true }, raceContext(now, 'x2')),
    ).toEqual({ ok: false, reason: 'forbidden' });
    expect(await service.make(request(101, ['a'], [720, 1350]), raceContext(now, 'x3'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await service.make({ ...request(101, ['a'], [720, 900]), day: '2026-12-08' }, raceContext(now, 'x4')),
    ).toEqual({ ok: false, reason: 'outofrange' });
  });

  it('takes over a claim a crashed request left behind, but only once it is a minute old', async () => {
    const service = new Reservations(store);
    // A crash between the claim and the reservation's event: the claim stream holds a reservation that never appeared.
    await store.append(
      slotStream('a', '202611241200'),
      [
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'SlotClaimed',
          data: { room: 'a', slot: '202611241200', reservationId: 'rcrashed' },
          metadata: { actor: '9', correlationId: 'c', causationId: null, time: now.toISOString() },
        },
      ],
      'no_stream',
    );
    expect(await service.make(request(101, ['a'], [720, 780]), raceContext(now, 'y1'))).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    const later = new Date(now.getTime() + ABANDONED_CLAIM_MS + 1000);
    expect(await service.make(request(101, ['a'], [720, 780]), raceContext(later, 'y2'))).toMatchObject({
      ok: true,
    });
    await expectOneHolderPerSlot(store);
  });

  it('two processes race 40 overlapping reservations: one holder per room-slot, conflicts counted', async () => {
    const handles = [instrument(store), instrument(store)];
    for (const handle of handles) handle.readLatency = true;
    const services = handles.map((handle) => new Reservations(handle.store, new StateCache()));
    // Everyone wants part of 12:00-16:00 in one or two of three rooms: plenty of overlap.
    const requests = Array.from({ length: 40 }, (_, index) => {
      const start = 720 + (index % 5) * 30;
      const rooms =
        index % 3 === 0 ? [RACE_ROOMS[index % 3]!, RACE_ROOMS[(index + 1) % 3]!] : [RACE_ROOMS[index % 3]!];
      return request(200 + index, rooms, [start, start + 90]);
    });
    const answers = await Promise.all(
      requests.map((req, index) =>
        services[index % 2]!.make(req, raceContext(now, `race-${index}`, String(req.actor.pk))),
      ),
    );
    const ok = answers.filter((answer) => answer.ok).length;
    const refused = answers.filter((answer) => !answer.ok);
    const conflicts = handles[0]!.conflicts + handles[1]!.conflicts;
    console.log(
      `in-process race: ${ok} made, ${refused.length} refused conflict, ${conflicts} expected-revision conflicts`,
    );
    expect(refused.every((answer) => !answer.ok && answer.reason === 'conflict')).toBe(true);
    expect(ok).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(conflicts).toBeGreaterThan(0);
    const { reservations } = await expectOneHolderPerSlot(store);
    // Every acknowledged reservation is in the log and live.
    for (const answer of answers) if (answer.ok) expect(reservations.get(answer.id)?.status).toBe('active');
    expect([...reservations.values()].filter((state) => state.status === 'active')).toHaveLength(ok);
    // Each of the 3 rooms x 8 slots of 12:00-16:00 wanted by several: a made reservation's slots are its own.
    for (const state of reservations.values())
      if (state.status === 'active') expect(heldSlots(state.reservation).length).toBeGreaterThan(0);
  });
});

describe('several processes on one SQLite file', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'club-reserve-race-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('three processes reserve the same slots at once: exactly one holder per room-slot', async () => {
    const file = join(directory, 'events.sqlite3');
    const setup = openSqliteEventStore({ file });
    await addRaceRooms(setup, now);
    await setup.close();
    const worker = new URL('./race-worker.ts', import.meta.url).pathname;
    const runs = [0, 1, 2].map((process) => {
      const requests = Array.from({ length: 20 }, (_, index) => {
        const start = 720 + ((index + process) % 4) * 30;
        return {
          requestId: `p${process}-${index}`,
          userPk: 300 + process * 100 + index,
          rooms: index % 2 === 0 ? ['a'] : ['a', 'b'],
          day,
          hourRange: [start, start + 60],
        };
      });
      return startWorker(worker, { file, now: now.toISOString(), requests });
    });
    await Promise.all(runs.map((run) => run.ready));
    for (const run of runs) run.go();
    const results = await Promise.all(runs.map((run) => run.done));
    const lines = results.flatMap((result) => result.lines);
    for (const result of results) expect(result.exitCode).toBe(0);
    const made = lines.filter((line) => line.startsWith('ok '));
    const refused = lines.filter((line) => line.startsWith('refused '));
    const conflicts = lines
      .filter((line) => line.startsWith('conflicts '))
      .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    console.log(
      `3 processes: ${made.length} made, ${refused.length} refused, ${conflicts} expected-revision conflicts`,
    );
    expect(made.length + refused.length).toBe(60);
    expect(refused.every((line) => line.endsWith(' conflict'))).toBe(true);
    expect(made.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(conflicts).toBeGreaterThan(0);
    const check = openSqliteEventStore({ file });
    try {
      const { reservations } = await expectOneHolderPerSlot(check);
      const live = [...reservations.entries()]
        .filter(([, state]) => state.status === 'active')
        .map(([id]) => id);
      expect(live.sort()).toEqual(made.map((line) => line.split(' ')[2]!).sort());
    } finally {
      await check.close();
    }
  });
});

function startWorker(worker: string, input: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, JSON.stringify(input)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) markReady();
  });
  const done = new Promise<{ lines: string[]; exitCode: number | null }>((resolve) => {
    child.on('exit', (exitCode) => {
      markReady();
      resolve({ lines: output.split('\n').filter(Boolean), exitCode });
    });
  });
  return { ready, go: () => child.stdin!.end('go\n'), done };
}
