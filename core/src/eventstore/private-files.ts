// The data folder holds password hashes, sessions and the cookie secret: only the portal's own user may
// read it. Files are created private rather than tightened afterwards, so there is no moment when they
// are readable by others.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the folder (and missing parents) 0700, and tightens an existing one to 0700. A folder the
 * portal's user does not own (a mount prepared by an operator) cannot be changed and is left as it is.
 */
export function preparePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  tighten(directory, PRIVATE_DIRECTORY_MODE);
}

/**
 * Creates a SQLite database file 0600 before SQLite opens it, since SQLite gives the -wal and -shm files
 * it creates the database file's mode; files left by an older version are tightened to 0600.
 */
export function preparePrivateDatabaseFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE);
  }
}

/** Tightens an existing file to 0600 (a secret written by an older version). */
export const tightenPrivateFile = (path: string): void => tighten(path, PRIVATE_FILE_MODE);

function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
