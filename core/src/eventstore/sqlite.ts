// The embedded default event store: one SQLite file (WAL) through better-sqlite3.
// better-sqlite3 is synchronous, so appends are serialised on the Node thread without locks. Appends are
// group-committed (group-commit.ts): those queued in one turn of the event loop share a transaction, and
// with synchronous=FULL (the default, because these events are money) an append resolves only after an
// fsync of the WAL that covers its commit, run off the thread so that more appends can commit meanwhile.
// What the adapter keeps between appends, all of it checked or refreshed against the file: each stream's
// last revision (dropped when another connection commits), and the rows it just committed (the tail its
// subscriptions read, sqlite-subscription.ts).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { CommittedTail } from './committed-tail.ts';
import { type AppendOutcome, GroupCommitter, type QueuedAppend } from './group-commit.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  IDEMPOTENCY_WINDOW,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './port.ts';
import { preparePrivateDatabaseFile } from './private-files.ts';
import { type DeliveredRow, type EventRow, toRecorded } from './sqlite-rows.ts';
import { type FollowedLog, followLog } from './sqlite-subscription.ts';

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:' for tests that need no durability. */
  file: string;
  synchronous?: 'FULL' | 'NORMAL' | 'OFF';
  /** How often subscriptions look for events appended by another process on the same file. */
  pollIntervalMs?: number;
}

// Event ids have no index: an index of random UUIDs took each row at a random leaf and cost about half of
// an append's CPU as the log grew. Retries are found among a stream's last events instead (`storedAppend`),
// as the EventStoreDB adapter finds them. Files created before kept their UNIQUE (stream, id), which
// still refuses a stored id (`appendOne` answers that as a retry); both tables pass the contract suite.
export const EVENTS_TABLE = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  UNIQUE (stream, revision)
);
`;

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

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
  db.exec(EVENTS_TABLE);

  const lastRevisionStmt = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const recentIdsStmt = db.prepare<[string, number], { id: string; position: number; revision: number }>(
    'SELECT id, position, revision FROM events WHERE stream = ? AND revision > ? ORDER BY revision DESC',
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

  // Stream revisions known to this connection, so that an append needs no query for its stream's last
  // revision. Valid while no other connection has committed: `PRAGMA data_version` changes exactly then,
  // and it is checked at the start of every batch, inside the write transaction (which no one else can
  // commit during). A revision read from the file is kept at once (it is committed); one a batch writes
  // only after the batch committed. A failed batch forgets them all.
  const revisions = new Map<string, number>();
  const REVISIONS_KEPT = 100_000;
  const dataVersionStmt = db.prepare<[], number>('PRAGMA data_version').pluck();
  let dataVersion = -1;
  /** The batch being committed: the revisions its appends reached and the rows they inserted. */
  const batchRevisions = new Map<string, number>();
  const batchRows: EventRow[] = [];
  const tail = new CommittedTail<DeliveredRow>();

  const currentRevision = (stream: string): number | undefined => {
    const known = batchRevisions.get(stream) ?? revisions.get(stream);
    if (known !== undefined) return known < 0 ? undefined : known;
    const current = lastRevisionStmt.get(stream)?.revision;
    // Cached as -1 when the stream does not exist yet: only this connection can create it until the
    // data version changes.
    revisions.set(stream, current ?? -1);
    return current;
  };

  /**
   * An idempotent retry: every id already among the stream's last IDEMPOTENCY_WINDOW events, answered with
   * the first append's result. Some stored and some not is refused.
   */
  const storedAppend = (stream: string, events: NewEvent[]): AppendOutcome | undefined => {
    const current = currentRevision(stream);
    if (current === undefined) return undefined;
    const ids = new Set(events.map((event) => event.id));
    // Newest first, so the first match is the last event of the original append.
    const found = recentIdsStmt.all(stream, current - IDEMPOTENCY_WINDOW).filter((row) => ids.has(row.id));
    if (found.length === 0) return undefined;
    if (found.length < ids.size) {
      throw new Error(`append to ${stream}: some event ids are already stored and some are not`);
    }
    const last = found[0]!;
    return { ok: true, inserted: false, result: { lastRevision: last.revision, position: last.position } };
  };

  // One append inside the batch's transaction. Every check runs before the first insert, so an append of
  // one event that throws has written nothing; a longer one runs in a savepoint (better-sqlite3 nests a
  // transaction as one), so a throw between its inserts undoes this append only.
  const appendOne = (
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    newIds: boolean,
  ): AppendOutcome => {
    // A retry is looked for where it could be (port.ts, IDEMPOTENCY_WINDOW): first when any revision
    // passes the check, and when the check fails. An exact match is a new append and costs no query.
    if (!newIds && (expected === 'any' || expected === 'stream_exists')) {
      const replay = storedAppend(stream, events);
      if (replay) return replay;
    }
    const current = currentRevision(stream);
    const actual = current === undefined ? 'no_stream' : current;
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      (typeof expected === 'number' && current === expected);
    if (!matches) {
      const replay = storedAppend(stream, events);
      if (replay) return replay;
      throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    let revision = current ?? -1;
    let position = 0;
    const rows: EventRow[] = [];
    for (const event of events) {
      revision += 1;
      const data = JSON.stringify(event.data);
      const metadata = JSON.stringify(event.metadata);
      let info: Database.RunResult;
      try {
        info = insertStmt.run(stream, revision, event.id, event.type, data, metadata);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A file created with UNIQUE (stream, id) refuses a stored id: a retry, if it is in the window and
        // nothing of this append is inserted yet (its savepoint undoes a partial one when this throws).
        const replay = rows.length === 0 ? storedAppend(stream, events) : undefined;
        if (replay) return replay;
        // UNIQUE (stream, revision): the revision known here was stale. Not expected (see `revisions`),
        // but answered as the conflict it is (as is an id stored before the window, in an older file).
        revisions.delete(stream);
        const stored = lastRevisionStmt.get(stream)?.revision;
        throw new WrongExpectedRevisionError(stream, expected, stored === undefined ? 'no_stream' : stored);
      }
      position = Number(info.lastInsertRowid);
      rows.push({ position, stream, revision, id: event.id, type: event.type, data, metadata });
    }
    batchRevisions.set(stream, revision);
    for (const row of rows) batchRows.push(row);
    return { ok: true, inserted: true, result: { lastRevision: revision, position } };
  };
  const appendInSavepoint = db.transaction(appendOne);
  // Streams whose last append in this process failed: a chained append after it fails too (port.ts).
  // Appends are committed in the order queued, so "last" is the one the chained append was decided after.
  const lastFailed = new Set<string>();
  const commitInTransaction = db.transaction((batch: readonly QueuedAppend[]): AppendOutcome[] => {
    const version = dataVersionStmt.get()!;
    if (version !== dataVersion || revisions.size > REVISIONS_KEPT) revisions.clear();
    dataVersion = version;
    return batch.map((append): AppendOutcome => {
      const { stream, events, expected } = append;
      try {
        if (append.chained && lastFailed.has(stream)) {
          const current = currentRevision(stream);
          throw new WrongExpectedRevisionError(
            stream,
            expected,
            current === undefined ? 'no_stream' : current,
          );
        }
        const outcome =
          events.length === 1
            ? appendOne(stream, events, expected, append.newIds === true)
            : appendInSavepoint(stream, events, expected, append.newIds === true);
        lastFailed.delete(stream);
        return outcome;
      } catch (error) {
        lastFailed.add(stream);
        return { ok: false, error };
      }
    });
  });
  const commitBatch = (batch: readonly QueuedAppend[]): AppendOutcome[] => {
    batchRevisions.clear();
    batchRows.length = 0;
    try {
      const outcomes = commitInTransaction.immediate(batch);
      for (const [stream, revision] of batchRevisions) revisions.set(stream, revision);
      tail.push(batchRows);
      return outcomes;
    } catch (error) {
      revisions.clear();
      for (const append of batch) lastFailed.add(append.stream);
      throw error;
    } finally {
      batchRevisions.clear();
      batchRows.length = 0;
    }
  };

  // Live delivery: appends in this process wake subscribers at once; a timer also polls so that
  // appends by another process (a CLI next to the server) are seen.
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  let closed = false;
  const committer = new GroupCommitter({
    commitBatch,
    walFile: syncsOwnWal ? `${options.file}-wal` : undefined,
    onDurable: wakeAll,
  });
  /**
   * Subscriptions deliver only durable events: those before the first one still waiting for its fsync.
   * Rows this process just committed come from the tail; `fromTail` then tells the reader to ask again
   * (the rows after them may be another process's, in the file only).
   */
  const readDurable = (
    afterPosition: number,
    maxCount: number,
  ): { rows: DeliveredRow[]; fromTail: boolean } => {
    const notDurable = committer.firstNotDurablePosition();
    const fromTail = tail.read(afterPosition, notDurable, maxCount);
    if (fromTail) return { rows: fromTail, fromTail: fromTail.length > 0 };
    const rows =
      notDurable === undefined
        ? readAllStmt.all(afterPosition, maxCount)
        : readDurableStmt.all(afterPosition, notDurable, maxCount);
    return { rows, fromTail: false };
  };
  // close() stops the live subscriptions first, so that no handler runs against a closed store.
  const log: FollowedLog = {
    read: readDurable,
    wakers,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    isClosed: () => closed,
    live: new Set(),
  };

  const store: EventStore = {
    kind: 'sqlite',

    append(stream, events, expected, appendOptions) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      if (events.length === 0) return Promise.reject(new Error(`append to ${stream}: no events`));
      return new Promise<AppendResult>((resolve, reject) => {
        const queued = committer.enqueue({
          stream,
          events,
          expected,
          resolve,
          reject,
          ...(appendOptions?.onCommitted ? { onCommitted: appendOptions.onCommitted } : {}),
          ...(appendOptions?.chained ? { chained: true } : {}),
          ...(appendOptions?.newIds ? { newIds: true } : {}),
        });
        if (queued) appendOptions?.onQueued?.();
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
      return followLog(log, handler, subscribeOptions);
    },

    async headPosition() {
      const head = headStmt.get()?.position ?? 0;
      const notDurable = committer.firstNotDurablePosition();
      return notDurable === undefined ? head : Math.min(head, notDurable - 1);
    },

    async close() {
      if (closed) return;
      for (const subscription of [...log.live]) await subscription.stop();
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
