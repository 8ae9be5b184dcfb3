import { describe, expect, it } from 'vitest';
import { type Decider, reject } from './decider.ts';
import { handleCommand, StateCache } from './commands.ts';
import { openSqliteEventStore } from './eventstore/sqlite.ts';

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
});
