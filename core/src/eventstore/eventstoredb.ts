// The EventStoreDB adapter (gRPC client @eventstore/db-client 6). Vendor errors become the port's errors
// here, so nothing outside this file knows which store is behind the port.
//
// Positions, events and errors are converted in eventstoredb-convert.ts; subscriptions (which resubscribe
// on their own) are in eventstoredb-subscribe.ts.
//
// Needs EventStoreDB 22.6 or later: older servers do not return positions on stream reads.
import {
  type AllStreamResolvedEvent,
  type AppendResult as VendorAppendResult,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type JSONType,
  jsonEvent,
  type Position,
  START,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventStore,
  type EventStoreUnavailableError,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  IDEMPOTENCY_WINDOW,
  WrongExpectedRevisionError,
} from './port.ts';
import {
  fromAll,
  isStreamNotFound,
  numberToPosition,
  positionToNumber,
  toPortError,
  toRecordedEvent,
  toVendorExpectedRevision,
} from './eventstoredb-convert.ts';
import { subscribeToAllThrough } from './eventstoredb-subscribe.ts';

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

/** Events read per request when reading $all, which also holds system events this adapter skips. */
const allPageSize = 500;

// The pure conversions live in eventstoredb-convert.ts; these are the ones tests and callers use.
export {
  fromVendorCurrentRevision,
  isSystemEvent,
  numberToPosition,
  positionToNumber,
  toPortError,
  toVendorExpectedRevision,
} from './eventstoredb-convert.ts';

// ---- The adapter ----

export function openEventStoreDb(connectionString: string, options: EventStoreDbOptions = {}): EventStore {
  return openEventStoreDbWithClient(EventStoreDBClient.connectionString(connectionString), options);
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
    const window = await readStream(stream, { direction: 'backwards', maxCount: IDEMPOTENCY_WINDOW }, true);
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

    async append(stream, events, expected, appendOptions) {
      assertOpen();
      if (events.length === 0) throw new Error(`append to ${stream}: no events`);
      // With 'any' EventStoreDB's own duplicate check is best effort only, so look first, unless the ids
      // were made for this call.
      if (expected === 'any' && !appendOptions?.newIds) {
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
      return subscribeToAllThrough(
        {
          client,
          headPosition,
          initialDelayMs,
          maxDelayMs,
          onResubscribe,
          remember: (subscription) => subscriptions.add(subscription),
          forget: (subscription) => subscriptions.delete(subscription),
        },
        handler,
        options,
      );
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
