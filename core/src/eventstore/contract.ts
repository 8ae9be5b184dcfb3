// The event-store contract: one suite of behaviour every adapter of the port (port.ts) must pass. Each
// adapter's *.int.test.ts calls eventStoreContract with a factory for a store of its kind.
//
// Every test writes to streams with a random suffix and only looks at its own events in the global log,
// so the suite also runs against a shared EventStoreDB server that holds other data.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreResilienceContract } from './contract-resilience.ts';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
  WrongExpectedRevisionError,
} from './port.ts';

/** What an adapter's test file hands the suite for each test. */
export interface ContractFixture {
  store: EventStore;
  /** Opens the same underlying store again; the suite closes `store` before calling it. */
  reopen: () => Promise<EventStore>;
  /** Closes whichever store is open (the reopened one, if any) and removes what the test created. */
  cleanup: () => Promise<void>;
}

export interface ContractOptions {
  /**
   * True when every open() starts with an empty global log (a fresh SQLite file). False for a shared
   * server: the few tests that need an empty log (head 0, reading from the very beginning) are skipped.
   */
  freshLogPerOpen?: boolean;
}

const waitTimeoutMs = 5_000;
/** Long enough for a polling adapter to have delivered an event if it was going to. */
const quietPeriodMs = 600;

const metadataFor = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actor: '17',
  correlationId: randomUUID(),
  causationId: null,
  time: '2026-11-22T09:30:00.000Z',
  ...overrides,
});

const newEvent = (type: string, data: unknown = {}, metadata: EventMetadata = metadataFor()): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata,
});

const uniqueStream = (category: string): string => `${category}-${randomUUID().replaceAll('-', '')}`;

/** The envelope an adapter must return for a stored event. */
const recorded = (event: NewEvent, stream: string, revision: number) => ({
  ...event,
  stream,
  revision,
  position: expect.any(Number),
});

const idsOf = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);
const revisionsOf = (events: readonly RecordedEvent[]): number[] => events.map((event) => event.revision);

const expectStrictlyIncreasing = (positions: readonly number[]): void => {
  for (const position of positions) expect(Number.isSafeInteger(position) && position > 0).toBe(true);
  for (let index = 1; index < positions.length; index += 1) {
    expect(positions[index]).toBeGreaterThan(positions[index - 1]!);
  }
};

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + waitTimeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${waitTimeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

async function expectWrongRevision(
  attempt: Promise<unknown>,
  details: { stream: string; expected: ExpectedRevision; actual: number | 'no_stream' },
): Promise<void> {
  const outcome = await attempt.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  expect(outcome).toHaveProperty('rejected');
  const error = (outcome as { rejected: unknown }).rejected;
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject(details);
}

export function eventStoreContract(
  name: string,
  open: () => Promise<ContractFixture>,
  options: ContractOptions = {},
): void {
  const freshLogPerOpen = options.freshLogPerOpen ?? true;

  describe(`event store contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: EventStore;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });

    afterEach(async () => {
      for (const subscription of subscriptions.splice(0)) await subscription.stop();
      await fixture.cleanup();
    });

    /** Events of the global log after `afterPosition` that belong to the given streams. */
    const readAllOf = async (streams: readonly string[], afterPosition: number): Promise<RecordedEvent[]> => {
      const wanted = new Set(streams);
      return (await store.readAll({ afterPosition })).filter((event) => wanted.has(event.stream));
    };

    /** Subscribes and records what is delivered for the given streams; stopped after the test. */
    const subscribe = (
      streams: readonly string[],
      afterPosition: number | undefined,
      handle?: (event: RecordedEvent) => Promise<void>,
    ) => {
      const wanted = new Set(streams);
      const state = {
        received: [] as RecordedEvent[],
        /** Every delivered event, ours or not, to check order and the start position. */
        positions: [] as number[],
        liveCalls: 0,
        receivedWhenLive: -1,
        errors: [] as unknown[],
      };
      const subscription = store.subscribeToAll(
        async (event) => {
          state.positions.push(event.position);
          if (!wanted.has(event.stream)) return;
          await handle?.(event);
          state.received.push(event);
        },
        {
          afterPosition,
          onLive: () => {
            state.liveCalls += 1;
            if (state.liveCalls === 1) state.receivedWhenLive = state.received.length;
          },
          onError: (error) => state.errors.push(error),
        },
      );
      subscriptions.push(subscription);
      return { state, subscription };
    };

    describe('append and readStream', () => {
      it('stores events with 0-based revisions and returns the last revision and position', async () => {
        const stream = uniqueStream('album');
        const events = [
          newEvent('AlbumCreated', { title: '社團迎新' }),
          newEvent('PhotoAdded', { photoId: 1 }),
          newEvent('PhotoAdded', { photoId: 2 }),
        ];

        const result = await store.append(stream, events, 'no_stream');
        const stored = await store.readStream(stream);

        expect(stored).toEqual(events.map((event, index) => recorded(event, stream, index)));
        expect(result).toEqual({ lastRevision: 2, position: stored[2]!.position });
        expectStrictlyIncreasing(stored.map((event) => event.position));
      });

      it('continues revisions across appends', async () => {
        const stream = uniqueStream('album');
        const first = await store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');
        const second = await store.append(stream, [newEvent('C')], first.lastRevision);

        expect(second.lastRevision).toBe(2);
        expect(second.position).toBeGreaterThan(first.position);
        expect(revisionsOf(await store.readStream(stream))).toEqual([0, 1, 2]);
      });

      it('reads forwards from a revision with a maximum count', async () => {
        const stream = uniqueStream('loan');
        const events = Array.from({ length: 5 }, (_, index) => newEvent('Step', { index }));
        await store.append(stream, events, 'no_stream');

        expect(revisionsOf(await store.readStream(stream, { direction: 'forwards' }))).toEqual([
          0, 1, 2, 3, 4,
        ]);
        expect(revisionsOf(await store.readStream(stream, { fromRevision: 2 }))).toEqual([2, 3, 4]);
        expect(revisionsOf(await store.readStream(stream, { maxCount: 3 }))).toEqual([0, 1, 2]);
        expect(revisionsOf(await store.readStream(stream, { fromRevision: 1, maxCount: 2 }))).toEqual([1, 2]);
        expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
        const [third] = await store.readStream(stream, { fromRevision: 2, maxCount: 1 });
        expect(third).toEqual(recorded(events[2]!, stream, 2));
      });

      it('reads backwards from the end or from a revision with a maximum count', async () => {
        const stream = uniqueStream('loan');
        const events = Array.from({ length: 5 }, (_, index) => newEvent('Step', { index }));
        await store.append(stream, events, 'no_stream');

        const backwards = await store.readStream(stream, { direction: 'backwards' });
        expect(revisionsOf(backwards)).toEqual([4, 3, 2, 1, 0]);
        expect(idsOf(backwards)).toEqual(idsOf(events).reverse());
        expect(revisionsOf(await store.readStream(stream, { direction: 'backwards', maxCount: 2 }))).toEqual([
          4, 3,
        ]);
        expect(
          revisionsOf(await store.readStream(stream, { direction: 'backwards', fromRevision: 2 })),
        ).toEqual([2, 1, 0]);
        expect(
          revisionsOf(
            await store.readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 }),
          ),
        ).toEqual([3, 2]);
      });

      it('reads a stream that does not exist as empty, in both directions', async () => {
        const stream = uniqueStream('missing');
        expect(await store.readStream(stream)).toEqual([]);
        expect(await store.readStream(stream, { direction: 'backwards', maxCount: 1 })).toEqual([]);
      });

      it('keeps streams apart', async () => {
        const left = uniqueStream('member');
        const right = uniqueStream('member');
        const leftEvent = newEvent('Joined');
        const rightEvent = newEvent('Joined');
        await store.append(left, [leftEvent], 'no_stream');
        await store.append(right, [rightEvent], 'no_stream');

        expect(await store.readStream(left)).toEqual([recorded(leftEvent, left, 0)]);
        expect(await store.readStream(right)).toEqual([recorded(rightEvent, right, 0)]);
      });
    });

    describe('global positions', () => {
      it('strictly increase in append order across streams, and match the append results', async () => {
        const before = await store.headPosition();
        const streams = [uniqueStream('camera'), uniqueStream('camera')];
        const appended: { event: NewEvent; result: AppendResult }[] = [];
        const lastRevision = new Map<string, number>();
        for (let index = 0; index < 6; index += 1) {
          const stream = streams[index % 2]!;
          const event = newEvent('Used', { index });
          const result = await store.append(stream, [event], lastRevision.get(stream) ?? 'no_stream');
          lastRevision.set(stream, result.lastRevision);
          appended.push({ event, result });
        }

        const positions = appended.map(({ result }) => result.position);
        expect(positions[0]).toBeGreaterThan(before);
        expectStrictlyIncreasing(positions);
        const log = await readAllOf(streams, before);
        expect(idsOf(log)).toEqual(appended.map(({ event }) => event.id));
        expect(log.map((event) => event.position)).toEqual(positions);
      });

      it('give each event of a multi-event append its own position, the result carrying the last', async () => {
        const stream = uniqueStream('batch');
        const result = await store.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
        const stored = await store.readStream(stream);
        expectStrictlyIncreasing(stored.map((event) => event.position));
        expect(result.position).toBe(stored[2]!.position);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' succeeds on a new stream and fails once it exists, writing nothing", async () => {
        const before = await store.headPosition();
        const stream = uniqueStream('handle');
        const claim = newEvent('HandleClaimed', { handle: 'lens' });
        expect(await store.append(stream, [claim], 'no_stream')).toMatchObject({ lastRevision: 0 });

        const rival = newEvent('HandleClaimed', { handle: 'lens' });
        await expectWrongRevision(store.append(stream, [rival], 'no_stream'), {
          stream,
          expected: 'no_stream',
          actual: 0,
        });
        expect(idsOf(await store.readStream(stream))).toEqual([claim.id]);
        expect(idsOf(await readAllOf([stream], before))).toEqual([claim.id]);
      });

      it('a stale or future exact revision fails with the actual revision, writing nothing', async () => {
        const stream = uniqueStream('loan');
        const stored = [newEvent('Lent'), newEvent('Returned')];
        await store.append(stream, stored, 'no_stream');

        await expectWrongRevision(store.append(stream, [newEvent('Lent'), newEvent('Lost')], 0), {
          stream,
          expected: 0,
          actual: 1,
        });
        await expectWrongRevision(store.append(stream, [newEvent('Lent')], 5), {
          stream,
          expected: 5,
          actual: 1,
        });
        expect(idsOf(await store.readStream(stream))).toEqual(idsOf(stored));

        const next = newEvent('Lent');
        expect(await store.append(stream, [next], 1)).toMatchObject({ lastRevision: 2 });
        expect(idsOf(await store.readStream(stream))).toEqual([...idsOf(stored), next.id]);
      });

      it('an exact revision on a missing stream fails with actual no_stream', async () => {
        const stream = uniqueStream('loan');
        await expectWrongRevision(store.append(stream, [newEvent('Lent')], 0), {
          stream,
          expected: 0,
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it("'stream_exists' fails on a missing stream and succeeds on an existing one", async () => {
        const stream = uniqueStream('member');
        await expectWrongRevision(store.append(stream, [newEvent('Renamed')], 'stream_exists'), {
          stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);

        await store.append(stream, [newEvent('Joined')], 'no_stream');
        expect(await store.append(stream, [newEvent('Renamed')], 'stream_exists')).toMatchObject({
          lastRevision: 1,
        });
      });

      it("'any' appends to a missing and to an existing stream", async () => {
        const stream = uniqueStream('audit');
        expect(await store.append(stream, [newEvent('Seen')], 'any')).toMatchObject({ lastRevision: 0 });
        expect(await store.append(stream, [newEvent('Seen'), newEvent('Seen')], 'any')).toMatchObject({
          lastRevision: 2,
        });
        expect(revisionsOf(await store.readStream(stream))).toEqual([0, 1, 2]);
      });
    });

    describe('idempotent retry', () => {
      it('appending the same ids again with the original expected revision returns the first result', async () => {
        const before = await store.headPosition();
        const stream = uniqueStream('payment');
        const events = [newEvent('PaymentRecorded', { amountCents: 50_000 }), newEvent('ReceiptIssued')];
        const first = await store.append(stream, events, 'no_stream');

        expect(await store.append(stream, events, 'no_stream')).toEqual(first);
        expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
        expect(idsOf(await readAllOf([stream], before))).toEqual(idsOf(events));
      });

      it('succeeds with the first result even after the stream moved on (now-stale expected revision)', async () => {
        const before = await store.headPosition();
        const stream = uniqueStream('payment');
        const events = [newEvent('PaymentRecorded', { amountCents: 1_250 }), newEvent('ReceiptIssued')];
        const first = await store.append(stream, events, 'no_stream');
        const later = newEvent('PaymentRefunded');
        const laterResult = await store.append(stream, [later], first.lastRevision);

        // The same request retried (for example after a timeout) with the expectation it was decided on.
        expect(await store.append(stream, events, 'no_stream')).toEqual(first);
        expect(await store.append(stream, events, 0)).toEqual(first);
        expect(await store.append(stream, events, 'any')).toEqual(first);
        expect(await store.append(stream, [later], first.lastRevision)).toEqual(laterResult);
        expect(await store.append(stream, [later], 'stream_exists')).toEqual(laterResult);

        const all = [...idsOf(events), later.id];
        expect(idsOf(await store.readStream(stream))).toEqual(all);
        expect(idsOf(await readAllOf([stream], before))).toEqual(all);
      });

      it("recognises a retry among the stream's later events, with any expectation", async () => {
        const stream = uniqueStream('payment');
        const first = await store.append(stream, [newEvent('PaymentRecorded')], 'no_stream');
        const retried = [newEvent('PaymentRecorded'), newEvent('ReceiptIssued')];
        const retriedResult = await store.append(stream, retried, first.lastRevision);
        let lastRevision = retriedResult.lastRevision;
        for (let index = 0; index < 30; index += 1) {
          lastRevision = (await store.append(stream, [newEvent('PaymentRecorded')], lastRevision))
            .lastRevision;
        }

        for (const expected of [first.lastRevision, lastRevision - 5, 'stream_exists', 'any'] as const) {
          expect(await store.append(stream, retried, expected)).toEqual(retriedResult);
        }
        const revisions = (await store.readStream(stream)).map((event) => event.revision);
        expect(revisions).toEqual(Array.from({ length: lastRevision + 1 }, (_, revision) => revision));
      });

      it('a retry mixing stored and new ids is refused and writes nothing', async () => {
        const stream = uniqueStream('payment');
        const stored = newEvent('PaymentRecorded');
        await store.append(stream, [stored], 'no_stream');

        await expect(
          store.append(stream, [stored, newEvent('ReceiptIssued')], 'no_stream'),
        ).rejects.toThrow();
        expect(idsOf(await store.readStream(stream))).toEqual([stored.id]);
      });
    });

    describe('concurrent appends', () => {
      it('many appenders racing on one stream with the same exact revision: exactly one wins each round', async () => {
        const stream = uniqueStream('queue');
        await store.append(stream, [newEvent('QueueOpened')], 'no_stream');
        const writers = 8;
        const rounds = 5;
        const winners: string[] = [];

        for (let round = 0; round < rounds; round += 1) {
          const attempts = Array.from({ length: writers }, (_, writer) =>
            newEvent('Joined', { round, writer }),
          );
          const outcomes = await Promise.allSettled(
            attempts.map((event) => store.append(stream, [event], round)),
          );

          const won = outcomes.flatMap((outcome, index) =>
            outcome.status === 'fulfilled' ? [{ event: attempts[index]!, result: outcome.value }] : [],
          );
          expect(won).toHaveLength(1);
          expect(won[0]!.result.lastRevision).toBe(round + 1);
          winners.push(won[0]!.event.id);
          for (const outcome of outcomes) {
            if (outcome.status === 'rejected') {
              expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
              expect(outcome.reason).toMatchObject({ stream, expected: round, actual: round + 1 });
            }
          }
        }

        const events = await store.readStream(stream);
        expect(revisionsOf(events)).toEqual(Array.from({ length: rounds + 1 }, (_, revision) => revision));
        expect(idsOf(events.slice(1))).toEqual(winners);
      });

      it('appenders that re-read and retry on conflict lose and duplicate nothing', async () => {
        const stream = uniqueStream('queue');
        const writers = 6;
        const eventsPerWriter = 5;
        let conflicts = 0;

        const runWriter = async (writer: number): Promise<string[]> => {
          const written: string[] = [];
          for (let sequence = 0; sequence < eventsPerWriter; sequence += 1) {
            const event = newEvent('Ticket', { writer, sequence });
            for (let attempt = 0; ; attempt += 1) {
              if (attempt > 500) throw new Error(`writer ${writer} starved`);
              const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
              try {
                await store.append(stream, [event], last ? last.revision : 'no_stream');
                break;
              } catch (error) {
                if (!(error instanceof WrongExpectedRevisionError)) throw error;
                conflicts += 1;
              }
            }
            written.push(event.id);
          }
          return written;
        };

        const written = await Promise.all(Array.from({ length: writers }, (_, writer) => runWriter(writer)));
        const events = await store.readStream(stream);

        expect(revisionsOf(events)).toEqual(
          Array.from({ length: writers * eventsPerWriter }, (_, index) => index),
        );
        expect(new Set(idsOf(events)).size).toBe(events.length);
        expect(idsOf(events).sort()).toEqual(written.flat().sort());
        for (const ids of written) {
          const own = idsOf(events).filter((id) => ids.includes(id));
          expect(own).toEqual(ids);
        }
        // Not an assertion on the adapter, a check that the test really raced.
        expect(conflicts).toBeGreaterThan(0);
      });

      it('appends to different streams at the same time all succeed with distinct positions', async () => {
        const before = await store.headPosition();
        const streams = Array.from({ length: 20 }, () => uniqueStream('locker'));
        const batches = streams.map((stream) => ({
          stream,
          events: [newEvent('Assigned'), newEvent('Opened'), newEvent('Closed')],
        }));

        const results = await Promise.all(
          batches.map(({ stream, events }) => store.append(stream, events, 'no_stream')),
        );

        expect(results.every((result) => result.lastRevision === 2)).toBe(true);
        expect(new Set(results.map((result) => result.position)).size).toBe(streams.length);
        const log = await readAllOf(streams, before);
        expect(idsOf(log).sort()).toEqual(batches.flatMap(({ events }) => idsOf(events)).sort());
        expectStrictlyIncreasing(log.map((event) => event.position));
        for (const [index, { stream, events }] of batches.entries()) {
          const stored = await store.readStream(stream);
          expect(stored).toEqual(events.map((event, revision) => recorded(event, stream, revision)));
          expect(results[index]!.position).toBe(stored[2]!.position);
        }
      });
    });

    describe('readAll', () => {
      it('returns events after a position in position order, paged by maxCount', async () => {
        const before = await store.headPosition();
        const left = uniqueStream('exhibit');
        const right = uniqueStream('exhibit');
        const a = [newEvent('Opened'), newEvent('Hung'), newEvent('Hung')];
        const b = [newEvent('Opened'), newEvent('Hung')];
        const c = newEvent('Closed');
        await store.append(left, a, 'no_stream');
        await store.append(right, b, 'no_stream');
        await store.append(left, [c], 2);

        const everything = await store.readAll({ afterPosition: before });
        const ours = everything.filter((event) => event.stream === left || event.stream === right);
        expect(idsOf(ours)).toEqual([...idsOf(a), ...idsOf(b), c.id]);
        expect(ours).toEqual([
          ...a.map((event, revision) => recorded(event, left, revision)),
          ...b.map((event, revision) => recorded(event, right, revision)),
          recorded(c, left, 3),
        ]);
        expect(everything[0]!.position).toBeGreaterThan(before);
        expectStrictlyIncreasing(everything.map((event) => event.position));

        const firstPage = await store.readAll({ afterPosition: before, maxCount: 2 });
        expect(firstPage).toEqual(everything.slice(0, 2));
        const secondPage = await store.readAll({ afterPosition: firstPage[1]!.position, maxCount: 2 });
        expect(secondPage).toEqual(everything.slice(2, 4));
        const fromMiddle = await store.readAll({ afterPosition: ours[2]!.position });
        expect(idsOf(fromMiddle.filter((event) => event.stream === left || event.stream === right))).toEqual([
          ...idsOf(b),
          c.id,
        ]);
        expect(await readAllOf([left, right], ours[5]!.position)).toEqual([]);
      });

      it.skipIf(!freshLogPerOpen)('reads the whole log from the beginning by default', async () => {
        const stream = uniqueStream('exhibit');
        const events = [newEvent('Opened'), newEvent('Closed')];
        await store.append(stream, events, 'no_stream');

        const all = await store.readAll();
        expect(all).toEqual(events.map((event, revision) => recorded(event, stream, revision)));
        expect(await store.readAll({ maxCount: 1 })).toEqual(all.slice(0, 1));
      });
    });

    describe('headPosition', () => {
      it('is the position of the newest event', async () => {
        const stream = uniqueStream('head');
        const first = await store.append(stream, [newEvent('A')], 'no_stream');
        expect(await store.headPosition()).toBeGreaterThanOrEqual(first.position);
        const second = await store.append(stream, [newEvent('B'), newEvent('C')], 0);

        const head = await store.headPosition();
        expect(head).toBeGreaterThanOrEqual(second.position);
        // Read after taking the head, so on a shared server the head event is in this read too.
        const newer = await store.readAll({ afterPosition: first.position });
        expect([first.position, ...newer.map((event) => event.position)]).toContain(head);
      });

      it.skipIf(!freshLogPerOpen)('is 0 on an empty log and the last appended position after', async () => {
        expect(await store.headPosition()).toBe(0);
        const result = await store.append(uniqueStream('head'), [newEvent('A'), newEvent('B')], 'no_stream');
        expect(await store.headPosition()).toBe(result.position);
      });
    });

    describe('subscribeToAll', () => {
      it('delivers stored events, calls onLive once, then delivers new appends in order; stop() ends delivery', async () => {
        const before = await store.headPosition();
        const left = uniqueStream('album');
        const right = uniqueStream('album');
        const stored = [newEvent('Created'), newEvent('PhotoAdded')];
        const storedRight = newEvent('Created');
        await store.append(left, stored, 'no_stream');
        await store.append(right, [storedRight], 'no_stream');

        const { state, subscription } = subscribe([left, right], before);
        await waitFor(() => state.liveCalls > 0, 'onLive');
        expect(state.receivedWhenLive).toBe(3);
        expect(state.received).toEqual(await readAllOf([left, right], before));

        const live = [newEvent('PhotoAdded'), newEvent('PhotoAdded'), newEvent('Closed')];
        await store.append(left, [live[0]!], 1);
        await store.append(right, [live[1]!], 0);
        await store.append(left, [live[2]!], 2);
        await waitFor(() => state.received.length === 6, 'the live events');

        expect(idsOf(state.received)).toEqual([...idsOf(stored), storedRight.id, ...idsOf(live)]);
        expect(state.received).toEqual(await readAllOf([left, right], before));
        expectStrictlyIncreasing(state.positions);
        expect(state.liveCalls).toBe(1);

        await subscription.stop();
        await store.append(left, [newEvent('Reopened')], 3);
        await sleep(quietPeriodMs);
        expect(state.received).toHaveLength(6);
        expect(state.liveCalls).toBe(1);
        expect(state.errors).toEqual([]);
      });

      it('delivers nothing at or before afterPosition', async () => {
        const stream = uniqueStream('album');
        const events = [newEvent('Created'), newEvent('PhotoAdded'), newEvent('PhotoAdded')];
        await store.append(stream, events, 'no_stream');
        const [, second] = await store.readStream(stream);

        const { state } = subscribe([stream], second!.position);
        await waitFor(() => state.liveCalls > 0, 'onLive');
        expect(idsOf(state.received)).toEqual([events[2]!.id]);
        expect(state.positions.every((position) => position > second!.position)).toBe(true);
      });

      it('calls onLive when there is nothing to catch up, then delivers the next append', async () => {
        const stream = uniqueStream('album');
        await store.append(stream, [newEvent('Created')], 'no_stream');
        const head = await store.headPosition();

        const { state } = subscribe([stream], head);
        await waitFor(() => state.liveCalls > 0, 'onLive');
        expect(state.received).toEqual([]);

        const next = newEvent('PhotoAdded');
        await store.append(stream, [next], 0);
        await waitFor(() => state.received.length === 1, 'the appended event');
        expect(state.received).toEqual([recorded(next, stream, 1)]);
        expect(state.liveCalls).toBe(1);
      });

      it('awaits the handler before the next event, and stop() waits for a running handler', async () => {
        const before = await store.headPosition();
        const stream = uniqueStream('print');
        const events = Array.from({ length: 5 }, (_, index) => newEvent('Printed', { index }));
        await store.append(stream, events, 'no_stream');

        let running = 0;
        let mostRunning = 0;
        let slowStarted = false;
        let slowFinished = false;
        const slowEvent = newEvent('Printed', { slow: true });
        const { state, subscription } = subscribe([stream], before, async (event) => {
          running += 1;
          mostRunning = Math.max(mostRunning, running);
          if (event.id === slowEvent.id) {
            slowStarted = true;
            await sleep(300);
            slowFinished = true;
          } else {
            await sleep(10);
          }
          running -= 1;
        });
        await waitFor(() => state.received.length === 5, 'the stored events');
        expect(mostRunning).toBe(1);
        expect(idsOf(state.received)).toEqual(idsOf(events));

        await store.append(stream, [slowEvent], 4);
        await waitFor(() => slowStarted, 'the slow handler to start');
        await subscription.stop();
        expect(slowFinished).toBe(true);
        await store.append(stream, [newEvent('Printed')], 5);
        await sleep(quietPeriodMs);
        expect(running).toBe(0);
        expect(idsOf(state.received)).toEqual([...idsOf(events), slowEvent.id]);
      });

      it.skipIf(!freshLogPerOpen)('starts at the beginning of the log without afterPosition', async () => {
        const stream = uniqueStream('album');
        const events = [newEvent('Created'), newEvent('PhotoAdded')];
        await store.append(stream, events, 'no_stream');

        const { state } = subscribe([stream], undefined);
        await waitFor(() => state.liveCalls > 0, 'onLive');
        expect(state.received).toEqual(events.map((event, revision) => recorded(event, stream, revision)));
      });
    });

    describe('metadata and data', () => {
      it('round-trip through readStream, readAll and subscribeToAll', async () => {
        const before = await store.headPosition();
        const stream = uniqueStream('member');
        const byPerson = newEvent(
          'MemberJoined',
          {
            name: '陳小明',
            studentNo: 'B11201001',
            feesCents: 50_000,
            tags: ['film', 'darkroom'],
            mentor: null,
          },
          metadataFor({
            actor: '42',
            correlationId: randomUUID(),
            causationId: randomUUID(),
            time: '2026-11-22T10:15:30.123Z',
            scope: 'store',
            ip: '203.0.113.7',
          }),
        );
        const bySystem = newEvent(
          'MemberActivated',
          { active: true, nested: { depth: [1, { two: 2 }] } },
          metadataFor({ actor: null, causationId: byPerson.id, scope: 'main' }),
        );
        const bare = newEvent('MemberNoted', {}, metadataFor({ actor: null, causationId: null }));
        const events = [byPerson, bySystem, bare];
        await store.append(stream, events, 'no_stream');

        const expected = events.map((event, revision) => recorded(event, stream, revision));
        const fromStream = await store.readStream(stream);
        expect(fromStream).toEqual(expected);
        expect(fromStream.map((event) => event.metadata)).toEqual(events.map((event) => event.metadata));
        expect(fromStream[2]!.metadata.scope).toBeUndefined();
        expect(await readAllOf([stream], before)).toEqual(expected);

        const { state } = subscribe([stream], before);
        await waitFor(() => state.received.length === 3, 'the events');
        expect(state.received).toEqual(expected);
      });
    });

    describe('reopen', () => {
      it('keeps every event, revision and position after close, and never reuses a position', async () => {
        const before = await store.headPosition();
        const left = uniqueStream('club');
        const right = uniqueStream('club');
        await store.append(left, [newEvent('Founded'), newEvent('Renamed')], 'no_stream');
        await store.append(right, [newEvent('Founded')], 'no_stream');
        const leftBefore = await store.readStream(left);
        const rightBefore = await store.readStream(right);
        const logBefore = await readAllOf([left, right], before);
        const headBefore = await store.headPosition();

        await store.close();
        store = await fixture.reopen();

        expect(await store.readStream(left)).toEqual(leftBefore);
        expect(await store.readStream(right)).toEqual(rightBefore);
        expect(await readAllOf([left, right], before)).toEqual(logBefore);
        if (freshLogPerOpen) expect(await store.headPosition()).toBe(headBefore);
        else expect(await store.headPosition()).toBeGreaterThanOrEqual(headBefore);

        const result = await store.append(left, [newEvent('Moved')], 1);
        expect(result.lastRevision).toBe(2);
        expect(result.position).toBeGreaterThan(headBefore);
      });
    });
  });
  eventStoreResilienceContract(name, open);
}
