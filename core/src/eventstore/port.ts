// The event-store port: every adapter (embedded SQLite, EventStoreDB) implements exactly this and
// passes the same contract suite (eventstore/contract.ts).

/** Who caused an event and in answer to what; stored beside every event. */
export interface EventMetadata {
  /** The acting user's pk as a string, or null for the system (bootstrap, process managers). */
  actor: string | null;
  /** Shared by every event that one user request caused. */
  correlationId: string;
  /** The id of the event or request that directly caused this one. */
  causationId: string | null;
  /** ISO-8601 time the command was decided at (the `now` given to the decider). */
  time: string;
  /** The client scope header, when the event came from an HTTP request. */
  scope?: 'main' | 'store';
  ip?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /**
   * A UUID, new for each event. Appending ids already stored among the stream's last
   * IDEMPOTENCY_WINDOW events is a retry, answered with the first append's result and writing nothing.
   */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  stream: string;
  /** 0-based position inside its stream. */
  revision: number;
  /**
   * Position in the global log; strictly increasing in append order, comparable across streams. Opaque:
   * compare positions and pass back ones the store returned, never compute one (EventStoreDB's are sparse,
   * so `position - 1` names no event).
   */
  position: number;
}

/**
 * How far back in a stream an append looks for its own ids, to tell a retry from a new append. It looks
 * when a retry could pass the revision check ('any', 'stream_exists'; not with `newIds`) or when the check
 * failed (a retry after the stream moved on). An append whose exact expected revision matches is new: its
 * ids cannot be among the events after that revision, and a writer never reuses an id for a new decision
 * (commands.ts looks for a retried command's events before it decides again).
 */
export const IDEMPOTENCY_WINDOW = 1000;

/**
 * 'no_stream': the stream must not exist yet (used to claim unique values);
 * 'stream_exists': it must exist; 'any': no check; a number: the stream's last revision must be exactly it.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  lastRevision: number;
  /** Global position of the last event appended (or of the already stored one, on an idempotent retry). */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store could not be reached or failed; the operation may or may not have happened. */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

export interface AppendOptions {
  /**
   * Called once the append is committed and visible to reads, which may be before it is durable (group
   * commit: the SQLite adapter syncs many commits at once), with its result, or with undefined when it
   * failed (the promise then rejects). A writer may then decide its next command on the stream; that
   * command's append comes later in the log, so it can never outlive this one. Adapters without such a
   * stage never call it; the append's promise still settles only once it is durable.
   */
  onCommitted?: (result: AppendResult | undefined) => void;
  /**
   * Called at once, inside `append`, by an adapter that commits this process's appends in the order they
   * were queued (the SQLite adapter's group commit), once this one is queued; always followed later by
   * `onCommitted`. A writer may then decide its next command on the stream as if this append had landed,
   * and append it with `chained`: it is committed after this one, in the same transaction.
   */
  onQueued?: () => void;
  /**
   * This append was decided on the state after the stream's previous append in this process, which was
   * only queued then: if that append failed, this one fails too (WrongExpectedRevisionError), even where
   * its expected revision would match (another writer may have taken that revision). Adapters that never
   * call `onQueued` may ignore it.
   */
  chained?: boolean;
  /**
   * The events' ids were made for this call (`newId()` right before it), so it cannot be a retry and the
   * store does not look for them among the stream's last events. For appends with 'any' or
   * 'stream_exists' to long streams (the login log, a vote's ballot box), where that look read up to
   * IDEMPOTENCY_WINDOW events at every append.
   */
  newIds?: boolean;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision (forwards: lowest, backwards: highest). Default: the stream's end in that direction. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events with a position strictly greater are returned. Default: from the beginning. */
  afterPosition?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive start position; undefined starts at the beginning of the log. */
  afterPosition?: number;
  /** Called once, after every event stored when the subscription started has been delivered. */
  onLive?: () => void;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is in progress. */
  stop(): Promise<void>;
}

export interface EventStore {
  readonly kind: 'sqlite' | 'eventstoredb';
  /**
   * Appends atomically: all events or none. If every event id is already stored among the stream's last
   * IDEMPOTENCY_WINDOW events the call succeeds without writing and returns the stored position; a mix of
   * stored and new ids is a programmer error. Resolves only once the write is durable.
   */
  append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of the global log in position order (excluding store-internal system events). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription to the global log: delivers stored events after `afterPosition` in order, calls
   * onLive, then delivers new events as they are appended. The handler is awaited before the next event.
   */
  subscribeToAll(
    handler: (event: RecordedEvent) => void | Promise<void>,
    options?: SubscribeOptions,
  ): Subscription;
  /** Position of the newest event in the global log, or 0 when the log is empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
