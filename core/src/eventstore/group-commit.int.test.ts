// Group commit in the SQLite adapter, on a real file with synchronous=FULL: appends that queue together
// share one transaction and one WAL sync, yet each is checked and answered on its own, and nobody sees an
// append before the sync that makes it durable.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandContext, handleCommand } from '../commands.ts';
import { type Decider, reject } from '../decider.ts';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from './port.ts';
import { openSqliteEventStore, sqliteGroupCommitStats } from './sqlite.ts';

let directory: string;
let file: string;
let store: EventStore;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'club-group-commit-'));
  file = join(directory, 'events.sqlite3');
  store = openSqliteEventStore({ file, synchronous: 'FULL' });
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

let counter = 0;
const event = (type = 'Noted'): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  type,
  data: { n: counter },
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-23T00:00:00.000Z' },
});

describe('group commit (SQLite, synchronous=FULL)', () => {
  it('64 concurrent appends on distinct streams share a few syncs and all land with distinct positions', async () => {
    const before = { ...sqliteGroupCommitStats(store)! };
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, index) => store.append(`s-${index}`, [event()], 'no_stream')),
    );
    const after = sqliteGroupCommitStats(store)!;
    expect(after.appends - before.appends).toBe(64);
    // They queued in one turn of the event loop: one transaction, one sync.
    expect(after.batches - before.batches).toBe(1);
    expect(after.syncs - before.syncs).toBe(1);
    expect(new Set(results.map((result) => result.position)).size).toBe(64);
    expect(await store.headPosition()).toBe(Math.max(...results.map((result) => result.position)));
  });

  it('a conflict or a bad append in a batch fails only itself; the others are written', async () => {
    await store.append('taken', [event()], 'no_stream');
    const before = { ...sqliteGroupCommitStats(store)! };
    const outcomes = await Promise.allSettled([
      store.append('fresh-1', [event()], 'no_stream'),
      store.append('taken', [event()], 'no_stream'), // conflict: the stream exists
      store.append('fresh-2', [event(), event()], 'no_stream'),
      store.append('taken', [event(), event()], 5), // conflict: stale revision, two events
      store.append('fresh-3', [event()], 'no_stream'),
    ]);
    expect(sqliteGroupCommitStats(store)!.batches - before.batches).toBe(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const index of [1, 3]) {
      const outcome = outcomes[index] as PromiseRejectedResult;
      expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((outcome.reason as WrongExpectedRevisionError).actual).toBe(0);
    }
    expect(await store.readStream('taken')).toHaveLength(1);
    expect(await store.readStream('fresh-2')).toHaveLength(2);
    expect((await store.readAll()).map((recorded) => recorded.stream)).toEqual([
      'taken',
      'fresh-1',
      'fresh-2',
      'fresh-2',
      'fresh-3',
    ]);
  });

  it('racing appenders on one stream with the same revision in one batch: exactly one wins', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => store.append('contested', [event()], 'no_stream')),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const conflicts = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof WrongExpectedRevisionError,
    );
    expect(won).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
  });

  it('a subscriber never sees an append before the append is acknowledged (durable)', async () => {
    const acknowledged = new Set<number>();
    const seenBeforeAcknowledged: number[] = [];
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll((recorded) => {
      if (!acknowledged.has(recorded.position)) seenBeforeAcknowledged.push(recorded.position);
      seen.push(recorded);
    });
    try {
      for (let round = 0; round < 20; round += 1) {
        await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            store.append(`r-${round}-${index}`, [event()], 'no_stream').then((result) => {
              acknowledged.add(result.position);
            }),
          ),
        );
      }
      await expect.poll(() => seen.length).toBe(160);
      expect(seenBeforeAcknowledged).toEqual([]);
    } finally {
      await subscription.stop();
    }
  });

  it('between commit and sync, a reader of the stream sees the append but the log head does not include it', async () => {
    const first = await store.append('before', [event()], 'no_stream');
    let headWhileCommitted: number | undefined;
    let streamWhileCommitted: RecordedEvent[] = [];
    const result = await store.append('pending', [event()], 'no_stream', {
      onCommitted: () => {
        // Both calls do their reading synchronously, inside the callback.
        void store.headPosition().then((head) => {
          headWhileCommitted = head;
        });
        void store.readStream('pending').then((events) => {
          streamWhileCommitted = events;
        });
      },
    });
    expect(streamWhileCommitted.map((recorded) => recorded.position)).toEqual([result.position]);
    expect(headWhileCommitted).toBe(first.position);
    expect(await store.headPosition()).toBe(result.position);
  });

  it('a command answered at commit carries a durable promise; readers of the log wait for it', async () => {
    type Event = { type: 'Noted'; data: { n: number } };
    const decider: Decider<{ type: 'Note' }, Event, number, never> = {
      initialState: () => 0,
      evolve: (state) => state + 1,
      decide: (_command, state) => [{ type: 'Noted', data: { n: state + 1 } }],
    };
    const context: CommandContext = { now: new Date(), actor: null, correlationId: 'c' };
    const result = await handleCommand(store, 'early', decider, { type: 'Note' }, context, {
      answerAtCommit: true,
    });
    if (!result.ok) throw new Error('refused');
    expect(result.durable).toBeInstanceOf(Promise);
    // Committed (the stream shows it) but not yet synced (the log's head stops before it).
    expect((await store.readStream('early')).map((recorded) => recorded.position)).toEqual([result.position]);
    expect(await store.headPosition()).toBeLessThan(result.position);
    await result.durable;
    expect(await store.headPosition()).toBe(result.position);
  });

  it('close() commits and syncs the appends already accepted; a reopened store has them', async () => {
    const pending = Array.from({ length: 10 }, (_, index) => store.append(`c-${index}`, [event()], 'any'));
    await store.close();
    const results = await Promise.all(pending);
    expect(results).toHaveLength(10);
    store = openSqliteEventStore({ file, synchronous: 'FULL' });
    expect(await store.readAll()).toHaveLength(10);
  });

  it('commands on one stream take turns per commit, so many concurrent ones share syncs without conflicts', async () => {
    // A counter that refuses to go past 50: each command must see every earlier one.
    type Command = { type: 'Increment' };
    type Event = { type: 'Incremented'; data: { value: number } };
    const decider: Decider<Command, Event, { value: number }, 'full'> = {
      initialState: () => ({ value: 0 }),
      evolve: (_state, next) => ({ value: next.data.value }),
      decide: (_command, state) =>
        state.value >= 50 ? reject('full') : [{ type: 'Incremented', data: { value: state.value + 1 } }],
    };
    const context: CommandContext = { now: new Date(), actor: null, correlationId: 'c' };
    let conflicts = 0;
    const counting: EventStore = {
      ...store,
      append: (...args) =>
        store.append(...args).catch((error: unknown) => {
          if (error instanceof WrongExpectedRevisionError) conflicts += 1;
          throw error;
        }),
    };
    const before = { ...sqliteGroupCommitStats(store)! };
    const results = await Promise.all(
      Array.from({ length: 64 }, () =>
        handleCommand(counting, 'counter', decider, { type: 'Increment' }, context),
      ),
    );
    const after = sqliteGroupCommitStats(store)!;
    expect(results.filter((result) => result.ok)).toHaveLength(50);
    expect(results.filter((result) => !result.ok)).toHaveLength(14);
    expect(conflicts).toBe(0);
    const values = (await store.readStream('counter')).map((recorded) => recorded.data);
    expect(values).toEqual(Array.from({ length: 50 }, (_, index) => ({ value: index + 1 })));
    // The 50 appends did not each wait for their own sync.
    expect(after.syncs - before.syncs).toBeLessThan(50);
  });
});
