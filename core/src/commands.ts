// Command handling: read the stream, decide with `now`, append with the expected revision, and retry a
// bounded number of times when another writer got there first.
import type { ZodType } from 'zod';
import { type Decider, type DomainEvent, isRejection, type Rejection } from './decider.ts';
import type { AppendResult, EventMetadata, EventStore, NewEvent, RecordedEvent } from './eventstore/port.ts';
import { WrongExpectedRevisionError } from './eventstore/port.ts';
import { deterministicUuid, newId } from './ids.ts';

export interface CommandContext {
  now: Date;
  /** The acting user's pk, or null for the system. */
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
  scope?: 'main' | 'store';
  ip?: string;
  /**
   * The caller's idempotency key. Event ids derive from it, so a retried command appends nothing new
   * (the store treats already stored ids as a no-op).
   */
  commandId?: string;
}

export type CommandResult<State, Reason extends string> =
  | {
      ok: true;
      /**
       * The events this command appended; on a retry of a command already written (same commandId), the
       * events that first run appended, with `replayed` set.
       */
      events: DomainEvent[];
      replayed?: boolean;
      state: State;
      revision: number;
      /** Global position the projections must reach for a reader to see this command's effect. */
      position: number;
      /**
       * Only with `answerAtCommit`: settles once the events are durable, and rejects if they never become
       * so. Nothing may be acknowledged to a user before it settles.
       */
      durable?: Promise<void>;
    }
  | { ok: false; rejection: Rejection<Reason> };

export interface CachedState<State> {
  revision: number;
  position: number;
  state: State;
  /**
   * Set while the append that made this state is only queued (a pipelined command, see HandleOptions):
   * settles once it is committed or failed. Only a command that appends with `chained` may decide on it.
   */
  pending?: Promise<void>;
}

/** Remembers folded states per stream, so a command reads only the events appended since. */
export class StateCache {
  private readonly entries = new Map<string, CachedState<unknown>>();
  constructor(private readonly maxEntries = 50_000) {}

  get<State>(stream: string): CachedState<State> | undefined {
    return this.entries.get(stream) as CachedState<State> | undefined;
  }

  /** The stream's state once no append of this process that it may include is still only queued. */
  async settled<State>(stream: string): Promise<CachedState<State> | undefined> {
    let cached = this.get<State>(stream);
    while (cached?.pending) {
      await cached.pending;
      cached = this.get<State>(stream);
    }
    return cached;
  }

  /** `position` is the global position of the stream's last event (the previous one while pending). */
  set(stream: string, revision: number, position: number, state: unknown, pending?: Promise<void>): void {
    // A command that answers after durability sets its state late, when later commands on the stream
    // may already have set theirs: the newest revision stays (a stream only grows).
    const existing = this.entries.get(stream);
    if (existing && existing.revision > revision) return;
    this.entries.delete(stream);
    this.entries.set(
      stream,
      pending ? { revision, position, state, pending } : { revision, position, state },
    );
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(stream: string): void {
    this.entries.delete(stream);
  }
}

export const toDomainEvent = <Event extends DomainEvent>(event: RecordedEvent): Event =>
  ({ type: event.type, data: event.data }) as Event;

/** Reads a stream and folds it, starting from the cached state when there is one. */
export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  cache?: StateCache,
  /**
   * Take a cached state as it is, without reading the stream's tail. Only for a state that is about to
   * be appended to with its revision as the expected one: if another writer got there first, the append
   * fails and the command decides again on a full read.
   */
  trustCache = false,
): Promise<{
  state: State;
  revision: number | 'no_stream';
  position: number;
  trusted: boolean;
  /** Decided on a state whose last append is only queued: append with `chained`. */
  chained?: boolean;
}> {
  const maybePending = cache?.get<State>(stream);
  if (maybePending && trustCache) {
    const { revision, position, state } = maybePending;
    return { state, revision, position, trusted: true, chained: maybePending.pending !== undefined };
  }
  // A full read never builds on a state whose append may still fail.
  const cached = maybePending?.pending ? await cache!.settled<State>(stream) : maybePending;
  let state = cached ? cached.state : decider.initialState();
  let revision: number | 'no_stream' = cached ? cached.revision : 'no_stream';
  let position = cached ? cached.position : 0;
  const events = await store.readStream(stream, { fromRevision: cached ? cached.revision + 1 : 0 });
  for (const event of events) {
    state = decider.evolve(state, toDomainEvent<Event>(event));
    revision = event.revision;
    position = event.position;
  }
  if (cache && revision !== 'no_stream') cache.set(stream, revision, position, state);
  if (position === 0 && revision !== 'no_stream') {
    const last = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    position = last[0]?.position ?? 0;
  }
  return { state, revision, position, trusted: false };
}

export const metadataOf = (context: CommandContext): EventMetadata => ({
  actor: context.actor,
  correlationId: context.correlationId,
  causationId: context.causationId ?? null,
  time: context.now.toISOString(),
  ...(context.scope ? { scope: context.scope } : {}),
  ...(context.ip ? { ip: context.ip } : {}),
});

export interface HandleOptions {
  maxAttempts?: number;
  cache?: StateCache;
  /** Validates each new event before it is written (a programmer error if it fails). */
  schema?: ZodType;
  /**
   * The decider itself answers a repeated command with no events (it remembers what it did), so a retry
   * needs no look back through the stream for the command's earlier events.
   */
  deciderIsIdempotent?: boolean;
  /**
   * Answer as soon as the events are committed (visible to reads, maybe not yet durable), with a
   * `durable` promise on the result. A caller can then append its next step, which lands later in the log
   * and so can never outlive this one, and wait for both at once (group commit syncs them together).
   */
  answerAtCommit?: boolean;
  /**
   * With an adapter that calls `onQueued` (port.ts), end the stream's turn once the append is queued,
   * not committed: the next command on the stream decides on this one's state at once and appends with
   * `chained`, so a hot stream gets many appends into one transaction instead of one per turn of the
   * event loop. Its expected revision and `chained` still make it fail, and decide again, if this one
   * does not land; a refusal or no-op waits until this one is committed and decides again on that.
   */
  pipeline?: boolean;
}

/** How far back a retried command is looked for: retries come within moments of the first try. */
const RETRY_LOOKBACK_EVENTS = 100;

export async function handleCommand<Command, Event extends DomainEvent, State, Reason extends string>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State, Reason>,
  command: Command,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<State, Reason>> {
  // Commands on one stream in this process take turns, so they do not race each other into conflicts;
  // the expected revision still guards against writers in other processes. A turn ends when the append
  // is committed, not when it is durable: the next command reads the committed events, and its own append
  // lands after them in the log, so group commit can sync both at once (see AppendOptions.onCommitted).
  return withStreamLock(store, stream, (release) =>
    decideAndAppend(store, stream, decider, command, context, options, release),
  );
}

async function decideAndAppend<Command, Event extends DomainEvent, State, Reason extends string>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State, Reason>,
  command: Command,
  context: CommandContext,
  options: HandleOptions,
  releaseStream: () => void,
): Promise<CommandResult<State, Reason>> {
  const maxAttempts = options.maxAttempts ?? 8;
  if (context.commandId && !options.deciderIsIdempotent) {
    const replay = await findWrittenCommand(store, stream, context.commandId);
    if (replay) {
      const { state, revision } = await loadState(store, stream, decider, options.cache);
      return {
        ok: true,
        events: replay.events,
        replayed: true,
        state,
        revision: revision === 'no_stream' ? -1 : revision,
        position: replay.position,
      };
    }
  }
  for (let attempt = 1; ; attempt++) {
    // The first attempt decides on the cached state without reading the stream (the expected revision
    // guards the append). A refusal or a no-op appends nothing, so nothing would catch a stale cache:
    // those are decided again on a full read.
    let loaded = await loadState(store, stream, decider, options.cache, attempt === 1);
    let decision = decider.decide(command, loaded.state, context.now);
    if (loaded.trusted && (isRejection(decision) || decision.length === 0)) {
      loaded = await loadState(store, stream, decider, options.cache);
      decision = decider.decide(command, loaded.state, context.now);
    }
    const { state, revision, position } = loaded;
    if (isRejection(decision)) return { ok: false, rejection: decision as Rejection<Reason> };
    if (decision.length === 0) {
      return { ok: true, events: [], state, revision: revision === 'no_stream' ? -1 : revision, position };
    }
    const metadata = metadataOf(context);
    const newEvents: NewEvent[] = decision.map((event, index) => {
      if (options.schema) options.schema.parse(event);
      return {
        id: context.commandId ? commandEventId(context.commandId, stream, index) : newId(),
        type: event.type,
        data: event.data,
        metadata,
      };
    });
    // Settles the pending state of a pipelined append (once it is committed, or failed).
    let settlePending: (() => void) | undefined;
    try {
      let answerCommitted: ((appended: AppendResult) => void) | undefined;
      const committed = options.answerAtCommit
        ? new Promise<AppendResult>((resolve) => {
            answerCommitted = resolve;
          })
        : undefined;
      const expectedLast = (revision === 'no_stream' ? -1 : revision) + newEvents.length;
      let next = state;
      for (const event of decision) next = decider.evolve(next, event);
      const cache = options.cache;
      // After a conflict the turn has already ended (another process wrote first); release is then a no-op.
      const appending = store.append(stream, newEvents, revision, {
        ...(loaded.chained ? { chained: true } : {}),
        ...(options.pipeline && cache
          ? {
              onQueued: () => {
                // The next command on this stream may decide on this state now, appending `chained`.
                const pending = new Promise<void>((resolve) => {
                  settlePending = resolve;
                });
                cache.set(stream, expectedLast, position, next, pending);
                releaseStream();
              },
            }
          : {}),
        onCommitted: (appended) => {
          // The cache moves before the turn ends: the next command on this stream decides on it.
          if (appended?.lastRevision === expectedLast)
            cache?.set(stream, appended.lastRevision, appended.position, next);
          else cache?.forget(stream);
          settlePending?.();
          releaseStream();
          if (appended) answerCommitted?.(appended);
        },
      });
      // Without a commit stage in the adapter, the append itself answers (durable, then).
      const result = committed ? await Promise.race([committed, appending]) : await appending;
      const durable = committed ? appending.then(() => undefined) : undefined;
      // Handled by whoever awaits it; this only keeps an unawaited failure from crashing the process.
      durable?.catch(() => undefined);
      if (result.lastRevision !== expectedLast) {
        // The store already held these ids: a retry of a command that was written before.
        options.cache?.forget(stream);
        const reloaded = await loadState(store, stream, decider, options.cache);
        return {
          ok: true,
          events: decision,
          replayed: true,
          state: reloaded.state,
          revision: result.lastRevision,
          position: result.position,
          ...(durable ? { durable } : {}),
        };
      }
      options.cache?.set(stream, result.lastRevision, result.position, next);
      return {
        ok: true,
        events: decision,
        state: next,
        revision: result.lastRevision,
        position: result.position,
        ...(durable ? { durable } : {}),
      };
    } catch (error) {
      options.cache?.forget(stream);
      settlePending?.();
      if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) {
        // Another process wrote first: back off a little, with jitter, and decide again.
        await sleep(Math.random() * 5 * attempt);
        continue;
      }
      throw error;
    }
  }
}

const commandEventId = (commandId: string, stream: string, index: number) =>
  deterministicUuid(`${commandId}|${stream}|${index}`);

/** The events a command with this id already wrote to the stream, if it was written recently. */
async function findWrittenCommand(
  store: EventStore,
  stream: string,
  commandId: string,
): Promise<{ events: DomainEvent[]; position: number } | undefined> {
  const firstId = commandEventId(commandId, stream, 0);
  const recent = await store.readStream(stream, { direction: 'backwards', maxCount: RETRY_LOOKBACK_EVENTS });
  const firstIndex = recent.findIndex((event) => event.id === firstId);
  if (firstIndex < 0) return undefined;
  // `recent` is newest first: the command's events are at firstIndex and the entries before it.
  const written: RecordedEvent[] = [];
  for (let index = firstIndex, n = 0; index >= 0; index--, n++) {
    const event = recent[index]!;
    if (event.id !== commandEventId(commandId, stream, n)) break;
    written.push(event);
  }
  return {
    events: written.map((event) => toDomainEvent(event)),
    position: written[written.length - 1]!.position,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const streamLocks = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/**
 * Runs `work` after the previous holder of the stream released it. The holder releases by calling
 * `release` (at the latest when `work` settles); calling it more than once is harmless.
 */
async function withStreamLock<T>(
  store: EventStore,
  stream: string,
  work: (release: () => void) => Promise<T>,
): Promise<T> {
  let locks = streamLocks.get(store);
  if (!locks) {
    locks = new Map();
    streamLocks.set(store, locks);
  }
  const previous = locks.get(stream) ?? Promise.resolve();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks.set(stream, released);
  const releaseOnce = () => {
    release();
    if (locks.get(stream) === released) locks.delete(stream);
  };
  await previous;
  try {
    return await work(releaseOnce);
  } finally {
    releaseOnce();
  }
}
