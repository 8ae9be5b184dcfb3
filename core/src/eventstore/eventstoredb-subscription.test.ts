// The EventStoreDB adapter driven through a fake of the client (eventstoredb-fake.ts), for what a real
// server does not let a test do on purpose: a subscription that ends without an error, transient errors
// then recovery (resubscribed from the last event handled, with backoff), errors that must not be
// retried, close() with live subscriptions, leader-only reads after an append, and opaque positions.
import { setTimeout as sleep } from 'node:timers/promises';
import { AccessDeniedError, UnavailableError } from '@eventstore/db-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateCache } from '../commands.ts';
import { Ledger } from '../ledger/service.ts';
import { settlePending } from '../ledger/process-manager.ts';
import { FakeEventStoreDbClient } from './eventstoredb-fake.ts';
import { openEventStoreDbWithClient } from './eventstoredb.ts';
import type { EventStore, EventStoreUnavailableError, RecordedEvent } from './port.ts';

let fake: FakeEventStoreDbClient;
let store: EventStore;
let resubscribes: { error: EventStoreUnavailableError; attempt: number; delayMs: number }[];

beforeEach(() => {
  fake = new FakeEventStoreDbClient();
  resubscribes = [];
  store = openEventStoreDbWithClient(fake.client, {
    resubscribe: { initialDelayMs: 5, maxDelayMs: 40 },
    onResubscribe: (error, attempt, delayMs) => resubscribes.push({ error, attempt, delayMs }),
  });
});
afterEach(async () => {
  await store.close();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** Subscribes from the start, collecting the types of the events handled. */
function follow(onError?: (error: unknown) => void) {
  const handled: RecordedEvent[] = [];
  let live = 0;
  const subscription = store.subscribeToAll((event) => void handled.push(event), {
    onLive: () => {
      live += 1;
    },
    ...(onError ? { onError } : {}),
  });
  return { handled, types: () => handled.map((event) => event.type), live: () => live, subscription };
}

describe('EventStoreDB subscriptions through a fake client', () => {
  it('resubscribes after the server ends a subscription without an error, from the last event handled', async () => {
    fake.record('loan-1', 'A');
    fake.record('loan-1', 'B');
    const errors: unknown[] = [];
    const followed = follow((error) => errors.push(error));
    await until(() => followed.handled.length === 2 && followed.live() === 1, 'catch-up');

    fake.active[0]!.end();
    await until(() => fake.active.length === 1 && fake.subscriptions.length === 2, 'the resubscription');
    // It starts right after the last event handled (a real position, not arithmetic on one).
    expect(fake.subscriptions[1]!.fromPosition).toEqual({ commit: 200n, prepare: 200n });
    fake.record('loan-1', 'C');
    await until(() => followed.handled.length === 3, 'the next event');
    expect(followed.types()).toEqual(['A', 'B', 'C']);
    expect(followed.live()).toBe(1);
    expect(errors).toEqual([]);
    expect(resubscribes.map((entry) => entry.error.message)).toEqual(['EventStoreDB ended the subscription']);
    await followed.subscription.stop();
  });

  it('survives transient errors with growing delays, and delivers what was appended meanwhile once', async () => {
    fake.record('loan-2', 'A');
    const errors: unknown[] = [];
    const followed = follow((error) => errors.push(error));
    await until(() => followed.live() === 1, 'catch-up');

    fake.failNextSubscriptions = 3;
    fake.active[0]!.destroy(new UnavailableError());
    fake.record('loan-2', 'B');
    fake.record('loan-2', 'C');
    await until(() => followed.handled.length === 3, 'recovery');
    expect(followed.types()).toEqual(['A', 'B', 'C']);
    // The first drop, then three refused attempts: the delay doubles each time (5, 10, 20, 40 ms).
    expect(resubscribes.map((entry) => [entry.attempt, entry.delayMs])).toEqual([
      [1, 5],
      [2, 10],
      [3, 20],
      [4, 40],
    ]);
    expect(resubscribes.every((entry) => entry.error.name === 'EventStoreUnavailableError')).toBe(true);
    expect(errors).toEqual([]);

    fake.record('loan-2', 'D');
    await until(() => followed.handled.length === 4, 'live delivery after recovery');
    expect(new Set(followed.handled.map((event) => event.id)).size).toBe(4);
    await followed.subscription.stop();
  });

  it('ends the subscription and reports an error that retrying does not fix (access denied)', async () => {
    const errors: unknown[] = [];
    const followed = follow((error) => errors.push(error));
    await until(() => followed.live() === 1, 'live');
    const denied = new AccessDeniedError();
    fake.active[0]!.destroy(denied);
    await until(() => errors.length === 1, 'the error');
    expect(errors[0]).toBe(denied);
    await sleep(30);
    expect(fake.subscriptions).toHaveLength(1);
    expect(resubscribes).toEqual([]);
  });

  it("ends the subscription on a handler's error and reports it unchanged", async () => {
    fake.record('loan-3', 'A');
    const errors: unknown[] = [];
    const failure = new TypeError('handler bug');
    store.subscribeToAll(
      () => {
        throw failure;
      },
      { onError: (error) => errors.push(error) },
    );
    await until(() => errors.length === 1, 'the error');
    expect(errors[0]).toBe(failure);
    expect(resubscribes).toEqual([]);
  });

  it('stop() during the backoff ends it: no resubscription after stop', async () => {
    const followed = follow();
    await until(() => followed.live() === 1, 'live');
    fake.failNextSubscriptions = 100;
    fake.active[0]!.destroy(new UnavailableError());
    await until(() => resubscribes.length >= 2, 'a retry or two');
    await followed.subscription.stop();
    const attempts = fake.subscriptions.length;
    await sleep(100);
    expect(fake.subscriptions).toHaveLength(attempts);
  });

  it('close() stops live subscriptions and disposes of the client', async () => {
    const followed = follow();
    await until(() => followed.live() === 1, 'live');
    await store.close();
    expect(fake.disposed).toBe(true);
    expect(fake.active).toHaveLength(0);
    fake.record('loan-4', 'late');
    await sleep(20);
    expect(followed.handled).toEqual([]);
    await followed.subscription.stop();
  });
});

describe('EventStoreDB appends through a fake client', () => {
  it('reads from the leader right after an append (the position of a multi-event append, the ids of an any-append)', async () => {
    const event = (type: string) => ({
      id: crypto.randomUUID(),
      type,
      data: {},
      metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-22T04:00:00.000Z' },
    });
    const appended = await store.append('loan-5', [event('A'), event('B')], 'no_stream');
    expect(appended).toEqual({ lastRevision: 1, position: 200 });
    await store.append('loan-5', [event('C')], 'any');
    const reads = fake.calls.filter((call) => call.method === 'readStream');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) expect(read.options.requiresLeader).toBe(true);
    // A plain read does not need the leader.
    fake.calls.length = 0;
    await store.readStream('loan-5');
    expect(fake.calls[0]!.options.requiresLeader).toBeUndefined();
  });

  it('does not call an unknown client error "unavailable"', async () => {
    const { UnknownError } = await import('@eventstore/db-client');
    const unknown = new UnknownError(undefined, 'Could not recognize INVALID_ARGUMENT');
    fake.appendToStream = async () => {
      throw unknown;
    };
    await expect(
      store.append(
        'loan-6',
        [
          {
            id: crypto.randomUUID(),
            type: 'A',
            data: {},
            metadata: { actor: null, correlationId: 'c', causationId: null, time: 'x' },
          },
        ],
        'no_stream',
      ),
    ).rejects.toBe(unknown);
  });
});

describe('opaque positions', () => {
  it('settlePending on a log with sparse positions checkpoints at a stored position, which reads after it accept', async () => {
    // A transfer whose credit never ran (the process stopped after the debit), and a credit that keeps
    // failing: the checkpoint must be an event's position, since $all refuses any other.
    const ledger = new Ledger(store, {
      cache: new StateCache(),
      afterStep: (step, key) => {
        if (step === 'debited' && key.endsWith('transfer:stuck')) throw new Error('process stopped');
      },
    });
    const now = new Date('2026-11-22T04:00:00.000Z');
    await ledger.addValue({
      now,
      actorPk: 7,
      transferId: 'fund',
      staffPk: 7,
      userPk: 101,
      amountCents: 50_000,
    });
    await expect(
      ledger.transfer({
        now,
        actorPk: 101,
        transferId: 'stuck',
        from: 101,
        to: 102,
        amountCents: 10_000,
        summary: 'film rolls',
        allowDebt: false,
      }),
    ).rejects.toThrow('process stopped');
    const failingAppend = fake.appendToStream.bind(fake);
    fake.appendToStream = async (stream, events, options) => {
      if (stream === 'account-102') throw new UnavailableError();
      return failingAppend(stream, events, options);
    };
    const report = await settlePending(store, { ledger: new Ledger(store) });
    expect(report.failed).toHaveLength(1);
    expect(fake.log.map((event) => event.position.commit)).toContain(BigInt(report.checkpoint));
    const [next] = await store.readAll({ afterPosition: report.checkpoint, maxCount: 1 });
    expect(next).toMatchObject({ type: 'TransferDebited', data: { transferKey: '101/transfer:stuck' } });
  });
});
