import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Decider, reject } from './decider.ts';
import { handleCommand, StateCache } from './commands.ts';
import { openSqliteEventStore, sqliteGroupCommitStats } from './eventstore/sqlite.ts';

// A counter that refuses to go above a limit: enough to show retries, replays and turn-taking.
type CounterEvent = { type: 'Incremented'; data: { by: number } };
const counter: Decider<{ by: number; limit: number }, CounterEvent, { total: number }, 'limit'> = {
  initialState: () => ({ total: 0 }),
  decide: (command, state) =>
    state.total + command.by > command.limit
      ? reject('limit')
      : [{ type: 'Incremented', data: { by: command.by } }],
  evolve: (state, event) => ({ total: state.total + event.data.by }),
};
const context = (commandId?: string) => ({
  now: new Date(),
  actor: '1',
  correlationId: 'c',
  ...(commandId ? { commandId } : {}),
});

describe('handleCommand', () => {
  it('returns the first result for a retried command id, long after it was written, and appends nothing', async () => {
    const store = openSqliteEventStore({ file: ':memory:' });
    const first = await handleCommand(store, 'counter-1', counter, { by: 2, limit: 3 }, context('k1'));
    await handleCommand(store, 'counter-1', counter, { by: 1, limit: 3 }, context('k2'));
    const retry = await handleCommand(store, 'counter-1', counter, { by: 2, limit: 3 }, context('k1'));
    expect(first.ok && retry.ok).toBe(true);
    expect(retry).toMatchObject({
      ok: true,
      replayed: true,
      events: [{ type: 'Incremented', data: { by: 2 } }],
    });
    expect(retry.ok && first.ok && retry.position).toBe(first.ok && first.position);
    expect(await store.readStream('counter-1')).toHaveLength(2);
    await store.close();
  });

  it('lets many concurrent commands on one stream all decide in turn, without lost updates', async () => {
    const store = openSqliteEventStore({ file: ':memory:' });
    const cache = new StateCache();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        handleCommand(store, 'counter-2', counter, { by: 1, limit: 20 }, context(), { cache }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.filter((result) => !result.ok)).toHaveLength(10);
    expect(await store.readStream('counter-2')).toHaveLength(20);
    await store.close();
  });

  it('decides again when another process wrote first (expected revision conflict)', async () => {
    const store = openSqliteEventStore({ file: ':memory:' });
    // Two handles on one store stand for two processes: their commands do not take turns.
    const handles = [{ ...store }, { ...store }];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        handleCommand(handles[index % 2]!, 'counter-3', counter, { by: 1, limit: 4 }, context()),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(4);
    expect(await store.readStream('counter-3')).toHaveLength(4);
    await store.close();
  });

  it('pipelines commands on one busy stream into a few transactions, each deciding on the one before', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'club-commands-'));
    const store = openSqliteEventStore({ file: join(directory, 'events.sqlite3'), synchronous: 'FULL' });
    try {
      const transactions: Record<string, number> = {};
      for (const pipeline of [false, true]) {
        const cache = new StateCache();
        const stream = `counter-pipeline-${pipeline}`;
        const before = sqliteGroupCommitStats(store)!.batches;
        const results = await Promise.all(
          Array.from({ length: 30 }, () =>
            handleCommand(store, stream, counter, { by: 1, limit: 20 }, context(), { cache, pipeline }),
          ),
        );
        transactions[String(pipeline)] = sqliteGroupCommitStats(store)!.batches - before;
        // The same answers either way: 20 fit under the limit, the refusals waited for what was queued.
        expect(results.filter((result) => result.ok)).toHaveLength(20);
        expect(results.filter((result) => !result.ok)).toHaveLength(10);
        const stored = await store.readStream(stream);
        expect(stored.map((recorded) => recorded.revision)).toEqual([...Array(20).keys()]);
      }
      // Taking turns at commit, each command waits for the one before to be committed: one transaction
      // each. Pipelined, they queue behind each other within one turn of the event loop.
      expect(transactions.false).toBeGreaterThanOrEqual(20);
      expect(transactions.true).toBeLessThanOrEqual(2);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('a refusal decided on a queued state waits for it, and decides again when it failed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'club-commands-'));
    const file = join(directory, 'events.sqlite3');
    const store = openSqliteEventStore({ file, synchronous: 'FULL' });
    const other = openSqliteEventStore({ file, synchronous: 'FULL' });
    try {
      const cache = new StateCache();
      const options = { cache, pipeline: true };
      await handleCommand(store, 'counter-p', counter, { by: 1, limit: 3 }, context(), options);
      // Another process takes revision 1 behind this one's cached state (total 2 now, not 1).
      await handleCommand(other, 'counter-p', counter, { by: 1, limit: 3 }, context());
      // A (by 2) is decided on the stale cache and queued; B (by 1) on A's queued state, where it would
      // pass the limit: refused there. A then fails (revision taken) and decides again: refused (2 + 2 > 3).
      // B waited for A and decides again on what landed: 2 + 1 = 3 fits.
      const [a, b] = await Promise.all([
        handleCommand(store, 'counter-p', counter, { by: 2, limit: 3 }, context(), options),
        handleCommand(store, 'counter-p', counter, { by: 1, limit: 3 }, context(), options),
      ]);
      expect(a.ok).toBe(false);
      expect(b.ok).toBe(true);
      const stored = await store.readStream('counter-p');
      expect(stored.map((recorded) => (recorded.data as { by: number }).by)).toEqual([1, 1, 1]);
    } finally {
      await store.close();
      await other.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
