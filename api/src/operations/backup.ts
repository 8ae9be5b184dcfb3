// `npm run backup -- <file>`: an online, consistent copy of the data folder's SQLite files while the
// portal runs. SQLite's backup API (better-sqlite3 `db.backup`) copies a snapshot of one transaction, so
// the copy is never half an append even while another process keeps writing; no writer lock is taken
// (the portal holds it). Written beside <file>: <file>.sessions (the sessions and login-failure counts,
// when there are any), <file>.session-secret (sessions, kiosk cookies and the NAS passwords depend on
// it) and <file>.manifest.json with each file's size and sha256, the log's head position and the time.
// The last backup is recorded in DATA_DIR/last-backup.json for the system status (not an event: it is a
// fact about this machine's files, and a restored or moved log must not claim a backup it does not have).
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE, preparePrivateDatabaseFile } from '@club/core/eventstore/private-files';
import Database from 'better-sqlite3';

export const EVENTS_FILE = 'events.sqlite3';
export const SESSIONS_FILE = 'sessions.sqlite3';
export const SECRET_FILE = 'session-secret';
export const LAST_BACKUP_FILE = 'last-backup.json';

/** Where each backed-up file goes back to in a data folder, and its suffix beside the backup file. */
export const BACKUP_PARTS = [
  { role: 'events', dataFile: EVENTS_FILE, suffix: '' },
  { role: 'sessions', dataFile: SESSIONS_FILE, suffix: '.sessions' },
  { role: 'secret', dataFile: SECRET_FILE, suffix: '.session-secret' },
] as const;

export interface ManifestFile {
  role: (typeof BACKUP_PARTS)[number]['role'];
  /** The file's name, beside the manifest. */
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'club-portal-backup/1';
  time: string;
  /** The last event's global position in the copy (0: an empty log). */
  headPosition: number;
  events: number;
  files: ManifestFile[];
}

export interface LastBackup {
  time: string;
  file: string;
  headPosition: number;
}

export const manifestPath = (file: string) => `${file}.manifest.json`;

/** The file's sha256, read a megabyte at a time (a club's log may be larger than memory likes). */
export function sha256Of(path: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = openSync(path, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer))
      hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Copies one live SQLite file with the backup API, then makes the copy a single self-contained file. */
async function copyDatabase(source: string, target: string): Promise<void> {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Pages left are copied in one step each time: a step that another process's commit interrupts
    // restarts, so small steps under a steady load could chase the writer for ever.
    await db.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    db.close();
  }
  const copy = new Database(target);
  try {
    // Rollback journal: the copy carries no -wal beside it, so one file and one checksum hold it all.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

function headOf(file: string): { headPosition: number; events: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT MAX(position) AS head, COUNT(*) AS events FROM events').get() as {
      head: number | null;
      events: number;
    };
    return { headPosition: row.head ?? 0, events: row.events };
  } finally {
    db.close();
  }
}

/** Backs up `dataDir` into `file` (+ siblings) and records it as the last backup. */
export async function backupDataFolder(dataDir: string, file: string, now: Date): Promise<BackupManifest> {
  if (!existsSync(join(dataDir, EVENTS_FILE)))
    throw new Error(`${dataDir} holds no event log (${EVENTS_FILE}): not a portal's data folder`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const files: ManifestFile[] = [];
  for (const part of BACKUP_PARTS) {
    const source = join(dataDir, part.dataFile);
    if (!existsSync(source)) continue;
    const target = `${file}${part.suffix}`;
    // Written under a temporary name first, so a failed backup never leaves a file that looks whole.
    const partial = `${target}.partial`;
    if (part.role === 'secret') copyFileSync(source, partial);
    else {
      preparePrivateDatabaseFile(partial);
      await copyDatabase(source, partial);
    }
    renameSync(partial, target);
    files.push({
      role: part.role,
      name: basename(target),
      size: statSync(target).size,
      sha256: sha256Of(target),
    });
  }
  const manifest: BackupManifest = {
    format: 'club-portal-backup/1',
    time: now.toISOString(),
    ...headOf(file),
    files,
  };
  writeFileSync(manifestPath(file), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  const last: LastBackup = { time: manifest.time, file, headPosition: manifest.headPosition };
  writeFileSync(join(dataDir, LAST_BACKUP_FILE), `${JSON.stringify(last)}\n`, { mode: PRIVATE_FILE_MODE });
  return manifest;
}

/** The last backup recorded in the data folder, or null when there is none (or it cannot be read). */
export function readLastBackup(dataDir: string): LastBackup | null {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, LAST_BACKUP_FILE), 'utf8')) as Partial<LastBackup>;
    if (typeof value.time !== 'string' || Number.isNaN(Date.parse(value.time))) return null;
    return {
      time: value.time,
      file: String(value.file ?? ''),
      headPosition: Number(value.headPosition ?? 0),
    };
  } catch {
    return null;
  }
}
