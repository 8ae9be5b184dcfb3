// One portal process per data folder. Most rules hold across processes (every stream write is guarded by
// its expected revision), but the points daily limit spans many streams and is kept by taking turns inside
// one process (core/src/points/service.ts); a second portal on the same folder would break it silently.
// So the portal takes this lock at start and refuses to run when another portal holds it.
//
// The lock is an exclusive SQLite lock on DATA_DIR/writer.lock, that is an OS file lock (fcntl), not a
// pid file: the operating system drops it when the holding process ends, however it ends (a crash, kill
// -9, power loss), so there is never a stale lock to clean up by hand. Tools that write next to a running
// portal (the CLIs, tests that open the store directly) do not take it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const WRITER_LOCK_FILE = 'writer.lock';

/** Another process holds the data folder's writer lock. */
export class WriterLockedError extends Error {
  constructor(readonly directory: string) {
    super(
      `another portal process is already running on the data folder ${directory} (it holds ${join(directory, WRITER_LOCK_FILE)}); ` +
        'stop it first, or start this one with another DATA_DIR',
    );
    this.name = 'WriterLockedError';
  }
}

export interface WriterLock {
  readonly file: string;
  /** Releases the lock (also released by the operating system when the process ends). */
  release(): void;
}

const isBusy = (error: unknown): boolean =>
  error instanceof Error && /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '');

/** Takes the data folder's writer lock, or throws WriterLockedError when another process holds it. */
export function acquireWriterLock(directory: string): WriterLock {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = join(directory, WRITER_LOCK_FILE);
  // timeout 0: a held lock is an answer, not something to wait for.
  const db = new Database(file, { timeout: 0 });
  try {
    // In EXCLUSIVE locking mode the connection keeps its exclusive lock after the first write transaction
    // until it is closed, and nobody else can even read the file meanwhile.
    db.pragma('journal_mode = DELETE');
    // The lock is the OS file lock, not the file's contents: its commit need not wait for the disk (at
    // synchronous FULL the journal and the file were synced at every start).
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    db.exec('DELETE FROM holder');
    db.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new WriterLockedError(directory);
    throw error;
  }
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}
