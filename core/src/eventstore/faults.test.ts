// The fault-injecting decorator the race and crash tests rely on: a fault before the commit stores
// nothing, one after the commit stores and still fails, nth counts only the streams asked for, a fault
// that meets a conflict waits for the retry, and refused appends are counted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instrument } from './faults.ts';
import { type EventStore, type NewEvent, WrongExpectedRevisionError } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

let base: EventStore;
beforeEach(() => {
  base = openSqliteEventStore({ file: ':memory:' });
});
afterEach(async () => {
  await base.close();
});

const event = (type: string): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data: {},
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-22T04:00:00.000Z' },
});
class Boom extends Error {}

describe('instrument', () => {
  it('before_commit fails without storing; after_commit stores and then fails', async () => {
    const handle = instrument(base);
    handle.arm({ at: 'before_commit', error: () => new Boom('before') });
    await expect(handle.store.append('s', [event('A')], 'no_stream')).rejects.toBeInstanceOf(Boom);
    expect(await base.readStream('s')).toEqual([]);

    handle.arm({ at: 'after_commit', error: () => new Boom('after') });
    await expect(handle.store.append('s', [event('B')], 'no_stream')).rejects.toBeInstanceOf(Boom);
    expect((await base.readStream('s')).map((stored) => stored.type)).toEqual(['B']);
    expect(handle.injected).toEqual([
      { at: 'before_commit', stream: 's' },
      { at: 'after_commit', stream: 's' },
    ]);
    expect(handle.armed).toBe(false);
  });

  it('counts only the streams it is given towards nth, and waits for the retry after a conflict', async () => {
    const handle = instrument(base);
    await base.append('money', [event('Opened')], 'no_stream');
    handle.arm({
      at: 'after_commit',
      nth: 2,
      stream: (stream) => stream === 'money',
      error: () => new Boom(),
    });
    await handle.store.append('other', [event('X')], 'no_stream');
    await handle.store.append('money', [event('A')], 0);
    // The second append to 'money' meets a conflict: nothing stored, so the fault waits for the retry.
    await expect(handle.store.append('money', [event('B')], 0)).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(handle.conflicts).toBe(1);
    expect(handle.armed).toBe(true);
    await expect(handle.store.append('money', [event('B')], 1)).rejects.toBeInstanceOf(Boom);
    expect((await base.readStream('money')).map((stored) => stored.type)).toEqual(['Opened', 'A', 'B']);
    expect(handle.appends).toBe(4);
  });

  it('gives each handle its own identity (so its own stream locks), over the same events', async () => {
    const one = instrument(base);
    const other = instrument(base);
    expect(one.store).not.toBe(other.store);
    await one.store.append('shared', [event('A')], 'no_stream');
    expect((await other.store.readStream('shared')).map((stored) => stored.type)).toEqual(['A']);
  });
});
