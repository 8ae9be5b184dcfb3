// Command handling: read the stream, decide with `now`, append with the expected revision, and retry a
// bounded number of times when another writer got there first.
import type { ZodType } from 'zod';
import { type Decider, type DomainEvent, isRejection, type Rejection } from './decider.ts';
import type { EventMetadata, EventStore, NewEvent, RecordedEvent } from './eventstore/port.ts';
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
      /** The events this command appended; empty when it was a no-op or an idempotent retry. */
      events: DomainEvent[];
      state: State;
      revision: number;
      /** Global position the projections must reach for a reader to see this command's effect. */
      position: number;
    }
  | { ok: false; rejection: Rejection<Reason> };

/** Remembers folded states per stream, so a command reads only the events appended since. */
export class StateCache {
  private readonly entries = new Map<string, { revision: number; state: unknown }>();
  constructor(private readonly maxEntries = 50_000) {}

  get<State>(stream: string): { revision: number; state: State } | undefined {
    return this.entries.get(stream) as { revision: number; state: State } | undefined;
  }

  set(stream: string, revision: number, state: unknown): void {
    this.entries.delete(stream);
    this.entries.set(stream, { revision, state });
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
): Promise<{ state: State; revision: number | 'no_stream'; position: number }> {
  const cached = cache?.get<State>(stream);
  let state = cached ? cached.state : decider.initialState();
  let revision: number | 'no_stream' = cached ? cached.revision : 'no_stream';
  let position = 0;
  const events = await store.readStream(stream, { fromRevision: cached ? cached.revision + 1 : 0 });
  for (const event of events) {
    state = decider.evolve(state, toDomainEvent<Event>(event));
    revision = event.revision;
    position = event.position;
  }
  if (cache && revision !== 'no_stream') cache.set(stream, revision, state);
  if (position === 0 && revision !== 'no_stream') {
    const last = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    position = last[0]?.position ?? 0;
  }
  return { state, revision, position };
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
}

export async function handleCommand<Command, Event extends DomainEvent, State, Reason extends string>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State, Reason>,
  command: Command,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<State, Reason>> {
  const maxAttempts = options.maxAttempts ?? 8;
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await loadState(store, stream, decider, options.cache);
    const decision = decider.decide(command, state, context.now);
    if (isRejection(decision)) return { ok: false, rejection: decision as Rejection<Reason> };
    if (decision.length === 0) {
      return { ok: true, events: [], state, revision: revision === 'no_stream' ? -1 : revision, position };
    }
    const metadata = metadataOf(context);
    const newEvents: NewEvent[] = decision.map((event, index) => {
      if (options.schema) options.schema.parse(event);
      return {
        id: context.commandId ? deterministicUuid(`${context.commandId}|${stream}|${index}`) : newId(),
        type: event.type,
        data: event.data,
        metadata,
      };
    });
    try {
      const result = await store.append(stream, newEvents, revision);
      const expectedLast = (revision === 'no_stream' ? -1 : revision) + newEvents.length;
      if (result.lastRevision !== expectedLast) {
        // The store already held these ids: a retry of a command that was written before.
        options.cache?.forget(stream);
        const reloaded = await loadState(store, stream, decider, options.cache);
        return { ok: true, events: [], state: reloaded.state, revision: result.lastRevision, position: result.position };
      }
      let next = state;
      for (const event of decision) next = decider.evolve(next, event);
      options.cache?.set(stream, result.lastRevision, next);
      return { ok: true, events: decision, state: next, revision: result.lastRevision, position: result.position };
    } catch (error) {
      options.cache?.forget(stream);
      if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) continue;
      throw error;
    }
  }
}
