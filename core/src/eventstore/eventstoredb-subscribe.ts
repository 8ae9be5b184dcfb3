// Catch-up subscriptions of the EventStoreDB adapter. A subscription that the server ends, with or without
// an error, and any transient error resubscribe after the last event handled, with backoff; only errors
// that retrying cannot fix, and the handler's own errors, end it and reach onError.
import { type AllStreamSubscription, excludeSystemEvents, START } from '@eventstore/db-client';
import type { EventStoreDbClient } from './eventstoredb.ts';
import { fromAll, numberToPosition, toPortError } from './eventstoredb-convert.ts';
import {
  EventStoreUnavailableError,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

export interface SubscribeDependencies {
  client: EventStoreDbClient;
  headPosition: () => Promise<number>;
  initialDelayMs: number;
  maxDelayMs: number;
  onResubscribe: (error: EventStoreUnavailableError, attempt: number, delayMs: number) => void;
  /** The store keeps its live subscriptions, to stop them on close(). */
  remember: (subscription: Subscription) => void;
  forget: (subscription: Subscription) => void;
}

/** A handler's own error, kept apart from the subscription's errors (which may be resubscribed). */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

export function subscribeToAllThrough(
  deps: SubscribeDependencies,
  handler: (event: RecordedEvent) => void | Promise<void>,
  options: SubscribeOptions = {},
): Subscription {
  // The last event handled: a resubscription starts right after it, so nothing is lost or repeated.
  let lastPosition = options.afterPosition;
  let stopped = false;
  let live = false;
  let caughtUp = false;
  let handling: Promise<void> | undefined;
  let vendor: AllStreamSubscription | undefined;
  let cancelBackoff: (() => void) | undefined;

  const goLive = () => {
    if (live || stopped) return;
    live = true;
    options.onLive?.();
  };
  const dropVendor = () => {
    const dropped = vendor;
    vendor = undefined;
    if (!dropped) return;
    dropped.unsubscribe().catch(() => undefined);
    dropped.destroy();
  };
  const report = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    deps.forget(subscription);
    dropVendor();
    if (options.onError) options.onError(error);
    else console.error('event store subscription failed', error);
  };

  /** One vendor subscription, from the last event handled until it ends or fails. */
  const subscribeOnce = async () => {
    // Servers that send "caught up" let onLive fire as soon as every stored event is handled; for
    // older servers the head read here marks the last stored event. Once live, it stays live.
    const head = live ? 0 : await deps.headPosition();
    if (stopped) return;
    caughtUp = false;
    const subscriptionStream = deps.client.subscribeToAll({
      fromPosition: lastPosition === undefined ? START : numberToPosition(lastPosition),
      filter: excludeSystemEvents(),
    });
    vendor = subscriptionStream;
    // "caught up" is emitted when that message is transformed, out of band of the events ahead of it:
    // they are all buffered or already taken by the loop below by then. The loop takes an event in one
    // tick and starts its handler in a later microtask, so the check waits for setImmediate, when the
    // loop is either in a handler (it checks again after) or waiting on an empty buffer.
    const liveIfDrained = () => {
      if (caughtUp && !handling && subscriptionStream.readableLength === 0) goLive();
    };
    subscriptionStream.on('caughtUp', () => {
      caughtUp = true;
      setImmediate(liveIfDrained);
    });
    if (head <= (lastPosition ?? 0)) goLive();
    for await (const resolved of subscriptionStream) {
      if (stopped) break;
      const event = fromAll(resolved);
      if (event && (lastPosition === undefined || event.position > lastPosition)) {
        handling = Promise.resolve().then(() => handler(event));
        try {
          await handling;
        } catch (error) {
          throw new HandlerFailure(error);
        } finally {
          handling = undefined;
        }
        lastPosition = event.position;
        if (stopped) break;
        if (event.position >= head) goLive();
      }
      liveIfDrained();
    }
  };

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      let dropped: EventStoreUnavailableError;
      const before = lastPosition;
      try {
        await subscribeOnce();
        if (stopped) return;
        // The server ended the subscription without an error (a restart, a leader change, a closed
        // connection): nothing will come on it any more, so it is resubscribed like a failed one.
        dropped = new EventStoreUnavailableError('EventStoreDB ended the subscription');
      } catch (error) {
        if (stopped) return;
        if (error instanceof HandlerFailure) throw error.error;
        const mapped = toPortError(error);
        // Anything else (access denied, a deleted stream, a programmer error) will not heal by itself.
        if (!(mapped instanceof EventStoreUnavailableError)) throw mapped;
        dropped = mapped;
      }
      dropVendor();
      // A subscription that delivered events was healthy: start the backoff again from the beginning.
      failures = lastPosition !== before ? 1 : failures + 1;
      const delayMs = Math.min(deps.maxDelayMs, deps.initialDelayMs * 2 ** (failures - 1));
      deps.onResubscribe(dropped, failures, delayMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        cancelBackoff = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      cancelBackoff = undefined;
    }
  };

  const subscription: Subscription = {
    async stop() {
      if (stopped) {
        await handling?.catch(() => undefined);
        return;
      }
      stopped = true;
      deps.forget(subscription);
      cancelBackoff?.();
      const current = vendor;
      vendor = undefined;
      await current?.unsubscribe().catch(() => undefined);
      current?.destroy();
      await handling?.catch(() => undefined);
    },
  };
  deps.remember(subscription);
  run().catch(report);
  return subscription;
}
