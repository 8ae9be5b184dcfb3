// The embedded default event store: one SQLite file (WAL) through better-sqlite3.
// better-sqlite3 is synchronous, so every append runs as one transaction on the Node thread: appends are
// serialised without locks, and an append resolves only after COMMIT returned (synchronous=FULL by
// default, because these events are money).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './port.ts';

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:' for tests that need no durability. */
  file: string;
  synchronous?: 'FULL' | 'NORMAL' | 'OFF';
  /** How often subscriptions look for events appended by another process on the same file. */
  pollIntervalMs?: number;
}

interface EventRow {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  UNIQUE (stream, revision),
  UNIQUE (stream, id)
);
`;

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.id,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as EventMetadata,
  stream: row.stream,
  revision: row.revision,
  position: row.position,
});

const PAGE_SIZE = 1000;

export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const lastRevisionStmt = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const findByIdStmt = db.prepare<[string, string], { position: number; revision: number }>(
    'SELECT position, revision FROM events WHERE stream = ? AND id = ?',
  );
  const insertStmt = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const readForwardStmt = db.prepare<[string, number, number], EventRow>(
    'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
  );
  const readBackwardStmt = db.prepare<[string, number, number], EventRow>(
    'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
  );
  const readAllStmt = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT ?',
  );
  const headStmt = db.prepare<[], { position: number | null }>(
    'SELECT MAX(position) AS position FROM events',
  );

  const appendTx = db.transaction(
    (stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
      // An idempotent retry: every id is already in this stream, so answer with the first append's result.
      const stored = events.map((event) => findByIdStmt.get(stream, event.id));
      if (stored.length > 0 && stored.every((row) => row !== undefined)) {
        const last = stored.reduce((a, b) => (a!.position > b!.position ? a : b))!;
        return { lastRevision: last.revision, position: last.position };
      }
      if (stored.some((row) => row !== undefined)) {
        throw new Error(`append to ${stream}: some event ids are already stored and some are not`);
      }
      const current = lastRevisionStmt.get(stream)?.revision;
      const actual = current === undefined ? 'no_stream' : current;
      const matches =
        expected === 'any' ||
        (expected === 'no_stream' && current === undefined) ||
        (expected === 'stream_exists' && current !== undefined) ||
        (typeof expected === 'number' && current === expected);
      if (!matches) throw new WrongExpectedRevisionError(stream, expected, actual);
      let revision = current ?? -1;
      let position = 0;
      for (const event of events) {
        revision += 1;
        const info = insertStmt.run(
          stream,
          revision,
          event.id,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        );
        position = Number(info.lastInsertRowid);
      }
      return { lastRevision: revision, position };
    },
  );

  // Live delivery: appends in this process wake subscribers at once; a timer also polls so that
  // appends by another process (a CLI next to the server) are seen.
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  let closed = false;
  // close() stops these first, so that no handler runs against a closed store.
  const liveSubscriptions = new Set<Subscription>();

  const store: EventStore = {
    kind: 'sqlite',

    async append(stream, events, expected) {
      if (closed) throw new Error('event store is closed');
      if (events.length === 0) throw new Error(`append to ${stream}: no events`);
      const result = appendTx.immediate(stream, events, expected);
      wakeAll();
      return result;
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      const maxCount = readOptions.maxCount ?? Number.MAX_SAFE_INTEGER;
      const rows =
        readOptions.direction === 'backwards'
          ? readBackwardStmt.all(stream, readOptions.fromRevision ?? Number.MAX_SAFE_INTEGER, maxCount)
          : readForwardStmt.all(stream, readOptions.fromRevision ?? 0, maxCount);
      return rows.map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      return readAllStmt
        .all(readOptions.afterPosition ?? 0, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER)
        .map(toRecorded);
    },

    subscribeToAll(handler, subscribeOptions: SubscribeOptions = {}): Subscription {
      let lastPosition = subscribeOptions.afterPosition ?? 0;
      let stopped = false;
      let wakeUp: (() => void) | undefined;
      // Set by every wake, so an append that lands while a batch is being handled is not missed.
      let dirty = false;
      const wake = () => {
        dirty = true;
        wakeUp?.();
      };
      wakers.add(wake);
      const timer = setInterval(wake, options.pollIntervalMs ?? 250);
      timer.unref();

      const loop = async () => {
        let live = false;
        while (!stopped) {
          dirty = false;
          const batch = closed ? [] : readAllStmt.all(lastPosition, PAGE_SIZE);
          for (const row of batch) {
            if (stopped) return;
            await handler(toRecorded(row));
            lastPosition = row.position;
          }
          if (batch.length === PAGE_SIZE) continue;
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
          liveSubscriptions.delete(subscription);
          wakers.delete(wake);
          clearInterval(timer);
          wakeUp?.();
          await running;
        },
      };
      liveSubscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      return headStmt.get()?.position ?? 0;
    },

    async close() {
      if (closed) return;
      for (const subscription of [...liveSubscriptions]) await subscription.stop();
      closed = true;
      wakeAll();
      db.close();
    },
  };
  return store;
}
