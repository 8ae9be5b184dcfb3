// The EventStoreDB adapter (gRPC client @eventstore/db-client 6). Vendor errors become the port's errors
// here, so nothing outside this file knows which store is behind the port.
//
// Global positions: every event EventStoreDB 20+ writes is a self-committed prepare record whose commit
// position and prepare position are both its own log position, so the commit position alone identifies an
// event in $all, is unique, and increases in append order. It is a bigint on the wire; a log would need
// 9 PB before it stops fitting a JavaScript number, so it is converted (and checked).
//
// Needs EventStoreDB 22.6 or later: older servers do not return positions on stream reads.
import {
  ANY,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult as VendorAppendResult,
  BACKWARDS,
  type CurrentRevision,
  END,
  ErrorType,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  isCommandError,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type RecordedEvent as VendorRecordedEvent,
  START,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './port.ts';

/** The part of the client this adapter uses: the real EventStoreDBClient, or a fake in unit tests. */
export type EventStoreDbClient = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

export interface EventStoreDbOptions {
  /** Backoff of resubscribing after a dropped subscription: first delay, doubled up to the maximum. */
  resubscribe?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Called when a subscription dropped and is resubscribed after `delayMs` (default: a warning). */
  onResubscribe?: (error: EventStoreUnavailableError, attempt: number, delayMs: number) => void;
}

/**
 * How far back an append looks for already stored event ids when EventStoreDB cannot tell by itself that it
 * is a retry (a retry after the stream moved on, or with 'any').
 */
export const idempotencyWindow = 1000;
/** Events read per request when reading $all, which also holds system events this adapter skips. */
const allPageSize = 500;

// ---- Pure conversions (unit-tested in eventstoredb.test.ts) ----

/** Converts a commit position to the port's number, refusing values a number cannot hold exactly. */
export function positionToNumber(commit: bigint): number {
  if (commit < 0n || commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB commit position ${commit} does not fit a safe integer`);
  }
  return Number(commit);
}

/** The $all position of the event at a port position (commit and prepare are equal, see the top). */
export function numberToPosition(position: number): Position {
  if (!Number.isSafeInteger(position) || position < 0) throw new RangeError(`invalid position ${position}`);
  return { commit: BigInt(position), prepare: BigInt(position) };
}

export function toVendorExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0)
        throw new RangeError(`invalid revision ${expected}`);
      return BigInt(expected);
  }
}

function fromVendorExpectedRevision(expected: AppendExpectedRevision): ExpectedRevision {
  return typeof expected === 'bigint' ? Number(expected) : expected;
}

export function fromVendorCurrentRevision(current: CurrentRevision | undefined): number | 'no_stream' {
  if (current === undefined || current === NO_STREAM || current < 0n) return 'no_stream';
  return Number(current);
}

/** System events ($metadata, $>, $settings, ...) are the store's own and never reach the port. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/**
 * Errors of the client that mean the server could not be reached or did not answer in time. Not UNKNOWN:
 * the client makes an UnknownError of every gRPC status it does not recognise and of server answers it
 * cannot parse (invalid arguments, unimplemented calls), which retrying does not fix.
 */
const unavailableTypes = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
]);
/** gRPC status codes for the same, on errors the client did not convert. */
const unavailableGrpcCodes = new Set([1, 4, 13, 14]);
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

/**
 * Maps an error thrown by the client to the port's errors: a wrong expected version becomes
 * WrongExpectedRevisionError, anything meaning "could not reach or the server failed" becomes
 * EventStoreUnavailableError. Other errors (access denied, bad arguments, deleted streams) are programmer
 * or setup errors and pass through unchanged.
 */
export function toPortError(
  error: unknown,
  append?: { stream: string; expected: ExpectedRevision },
): unknown {
  if (error instanceof WrongExpectedRevisionError || error instanceof EventStoreUnavailableError)
    return error;
  if (!(error instanceof Error)) return error;
  if (isCommandError(error)) {
    if (error.type === ErrorType.WRONG_EXPECTED_VERSION) {
      return new WrongExpectedRevisionError(
        append?.stream ?? error.streamName,
        append?.expected ?? fromVendorExpectedRevision(error.expectedVersion),
        fromVendorCurrentRevision(error.actualVersion),
      );
    }
    if (unavailableTypes.has(error.type)) {
      return new EventStoreUnavailableError(`EventStoreDB unavailable: ${error.message}`, { cause: error });
    }
    return error;
  }
  const code = (error as { code?: unknown }).code;
  if (
    (typeof code === 'number' && unavailableGrpcCodes.has(code)) ||
    (typeof code === 'string' && unavailableNodeCodes.has(code)) ||
    error.message.startsWith('Failed to discover')
  ) {
    return new EventStoreUnavailableError(`EventStoreDB unavailable: ${error.message}`, { cause: error });
  }
  return error;
}

const isStreamNotFound = (error: unknown): boolean =>
  error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;

function toRecordedEvent(event: VendorRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error('EventStoreDB did not return event positions on a stream read (a server before 22.6?)');
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data as unknown,
    metadata: event.metadata as unknown as EventMetadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: positionToNumber(event.position.commit),
  };
}

/** A port event of $all, or undefined for system events and unresolved links. */
function fromAll(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  return toRecordedEvent(event);
}

// ---- The adapter ----

export function openEventStoreDb(connectionString: string, options: EventStoreDbOptions = {}): EventStore {
  return openEventStoreDbWithClient(EventStoreDBClient.connectionString(connectionString), options);
}

/** A handler's own error, kept apart from the subscription's errors (which may be resubscribed). */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

export function openEventStoreDbWithClient(
  client: EventStoreDbClient,
  adapterOptions: EventStoreDbOptions = {},
): EventStore {
  const initialDelayMs = adapterOptions.resubscribe?.initialDelayMs ?? 200;
  const maxDelayMs = adapterOptions.resubscribe?.maxDelayMs ?? 10_000;
  const onResubscribe =
    adapterOptions.onResubscribe ??
    ((error: EventStoreUnavailableError, attempt: number, delayMs: number) =>
      console.warn(
        `EventStoreDB subscription dropped (${error.message}); resubscribing in ${delayMs} ms (attempt ${attempt})`,
      ));
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('event store is closed');
  };

  /**
   * `requiresLeader` for the reads that follow (or look for) an append: a follower may not hold the
   * append yet, and would answer "not stored" about an event that is.
   */
  async function readStream(
    stream: string,
    options: ReadStreamOptions = {},
    requiresLeader = false,
  ): Promise<RecordedEvent[]> {
    assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
        ...(requiresLeader ? { requiresLeader: true } : {}),
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw toPortError(error);
    }
    return events;
  }

  /**
   * Looks for the ids among the stream's newest events. Returns the stored result when all are there,
   * undefined when none is, and throws when only some are (the port calls that a programmer error).
   */
  async function findStored(stream: string, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
    const ids = new Set(events.map((event) => event.id));
    const window = await readStream(stream, { direction: 'backwards', maxCount: idempotencyWindow }, true);
    const found = window.filter((event) => ids.has(event.id));
    if (found.length === 0) return undefined;
    if (found.length < ids.size) {
      throw new Error(`append to ${stream}: some event ids are already stored and some are not`);
    }
    // The window is newest first, so the first match is the last event of the original append.
    const last = found[0]!;
    return { lastRevision: last.revision, position: last.position };
  }

  /** The global position of the event at a revision (the append result does not always say). */
  async function positionOf(stream: string, revision: number): Promise<number> {
    const [event] = await readStream(stream, { fromRevision: revision, maxCount: 1 }, true);
    if (!event || event.revision !== revision) {
      throw new Error(`stream ${stream}: revision ${revision} not found right after appending it`);
    }
    return event.position;
  }

  async function headPosition(): Promise<number> {
    assertOpen();
    let from: Position | typeof END = END;
    try {
      for (;;) {
        let count = 0;
        let last: AllStreamResolvedEvent | undefined;
        for await (const resolved of client.readAll({
          direction: BACKWARDS,
          fromPosition: from,
          maxCount: allPageSize,
        })) {
          count += 1;
          last = resolved;
          const event = fromAll(resolved);
          if (event) return event.position;
        }
        if (count < allPageSize || !last?.event) return 0;
        // A whole page of system events: continue below it. Should the start be inclusive, the one event
        // read twice is a system event and the page still moves back.
        from = last.event.position;
      }
    } catch (error) {
      throw toPortError(error);
    }
  }

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(stream, events, expected) {
      assertOpen();
      if (events.length === 0) throw new Error(`append to ${stream}: no events`);
      // With 'any' EventStoreDB's own duplicate check is best effort only, so look first.
      if (expected === 'any') {
        const stored = await findStored(stream, events);
        if (stored) return stored;
      }

      let result: VendorAppendResult;
      try {
        result = await client.appendToStream(
          stream,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              data: event.data as JSONType,
              metadata: { ...event.metadata },
            }),
          ),
          { expectedRevision: toVendorExpectedRevision(expected) },
        );
      } catch (error) {
        const mapped = toPortError(error, { stream, expected });
        // EventStoreDB recognises a retry only when the expected revision is the original one; a retry
        // after the stream moved on is reported as a conflict, so check for the ids before refusing.
        if (mapped instanceof WrongExpectedRevisionError) {
          const stored = await findStored(stream, events);
          if (stored) return stored;
        }
        throw mapped;
      }

      if (!result.success) {
        // Only with throwOnAppendFailure=false in the connection string; that path of the client reports
        // the current revision wrongly, so read it.
        const stored = await findStored(stream, events);
        if (stored) return stored;
        const [last] = await readStream(stream, { direction: 'backwards', maxCount: 1 }, true);
        throw new WrongExpectedRevisionError(stream, expected, last ? last.revision : 'no_stream');
      }

      // nextExpectedRevision is the revision of the last event of this append, or of the original append
      // when EventStoreDB recognised a retry. The position it returns is the first event's for a
      // multi-event append, and absent for a recognised retry, so look those up.
      const lastRevision = Number(result.nextExpectedRevision);
      const position =
        events.length === 1 && result.position
          ? positionToNumber(result.position.commit)
          : await positionOf(stream, lastRevision);
      return { lastRevision, position };
    },

    readStream,

    async readAll(options: ReadAllOptions = {}) {
      assertOpen();
      const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
      const events: RecordedEvent[] = [];
      // Forward reads of $all include their start position, so `after` is skipped explicitly.
      let after = options.afterPosition;
      try {
        while (events.length < wanted) {
          let count = 0;
          const read = client.readAll({
            direction: FORWARDS,
            fromPosition: after === undefined ? START : numberToPosition(after),
            maxCount: allPageSize,
          });
          for await (const resolved of read) {
            count += 1;
            const position = resolved.event?.position;
            if (!position) continue;
            const positionNumber = positionToNumber(position.commit);
            if (after !== undefined && positionNumber <= after) continue;
            after = positionNumber;
            const event = fromAll(resolved);
            if (!event) continue;
            events.push(event);
            if (events.length >= wanted) break;
          }
          if (count < allPageSize) break;
        }
      } catch (error) {
        throw toPortError(error);
      }
      return events;
    },

    subscribeToAll(handler, options: SubscribeOptions = {}) {
      assertOpen();
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
        subscriptions.delete(subscription);
        dropVendor();
        if (options.onError) options.onError(error);
        else console.error('event store subscription failed', error);
      };

      /** One vendor subscription, from the last event handled until it ends or fails. */
      const subscribeOnce = async () => {
        // Servers that send "caught up" let onLive fire as soon as every stored event is handled; for
        // older servers the head read here marks the last stored event. Once live, it stays live.
        const head = live ? 0 : await headPosition();
        if (stopped) return;
        caughtUp = false;
        const subscriptionStream = client.subscribeToAll({
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
          const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** (failures - 1));
          onResubscribe(dropped, failures, delayMs);
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
          subscriptions.delete(subscription);
          cancelBackoff?.();
          const current = vendor;
          vendor = undefined;
          await current?.unsubscribe().catch(() => undefined);
          current?.destroy();
          await handling?.catch(() => undefined);
        },
      };
      subscriptions.add(subscription);
      run().catch(report);
      return subscription;
    },

    headPosition,

    async close() {
      if (closed) return;
      for (const subscription of [...subscriptions]) await subscription.stop();
      closed = true;
      await client.dispose();
    },
  };
  return store;
}
