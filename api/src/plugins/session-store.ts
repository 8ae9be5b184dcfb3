// Server-side sessions kept in SQLite beside the event log, so a restart does not log everyone out.
// Sessions are not domain facts (logins are, as events); this table is only the session cache.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { preparePrivateDatabaseFile } from '@club/core/eventstore/private-files';
import Database from 'better-sqlite3';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session as stored (JSON in `data`): the shape @fastify/session wrote, kept so sessions survive the
 * change to plugins/session.ts and `destroyOtherSessions` finds `$.userPk`.
 */
export interface StoredSession {
  cookie?: { expires?: string | null; [option: string]: unknown };
  userPk?: number;
  scope?: 'main' | 'store';
}
/** Sessions kept in memory in front of the table; enough for every member of a club at once. */
interface CachedSession {
  data: string;
  expires: number;
  /** `data` parsed at the first read and frozen, so that every reader can share it. */
  parsed?: Readonly<StoredSession>;
}

const CACHED_SESSIONS = 10_000;

export class SqliteSessionStore {
  /** Also holds the login limiter's failure counts (auth/login-limiter.ts), which must survive restarts. */
  readonly db: Database.Database;
  private readonly getStmt;
  private readonly setStmt;
  private readonly deleteStmt;
  private readonly sweepStmt;
  private readonly deleteOthersStmt;
  /**
   * The sessions this process read or wrote, as stored (JSON) with their expiry. This process is the only
   * writer of the table, so the copy stays exact; it spares every logged-in request a query.
   */
  private readonly cache = new Map<string, CachedSession>();

  constructor(file: string) {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      preparePrivateDatabaseFile(file);
    }
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Sessions are a cache, not money: losing the last moments of logins on a power cut only logs people out.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires INTEGER NOT NULL)',
    );
    this.getStmt = this.db.prepare<[string, number], { data: string; expires: number }>(
      'SELECT data, expires FROM sessions WHERE id = ? AND expires > ?',
    );
    this.setStmt = this.db.prepare<[string, string, number]>(
      'INSERT INTO sessions (id, data, expires) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires = excluded.expires',
    );
    this.deleteStmt = this.db.prepare<[string]>('DELETE FROM sessions WHERE id = ?');
    this.sweepStmt = this.db.prepare<[number]>('DELETE FROM sessions WHERE expires <= ?');
    this.deleteOthersStmt = this.db.prepare<[number, string]>(
      "DELETE FROM sessions WHERE json_extract(data, '$.userPk') = ? AND id <> ?",
    );
    this.sweepStmt.run(Date.now());
  }

  /** Ends every session of `userPk` except `keepSessionId` (a password change logs out other devices). */
  destroyOtherSessions(userPk: number, keepSessionId: string): number {
    // The copies in memory go too, or this process would still let the other devices in. A password
    // change is rare, so a pass over the cache is cheap enough.
    for (const [sessionId, cached] of this.cache) {
      if (sessionId === keepSessionId) continue;
      if ((JSON.parse(cached.data) as { userPk?: number }).userPk === userPk) this.cache.delete(sessionId);
    }
    return this.deleteOthersStmt.run(userPk, keepSessionId).changes;
  }

  /** Stores `session` (its cookie's `expires`, else 30 days from now, is when it ends). */
  write(sessionId: string, session: StoredSession): void {
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires).getTime()
      : Date.now() + 30 * DAY_MS;
    const data = JSON.stringify(session);
    this.setStmt.run(sessionId, data, expires);
    this.remember(sessionId, data, expires);
  }

  /**
   * The session, unless unknown, destroyed or expired. Readers share one frozen copy, parsed once (a
   * JSON.parse per logged-in request before); changing it throws.
   */
  read(sessionId: string): Readonly<StoredSession> | null {
    const now = Date.now();
    let cached = this.cache.get(sessionId);
    if (!cached) {
      const row = this.getStmt.get(sessionId, now);
      if (!row) return null;
      cached = this.remember(sessionId, row.data, row.expires);
    }
    if (cached.expires <= now) return null;
    cached.parsed ??= frozen(JSON.parse(cached.data) as StoredSession);
    return cached.parsed;
  }

  remove(sessionId: string): void {
    this.cache.delete(sessionId);
    this.deleteStmt.run(sessionId);
  }

  private remember(sessionId: string, data: string, expires: number): CachedSession {
    const cached = { data, expires };
    this.cache.delete(sessionId);
    this.cache.set(sessionId, cached);
    if (this.cache.size > CACHED_SESSIONS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return cached;
  }

  close(): void {
    this.db.close();
  }
}

/** A parsed session frozen with its cookie options (the only nested object). */
function frozen(session: StoredSession): Readonly<StoredSession> {
  if (session.cookie) Object.freeze(session.cookie);
  return Object.freeze(session);
}
