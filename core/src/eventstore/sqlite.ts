// The embedded default event store: one SQLite file (WAL) through better-sqlite3.
// better-sqlite3 is synchronous, so appends are serialised on the Node thread without locks. Appends are
// group-committed (group-commit.ts): those queued in one turn of the event loop share a transaction, and
// with synchronous=FULL (the default, because these events are money) an append resolves only after an
// fsync of the WAL that covers its commit, run off the thread so that more appends can commit meanwhile.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type AppendOutcome, GroupCommitter, type QueuedAppend } from './group-commit.ts';
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
import { preparePrivateDatabaseFile } from './private-files.ts';

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

const groupCommitStats = new WeakMap<EventStore, GroupCommitter['stats']>();

/** How many transactions and WAL syncs served how many appends, for a store this module opened. */
export function sqliteGroupCommitStats(store: EventStore): Readonly<GroupCommitter['stats']> | undefined {
  return groupCommitStats.get(store);
}

export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  if (options.file !== ':memory:') {
    mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
    preparePrivateDatabaseFile(options.file);
  }
  const db = new Database(options.file);
  const inMemory = options.file === ':memory:';
  db.pragma('journal_mode = WAL');
  const synchronous = options.synchronous ?? 'FULL';
  // FULL is kept by syncing the WAL ourselves after each group of commits (group-commit.ts).
  const syncsOwnWal = synchronous === 'FULL' && !inMemory;
  db.pragma(`synchronous = ${syncsOwnWal ? 'NORMAL' : synchronous}`);
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
  const readDurableStmt = db.prepare<[number, number, number], EventRow>(
    'SELECT * FROM events WHERE position > ? AND position < ? ORDER BY position ASC LIMIT ?',
  );
  const headStmt = db.prepare<[], { position: number | null }>(
    'SELECT MAX(position) AS position FROM events',
  );

  // One append inside the batch's transaction. Every check runs before the first insert, so an append of
  // one event that throws has written nothing; a longer one runs in a savepoint (better-sqlite3 nests a
  // transaction as one), so a throw between its inserts undoes this append only.
  const appendOne = (stream: string, events: NewEvent[], expected: ExpectedRevision): AppendOutcome => {
    // An idempotent retry: every id is already in this stream, so answer with the first append's result.
    const stored = events.map((event) => findByIdStmt.get(stream, event.id));
    if (stored.length > 0 && stored.every((row) => row !== undefined)) {
      const last = stored.reduce((a, b) => (a!.position > b!.position ? a : b))!;
      return { ok: true, inserted: false, result: { lastRevision: last.revision, position: last.position } };
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
    return { ok: true, inserted: true, result: { lastRevision: revision, position } };
  };
  const appendInSavepoint = db.transaction(appendOne);
  const commitBatch = db.transaction((batch: readonly QueuedAppend[]): AppendOutcome[] =>
    batch.map((append): AppendOutcome => {
      try {
        return append.events.length === 1
          ? appendOne(append.stream, append.events, append.expected)
          : appendInSavepoint(append.stream, append.events, append.expected);
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );

  // Live delivery: appends in this process wake subscribers at once; a timer also polls so that
  // appends by another process (a CLI next to the server) are seen.
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  let closed = false;
  const committer = new GroupCommitter({
    commitBatch: (batch) => commitBatch.immediate(batch),
    walFile: syncsOwnWal ? `${options.file}-wal` : undefined,
    onDurable: wakeAll,
  });
  /** Subscriptions deliver only durable events: those before the first one still waiting for its fsync. */
  const readDurable = (afterPosition: number, maxCount: number): EventRow[] => {
    const notDurable = committer.firstNotDurablePosition();
    return notDurable === undefined
      ? readAllStmt.all(afterPosition, maxCount)
      : readDurableStmt.all(afterPosition, notDurable, maxCount);
  };
  // close() stops these first, so that no handler runs against a closed store.
  const liveSubscriptions = new Set<Subscription>();

  const store: EventStore = {
    kind: 'sqlite',

    append(stream, events, expected, appendOptions) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      if (events.length === 0) return Promise.reject(new Error(`append to ${stream}: no events`));
      return new Promise<AppendResult>((resolve, reject) => {
        committer.enqueue({
          stream,
          events,
          expected,
          resolve,
          reject,
          ...(appendOptions?.onCommitted ? { onCommitted: appendOptions.onCommitted } : {}),
        });
      });
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
          const batch = closed ? [] : readDurable(lastPosition, PAGE_SIZE);
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
      const head = headStmt.get()?.position ?? 0;
      const notDurable = committer.firstNotDurablePosition();
      return notDurable === undefined ? head : Math.min(head, notDurable - 1);
    },

    async close() {
      if (closed) return;
      for (const subscription of [...liveSubscriptions]) await subscription.stop();
      closed = true;
      // Appends already accepted are committed and synced before the file closes.
      await committer.drain();
      committer.close();
      wakeAll();
      db.close();
    },
  };
  groupCommitStats.set(store, committer.stats);
  return store;
}
