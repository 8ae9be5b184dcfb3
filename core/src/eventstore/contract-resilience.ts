// More of the event-store contract (contract.ts runs it for every adapter): a subscription that fails and
// is resumed, reading and subscribing past the adapters' page sizes, concurrent retries of the same event
// ids, and close() with live subscriptions. Like the rest of the suite it looks only at its own streams,
// so it also runs against a shared EventStoreDB server.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractFixture } from './contract.ts';
import type { EventStore, NewEvent, RecordedEvent, Subscription } from './port.ts';

const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: '17', correlationId: randomUUID(), causationId: null, time: '2026-11-22T09:30:00.000Z' },
});
const uniqueStream = (category: string): string => `${category}-${randomUUID().replaceAll('-', '')}`;
const idsOf = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

/** More events than a page of either adapter (SQLite reads 1,000 at a time, EventStoreDB 500). */
const PAST_A_PAGE = 1_250;

export function eventStoreResilienceContract(name: string, open: () => Promise<ContractFixture>): void {
  describe(`event store contract: ${name}: failures, pages and closing`, () => {
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

    it('a subscription whose handler fails reports the error once and delivers nothing more; one resumed after its last handled position misses and repeats nothing', async () => {
      const before = await store.headPosition();
      const stream = uniqueStream('roll');
      const events = Array.from({ length: 6 }, (_, index) => newEvent('Exposed', { index }));
      await store.append(stream, events.slice(0, 3), 'no_stream');

      const handled: RecordedEvent[] = [];
      const errors: unknown[] = [];
      const failure = new Error('the darkroom is on fire');
      subscriptions.push(
        store.subscribeToAll(
          (event) => {
            if (event.stream !== stream) return;
            if ((event.data as { index: number }).index === 2) throw failure;
            handled.push(event);
          },
          { afterPosition: before, onError: (error) => errors.push(error) },
        ),
      );
      await waitFor(() => errors.length === 1, 'the handler error');
      expect(errors[0]).toBe(failure);
      await store.append(stream, events.slice(3), 2);
      await sleep(600);
      expect(idsOf(handled)).toEqual(idsOf(events.slice(0, 2)));
      expect(errors).toHaveLength(1);

      // Resume after the last event handled: the failed one and everything after it, once each.
      const resumed: RecordedEvent[] = [];
      subscriptions.push(
        store.subscribeToAll(
          (event) => {
            if (event.stream === stream) resumed.push(event);
          },
          { afterPosition: handled.at(-1)!.position },
        ),
      );
      await waitFor(() => resumed.length === 4, 'the resumed events');
      await store.append(stream, [newEvent('Exposed', { index: 6 })], 5);
      await waitFor(() => resumed.length === 5, 'the next live event');
      expect(resumed.map((event) => event.revision)).toEqual([2, 3, 4, 5, 6]);
    });

    it('reads and subscribes past a page size, in order, each event once', async () => {
      const before = await store.headPosition();
      const stream = uniqueStream('contact-sheet');
      const events = Array.from({ length: PAST_A_PAGE }, (_, index) => newEvent('Frame', { index }));
      for (let start = 0; start < events.length; start += 250) {
        await store.append(stream, events.slice(start, start + 250), start === 0 ? 'no_stream' : start - 1);
      }

      const read = (await store.readAll({ afterPosition: before })).filter(
        (event) => event.stream === stream,
      );
      expect(read.map((event) => event.revision)).toEqual(events.map((_, index) => index));
      // Paged by the caller, by positions the store returned.
      const paged: RecordedEvent[] = [];
      let after = before;
      for (;;) {
        const page = await store.readAll({ afterPosition: after, maxCount: 400 });
        if (page.length === 0) break;
        paged.push(...page.filter((event) => event.stream === stream));
        after = page.at(-1)!.position;
      }
      expect(idsOf(paged)).toEqual(idsOf(events));
      expect((await store.readStream(stream)).map((event) => event.id)).toEqual(idsOf(events));

      const delivered: RecordedEvent[] = [];
      let live = false;
      subscriptions.push(
        store.subscribeToAll(
          (event) => {
            if (event.stream === stream) delivered.push(event);
          },
          {
            afterPosition: before,
            onLive: () => {
              live = true;
            },
          },
        ),
      );
      await waitFor(() => live, 'onLive', 30_000);
      expect(idsOf(delivered)).toEqual(idsOf(events));
    }, 60_000);

    it('concurrent retries of the same event ids write them once and all answer with the first result', async () => {
      const stream = uniqueStream('order');
      await store.append(stream, [newEvent('Opened')], 'no_stream');
      const events = [newEvent('Paid'), newEvent('Shipped')];
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.append(
            stream,
            events.map((event) => ({ ...event })),
            0,
          ),
        ),
      );
      const stored = await store.readStream(stream);
      expect(stored.map((event) => event.type)).toEqual(['Opened', 'Paid', 'Shipped']);
      for (const result of results) {
        expect(result).toEqual({ lastRevision: 2, position: stored[2]!.position });
      }
    });

    it('close() stops live subscriptions: it waits for a running handler, and nothing is delivered after it', async () => {
      const stream = uniqueStream('lightbox');
      const before = await store.headPosition();
      let live = false;
      let handlerRunning = false;
      let handlerFinished = false;
      const delivered: string[] = [];
      const subscription = store.subscribeToAll(
        async (event) => {
          if (event.stream !== stream) return;
          handlerRunning = true;
          await sleep(200);
          delivered.push(event.id);
          handlerFinished = true;
        },
        {
          afterPosition: before,
          onLive: () => {
            live = true;
          },
        },
      );
      await waitFor(() => live, 'onLive');
      const first = newEvent('Viewed');
      await store.append(stream, [first], 'no_stream');
      await waitFor(() => handlerRunning, 'the handler to start');
      await store.close();
      expect(handlerFinished).toBe(true);
      expect(delivered).toEqual([first.id]);
      // stop() after close() is harmless.
      await subscription.stop();

      const reopened = await fixture.reopen();
      await reopened.append(stream, [newEvent('Viewed')], 0);
      await sleep(600);
      expect(delivered).toEqual([first.id]);
    });
  });
}
