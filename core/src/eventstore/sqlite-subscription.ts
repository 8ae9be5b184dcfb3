// A subscription to the SQLite adapter's log: reads what is durable after its last position, hands each
// event to the handler in order, and waits for a wake (an append of this process became durable) or the
// poll timer (appends by another process on the same file).
import type { RecordedEvent, SubscribeOptions, Subscription } from './port.ts';
import { type DeliveredRow, toDelivered, toRecorded } from './sqlite-rows.ts';

export const PAGE_SIZE = 1000;

export interface FollowedLog {
  /**
   * Durable rows after a position, at most `maxCount`. `fromTail`: they came from the rows this process
   * just committed, and the reader must ask again (rows after them may be another process's).
   */
  read: (afterPosition: number, maxCount: number) => { rows: DeliveredRow[]; fromTail: boolean };
  wakers: Set<() => void>;
  pollIntervalMs: number;
  isClosed: () => boolean;
  /** Subscriptions not stopped yet. */
  live: Set<Subscription>;
}

export function followLog(
  log: FollowedLog,
  handler: (event: RecordedEvent) => Promise<void> | void,
  subscribeOptions: SubscribeOptions,
): Subscription {
  let lastPosition = subscribeOptions.afterPosition ?? 0;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  // Set by every wake, so an append that lands while a batch is being handled is not missed.
  let dirty = false;
  const wake = () => {
    dirty = true;
    wakeUp?.();
  };
  log.wakers.add(wake);
  const timer = setInterval(wake, log.pollIntervalMs);
  timer.unref();

  const loop = async () => {
    let live = false;
    while (!stopped) {
      dirty = false;
      const { rows: batch, fromTail } = log.isClosed()
        ? { rows: [], fromTail: false }
        : log.read(lastPosition, PAGE_SIZE);
      for (const row of batch) {
        if (stopped) return;
        // Rows of the tail are shared by the subscribers, and so is their parse; a row read from the file
        // is this subscriber's own.
        await handler(fromTail ? toDelivered(row) : toRecorded(row));
        lastPosition = row.position;
      }
      if (batch.length === PAGE_SIZE || fromTail) continue;
      if (!live) {
        live = true;
        subscribeOptions.onLive?.();
      }
      // Wait for an append in this process or the next poll tick.
      if (dirty || stopped) continue;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
      wakeUp = undefined;
    }
  };
  const running = loop().catch((error: unknown) => {
    if (subscribeOptions.onError) subscribeOptions.onError(error);
    else console.error('event store subscription stopped by an error', error);
  });

  const subscription: Subscription = {
    async stop() {
      stopped = true;
      log.live.delete(subscription);
      log.wakers.delete(wake);
      clearInterval(timer);
      wakeUp?.();
      await running;
    },
  };
  log.live.add(subscription);
  return subscription;
}
