// Card login at the counter: the kiosk browsers waiting for a card read, per reader. A read from the
// `card-read` queue goes to exactly one browser, the one that has waited longest at that reader; a read
// no browser waits for is kept 3 seconds (a kiosk between two polls) and then dropped, so a card held to
// a reader never logs anyone in on a browser that is not bound to it, nor minutes later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cardReadSchema, CARD_READ_QUEUE, type CardRead } from '@club/devices/card/contract';
import type { QueueService } from '@club/workers/queues';

/** Reads older than this when they reach the API (a queue that waited for a restart) are ignored. */
const STALE_READ_MS = 10_000;
/** How long a read waits for a kiosk that is between two polls. */
const KEEP_UNCLAIMED_MS = 3_000;

interface Waiter {
  resolve: (read: CardRead | null) => void;
}

export class CardKiosks {
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly unclaimed = new Map<string, { read: CardRead; receivedMs: number }>();
  private readonly consuming = new WeakSet<QueueService>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Consumes the card-read queue once the portal has its queues (they are attached after start). */
  follow(queues: () => QueueService | null): void {
    const attach = () => {
      const current = queues();
      if (!current || this.consuming.has(current)) return;
      this.consuming.add(current);
      current.consume(CARD_READ_QUEUE, async (data) => this.deliver(cardReadSchema.parse(data)));
    };
    attach();
    this.timer = setInterval(attach, 1_000);
    this.timer.unref();
  }

  /** Hands a read to the longest-waiting kiosk of its reader. */
  deliver(read: CardRead): void {
    if (this.now() - Date.parse(read.at) > STALE_READ_MS) return;
    const waiting = this.waiters.get(read.reader);
    const waiter = waiting?.shift();
    if (waiter) {
      waiter.resolve(read);
      return;
    }
    this.unclaimed.set(read.reader, { read, receivedMs: this.now() });
  }

  /** The next read at `reader` within `timeoutMs`, or null. `signal` ends the wait (the browser left). */
  wait(reader: string, timeoutMs: number, signal?: AbortSignal): Promise<CardRead | null> {
    const kept = this.unclaimed.get(reader);
    this.unclaimed.delete(reader);
    if (kept && this.now() - kept.receivedMs <= KEEP_UNCLAIMED_MS) return Promise.resolve(kept.read);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve: (read) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(read);
        },
      };
      const leave = () => {
        const list = this.waiters.get(reader) ?? [];
        const index = list.indexOf(waiter);
        if (index >= 0) list.splice(index, 1);
        waiter.resolve(null);
      };
      const timer = setTimeout(leave, timeoutMs);
      signal?.addEventListener('abort', leave, { once: true });
      this.waiters.set(reader, [...(this.waiters.get(reader) ?? []), waiter]);
    });
  }

  stop(): void {
    clearInterval(this.timer);
    for (const list of this.waiters.values()) for (const waiter of list) waiter.resolve(null);
    this.waiters.clear();
  }
}

/** The kiosk cookie: the reader's name and an HMAC of it, so only staff can bind a browser to a reader. */
export const KIOSK_COOKIE = 'club.kiosk';
export const KIOSK_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const signKiosk = (secret: string, reader: string) =>
  `${reader}.${createHmac('sha256', secret).update(`kiosk|${reader}`).digest('base64url')}`;

/** The reader a kiosk cookie names, or null when it is missing or not signed by this portal. */
export function readerOfKioskCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const reader = value.slice(0, dot);
  const expected = Buffer.from(signKiosk(secret, reader));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? reader : null;
}
