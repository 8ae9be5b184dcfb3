// The ledger process manager as the API runs it: catch up at start (settlePending), then follow the live
// log and run each event's follow-ups. A follow-up that throws (at start or live) never stops the portal:
// it is reported with the transfer it is about, kept in a list the system status can show (`stuck()`),
// and retried with exponential backoff until it succeeds or a later event shows it done by someone else.
import { StateCache } from '../commands.ts';
import type { EventStore, RecordedEvent, Subscription } from '../eventstore/port.ts';
import {
  describeFollowUp,
  executeFollowUp,
  type FollowUp,
  followUpsOf,
  keyOfFollowUp,
  type SettleOptions,
  type SettleReport,
  settlePending,
  subjectOf,
} from './process-manager.ts';
import { Ledger } from './service.ts';

/** A follow-up that failed and waits for its next attempt; what the system status lists. */
export interface StuckFollowUp {
  /** The step, e.g. 'CreditTransfer'. */
  type: FollowUp['type'];
  /** The transfer (or claim item) it is about, e.g. '101/t1'. */
  subject: string;
  /** Failed attempts so far. */
  attempts: number;
  firstFailedAt: Date;
  lastError: string;
  nextAttemptAt: Date;
}

export interface RetryPolicy {
  /** Delay before the first retry (default 1 s); it doubles with every failure. */
  initialDelayMs?: number;
  /** Longest delay between two attempts (default 5 minutes). */
  maxDelayMs?: number;
}

export interface FollowUpFailure {
  followUp: FollowUp;
  /** `describeFollowUp`: the step and the transfer it is about. */
  description: string;
  attempts: number;
  retryInMs: number;
}

export interface LedgerProcessManager {
  /**
   * Resolves once the catch-up (settlePending) is done and the live subscription has started, also when
   * some follow-ups failed (they are in `stuck()` then, and retried in the background).
   */
  ready: Promise<SettleReport>;
  /** Follow-ups that failed and are waiting for a retry, oldest failure first. */
  stuck(): StuckFollowUp[];
  stop(): Promise<void>;
}

interface StuckEntry {
  followUp: FollowUp;
  correlationId: string;
  causationId: string;
  attempts: number;
  firstFailedAt: Date;
  lastError: string;
  nextAttemptAt: number;
  timer?: NodeJS.Timeout;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function startLedgerProcessManager(
  store: EventStore,
  options: SettleOptions & {
    /**
     * A follow-up that threw (followUp set: it will be retried), or the live subscription failed
     * (followUp undefined: it is restarted after a backoff).
     */
    onError?: (error: unknown, failure?: FollowUpFailure) => void;
    retry?: RetryPolicy;
  } = {},
): LedgerProcessManager {
  const ledger = options.ledger ?? new Ledger(store, { cache: new StateCache() });
  const now = options.now ?? (() => new Date());
  const initialDelayMs = options.retry?.initialDelayMs ?? 1000;
  const maxDelayMs = options.retry?.maxDelayMs ?? 5 * 60_000;
  const delayAfter = (attempts: number) => Math.min(maxDelayMs, initialDelayMs * 2 ** (attempts - 1));
  const stuck = new Map<string, StuckEntry>();
  const running = new Set<Promise<unknown>>();
  let subscription: Subscription | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  /** Records a failure and schedules the next attempt. */
  const failed = (
    error: unknown,
    followUp: FollowUp,
    cause: { correlationId: string; causationId: string },
  ): void => {
    const key = keyOfFollowUp(followUp);
    const entry: StuckEntry = stuck.get(key) ?? {
      followUp,
      ...cause,
      attempts: 0,
      firstFailedAt: now(),
      lastError: '',
      nextAttemptAt: 0,
    };
    entry.attempts += 1;
    entry.lastError = errorText(error);
    const retryInMs = delayAfter(entry.attempts);
    entry.nextAttemptAt = Date.now() + retryInMs;
    stuck.set(key, entry);
    options.onError?.(error, {
      followUp,
      description: describeFollowUp(followUp),
      attempts: entry.attempts,
      retryInMs,
    });
    if (stopped) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void track(attempt(key)), retryInMs);
    entry.timer.unref();
  };

  const run = (followUp: FollowUp, cause: { correlationId: string; causationId: string }) =>
    executeFollowUp(ledger, followUp, { now: now(), actorPk: null, ...cause });

  /** One retry of a stuck follow-up; a success (or a no-op: someone else did it) takes it off the list. */
  const attempt = async (key: string): Promise<void> => {
    const entry = stuck.get(key);
    if (!entry || stopped) return;
    try {
      await run(entry.followUp, entry);
      stuck.delete(key);
    } catch (error) {
      failed(error, entry.followUp, entry);
    }
  };

  const handle = async (event: RecordedEvent): Promise<void> => {
    for (const followUp of followUpsOf(event)) {
      // The usual case: the request that debited has credited too, in this process.
      if (followUp.type === 'CreditTransfer' && ledger.creditCommitted(followUp.debited)) continue;
      const cause = { correlationId: event.metadata.correlationId, causationId: event.id };
      try {
        await run(followUp, cause);
      } catch (error) {
        failed(error, followUp, cause);
      }
    }
    lastHandled = event.position;
  };

  let lastHandled = 0;
  let subscriptionFailures = 0;
  const subscribe = () => {
    if (stopped) return;
    subscription = store.subscribeToAll(handle, {
      afterPosition: lastHandled,
      onLive: () => {
        subscriptionFailures = 0;
      },
      onError: (error) => {
        // The adapter already resubscribes on transient errors itself; this is anything else. Start again
        // from the last event handled, after a backoff, rather than stop following the log.
        subscriptionFailures += 1;
        options.onError?.(error);
        if (stopped) return;
        resubscribeTimer = setTimeout(subscribe, delayAfter(subscriptionFailures));
        resubscribeTimer.unref();
      },
    });
  };

  const ready = settlePending(store, {
    ...options,
    ledger,
    onFailure: (error, entry) => failed(error, entry.followUp, entry),
  }).then((report) => {
    // The subscription starts where the scan ended: follow-ups it left failing are in `stuck`.
    lastHandled = report.scannedTo;
    if (report.pending.length > 0) {
      // Still pending without having failed (passes ran out): hand them to the retry loop as well.
      for (const entry of report.pending) {
        if (stuck.has(keyOfFollowUp(entry.followUp))) continue;
        failed(new Error('still pending after settling'), entry.followUp, entry);
      }
    }
    subscribe();
    return report;
  });

  return {
    ready,
    stuck() {
      return [...stuck.values()]
        .sort((a, b) => a.firstFailedAt.getTime() - b.firstFailedAt.getTime())
        .map((entry) => ({
          type: entry.followUp.type,
          subject: subjectOf(entry.followUp),
          attempts: entry.attempts,
          firstFailedAt: entry.firstFailedAt,
          lastError: entry.lastError,
          nextAttemptAt: new Date(entry.nextAttemptAt),
        }));
    },
    async stop() {
      stopped = true;
      clearTimeout(resubscribeTimer);
      for (const entry of stuck.values()) clearTimeout(entry.timer);
      await ready.catch(() => undefined);
      await subscription?.stop();
      await Promise.allSettled([...running]);
    },
  };
}
