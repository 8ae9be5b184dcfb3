// Test helper: an in-memory fake of the part of @eventstore/db-client 6.2.1 the adapter uses
// (EventStoreDbClient), shaped after the client's .d.ts: reads are Readable streams with cancel(), a
// subscription is a Readable with unsubscribe() that emits 'caughtUp'. Positions are sparse (100, 200, ...)
// like real $all positions, and a read from a position that is no event's position fails, as the server
// does for a position inside a record: arithmetic on positions shows up here.
//
// Tests drive what no running server lets them: end a subscription without an error, fail it, refuse the
// next subscriptions, and record the options of every call (requiresLeader).
import { PassThrough, Readable } from 'node:stream';
import {
  ANY,
  type AppendExpectedRevision,
  type AppendResult,
  BACKWARDS,
  END,
  type EventData,
  InvalidArgumentError,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ReadRevision,
  START,
  STREAM_EXISTS,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { EventStoreDbClient } from './eventstoredb.ts';

interface StoredEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: Position;
}

export interface FakeCall {
  method: 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll';
  stream?: string;
  options: Record<string, unknown>;
}

export type FakeSubscription = PassThrough & { unsubscribe(): Promise<void>; fromPosition: ReadPosition };

const POSITION_STEP = 100n;

const resolved = (event: StoredEvent) => ({ event: { ...event }, commitPosition: event.position.commit });

function streamingRead(items: unknown[]) {
  const readable = Readable.from(items, { objectMode: true });
  return Object.assign(readable, {
    async cancel() {
      readable.destroy();
    },
  });
}

export class FakeEventStoreDbClient {
  readonly log: StoredEvent[] = [];
  readonly calls: FakeCall[] = [];
  readonly subscriptions: FakeSubscription[] = [];
  /** The next this many subscribeToAll calls fail right away with UnavailableError. */
  failNextSubscriptions = 0;
  disposed = false;

  /** The client as the adapter sees it. */
  get client(): EventStoreDbClient {
    return this as unknown as EventStoreDbClient;
  }

  /** The live subscriptions (not ended, not failed). */
  get active(): FakeSubscription[] {
    return this.subscriptions.filter(
      (subscription) => !subscription.destroyed && !subscription.writableEnded,
    );
  }

  private checkPosition(position: Position): void {
    // 0/0 is the beginning of $all.
    if (position.commit === 0n && position.prepare === 0n) return;
    if (!this.log.some((event) => event.position.commit === position.commit)) {
      throw new InvalidArgumentError(`no event at position ${position.commit}/${position.prepare}`);
    }
  }

  /** Stores an event as if another client appended it, and delivers it to the live subscriptions. */
  record(
    streamId: string,
    type: string,
    data: unknown = {},
    metadata: unknown = {},
    id: string = crypto.randomUUID(),
  ): StoredEvent {
    const revision = BigInt(this.log.filter((event) => event.streamId === streamId).length);
    const commit = BigInt(this.log.length + 1) * POSITION_STEP;
    const event: StoredEvent = {
      streamId,
      id,
      revision,
      type,
      data,
      metadata,
      isJson: true,
      created: new Date(),
      position: { commit, prepare: commit },
    };
    this.log.push(event);
    for (const subscription of this.active) subscription.write(resolved(event));
    return event;
  }

  async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { expectedRevision?: AppendExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.calls.push({ method: 'appendToStream', stream: streamName, options: { ...options } });
    const list = Array.isArray(events) ? events : [events];
    const stream = this.log.filter((event) => event.streamId === streamName);
    const current = stream.length === 0 ? NO_STREAM : BigInt(stream.length - 1);
    // EventStoreDB's own duplicate check: ids already stored answer with the stored result (best effort,
    // as the server's: the adapter does not rely on it).
    const already = list.map((event) => stream.find((stored) => stored.id === event.id));
    if (already.length > 0 && already.every((stored) => stored !== undefined)) {
      return { success: true, nextExpectedRevision: already.at(-1)!.revision };
    }
    const expected = options.expectedRevision ?? ANY;
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      expected === current;
    if (!ok) {
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    }
    const stored = list.map((event) =>
      this.record(streamName, event.type, event.data, (event as { metadata?: unknown }).metadata, event.id),
    );
    return {
      success: true,
      nextExpectedRevision: stored.at(-1)!.revision,
      position: stored[0]!.position,
    };
  }

  readStream(
    streamName: string,
    options: { direction?: string; fromRevision?: ReadRevision; maxCount?: number | bigint } = {},
  ) {
    this.calls.push({ method: 'readStream', stream: streamName, options: { ...options } });
    const backwards = options.direction === BACKWARDS;
    let events = this.log.filter((event) => event.streamId === streamName);
    const from = options.fromRevision;
    if (typeof from === 'bigint') {
      events = events.filter((event) => (backwards ? event.revision <= from : event.revision >= from));
    }
    if (backwards) events = [...events].reverse();
    return streamingRead(events.slice(0, Number(options.maxCount ?? events.length)).map(resolved));
  }

  readAll(options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) {
    this.calls.push({ method: 'readAll', options: { ...options } });
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition ?? (backwards ? END : START);
    let events = backwards ? [...this.log].reverse() : [...this.log];
    if (from !== START && from !== END) {
      this.checkPosition(from);
      // Reads of $all include their start position, in both directions.
      events = events.filter((event) =>
        backwards ? event.position.commit <= from.commit : event.position.commit >= from.commit,
      );
    }
    return streamingRead(events.slice(0, Number(options.maxCount ?? events.length)).map(resolved));
  }

  subscribeToAll(options: { fromPosition?: ReadPosition } = {}) {
    this.calls.push({ method: 'subscribeToAll', options: { ...options } });
    const fromPosition = options.fromPosition ?? START;
    const subscription = Object.assign(new PassThrough({ objectMode: true }), {
      fromPosition,
      async unsubscribe() {
        subscription.end();
      },
    }) as FakeSubscription;
    this.subscriptions.push(subscription);
    if (this.failNextSubscriptions > 0) {
      this.failNextSubscriptions -= 1;
      setImmediate(() => subscription.destroy(new UnavailableError()));
      return subscription;
    }
    if (fromPosition !== START && fromPosition !== END) {
      try {
        this.checkPosition(fromPosition);
      } catch (error) {
        setImmediate(() => subscription.destroy(error as Error));
        return subscription;
      }
    }
    // A subscription starts after its position (exclusive), catches up, then says so.
    for (const event of this.log) {
      if (fromPosition === END) break;
      if (fromPosition !== START && event.position.commit <= fromPosition.commit) continue;
      subscription.write(resolved(event));
    }
    setImmediate(() => subscription.emit('caughtUp'));
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const subscription of this.active) subscription.end();
  }
}
