// Test helper: a decorator of the EventStore port that counts what happened at the store (appends,
// expected-revision conflicts) and injects faults into append, the one call whose outcome decides whether
// money moved. Tests use it instead of editing the adapters:
//
//   'before_commit'  the append fails and nothing is stored (the process died before COMMIT);
//   'after_commit'   the append is stored, then the caller gets an error instead of the answer (the process
//                    died after COMMIT, or the acknowledgement was lost: an ambiguous outcome).
//
// Every call of `instrument` returns a new object, so each handle also gets its own per-stream command
// lock in handleCommand (commands.ts keys the lock by store object): two handles on one store race like
// two processes do, and only the expected revision keeps them apart.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { type EventStore, WrongExpectedRevisionError } from './port.ts';

export type AppendFault = 'before_commit' | 'after_commit';

export interface FaultPlan {
  at: AppendFault;
  /** Which append from now fails (1 = the next one). Default 1. */
  nth?: number;
  /** Only appends to streams this accepts count towards `nth`. Default: every stream. */
  stream?: (stream: string) => boolean;
  /** The error the caller gets. */
  error: () => Error;
}

export interface InjectedFault {
  at: AppendFault;
  stream: string;
}

export interface InstrumentedStore {
  /** The decorated store: use it wherever the code under test takes an EventStore. */
  readonly store: EventStore;
  /** Appends refused with WrongExpectedRevisionError: each one is a race another writer won. */
  readonly conflicts: number;
  /** Appends attempted through this handle. */
  readonly appends: number;
  /** Faults injected so far, oldest first. */
  readonly injected: readonly InjectedFault[];
  /** Arms one fault; a plan already armed is replaced. */
  arm(plan: FaultPlan): void;
  disarm(): void;
  /** True while a plan is armed and has not fired yet. */
  readonly armed: boolean;
  /**
   * While true, reads answer one turn of the event loop late (as an answer over a socket would), so that
   * concurrent commands on several handles all read before any of them appends, and really conflict.
   */
  readLatency: boolean;
  /** With readLatency: how late, in ms (0: one turn of the event loop). */
  readDelayMs: number;
}

export function instrument(inner: EventStore): InstrumentedStore {
  let conflicts = 0;
  let appends = 0;
  const injected: InjectedFault[] = [];
  let plan: (FaultPlan & { remaining: number }) | undefined;
  let readLatency = false;
  let readDelayMs = 0;
  const late = () => (readDelayMs > 0 ? sleep(readDelayMs) : nextTurn());

  /** The plan, when this append is the one it fails. */
  const firing = (stream: string): FaultPlan | undefined => {
    if (!plan || (plan.stream && !plan.stream(stream))) return undefined;
    plan.remaining -= 1;
    if (plan.remaining > 0) return undefined;
    const fired = plan;
    plan = undefined;
    return fired;
  };

  const store: EventStore = {
    ...inner,
    kind: inner.kind,
    async append(stream, events, expected) {
      appends += 1;
      const fault = firing(stream);
      if (fault?.at === 'before_commit') {
        injected.push({ at: fault.at, stream });
        throw fault.error();
      }
      let result: Awaited<ReturnType<EventStore['append']>>;
      try {
        result = await inner.append(stream, events, expected);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) conflicts += 1;
        // Nothing was stored, so the fault did not happen yet: it waits for the retry of this append.
        if (fault && !plan) plan = { ...fault, remaining: 1 };
        throw error;
      }
      if (fault?.at === 'after_commit') {
        injected.push({ at: fault.at, stream });
        throw fault.error();
      }
      return result;
    },
    async readStream(stream, options) {
      const events = await inner.readStream(stream, options);
      if (readLatency) await late();
      return events;
    },
    async readAll(options) {
      const events = await inner.readAll(options);
      if (readLatency) await late();
      return events;
    },
    subscribeToAll: (handler, options) => inner.subscribeToAll(handler, options),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };

  return {
    store,
    get conflicts() {
      return conflicts;
    },
    get appends() {
      return appends;
    },
    injected,
    arm(next) {
      const nth = next.nth ?? 1;
      if (!Number.isSafeInteger(nth) || nth < 1) throw new RangeError(`nth must be 1 or more, not ${nth}`);
      plan = { ...next, remaining: nth };
    },
    disarm() {
      plan = undefined;
    },
    get armed() {
      return plan !== undefined;
    },
    get readLatency() {
      return readLatency;
    },
    set readLatency(on: boolean) {
      readLatency = on;
    },
    get readDelayMs() {
      return readDelayMs;
    },
    set readDelayMs(ms: number) {
      readDelayMs = ms;
    },
  };
}
