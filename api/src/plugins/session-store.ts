// Server-side sessions kept in SQLite beside the event log, so a restart does not log everyone out.
// Sessions are not domain facts (logins are, as events); this table is only the session cache.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { preparePrivateDatabaseFile } from '@club/core/eventstore/private-files';
import Database from 'better-sqlite3';
import type { Session } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

export class SqliteSessionStore {
  /** Also holds the login limiter's failure counts (auth/login-limiter.ts), which must survive restarts. */
  readonly db: Database.Database;
  private readonly getStmt;
  private readonly setStmt;
  private readonly deleteStmt;
  private readonly sweepStmt;
  private readonly deleteOthersStmt;

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
    this.getStmt = this.db.prepare<[string, number], { data: string }>(
      'SELECT data FROM sessions WHERE id = ? AND expires > ?',
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
    return this.deleteOthersStmt.run(userPk, keepSessionId).changes;
  }

  set(sessionId: string, session: Session, callback: (error?: unknown) => void): void {
    try {
      const expires = session.cookie.expires
        ? new Date(session.cookie.expires).getTime()
        : Date.now() + 30 * DAY_MS;
      this.setStmt.run(sessionId, JSON.stringify(session), expires);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    try {
      const row = this.getStmt.get(sessionId, Date.now());
      callback(null, row ? (JSON.parse(row.data) as Session) : null);
    } catch (error) {
      callback(error);
    }
  }

  destroy(sessionId: string, callback: (error?: unknown) => void): void {
    try {
      this.deleteStmt.run(sessionId);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  close(): void {
    this.db.close();
  }
}
