// `npm run restore -- <file>`: puts a backup (backup.ts) back into an EMPTY data folder, after checking
// every file against the manifest's sha256, so a corrupted or incomplete backup is refused before
// anything is written. The read models are not in a backup: the portal rebuilds them from the log at its
// next start (no readmodels.snapshot), and the process managers' checkpoints start from the log's head.
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { preparePrivateDirectory, tightenPrivateFile } from '@club/core/eventstore/private-files';
import { BACKUP_PARTS, type BackupManifest, manifestPath, sha256Of } from './backup.ts';

/** The backup cannot be restored here; the message says why. */
export class RestoreRefusedError extends Error {}

/** Reads the manifest and checks every file it lists; throws RestoreRefusedError on any difference. */
export function verifyBackup(file: string): BackupManifest {
  const path = manifestPath(file);
  if (!existsSync(path))
    throw new RestoreRefusedError(`${path} is missing: not a backup made by npm run backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefusedError(`${path} is not readable JSON`);
  }
  if (manifest.format !== 'club-portal-backup/1' || !Array.isArray(manifest.files))
    throw new RestoreRefusedError(`${path} is not a backup manifest this version knows`);
  if (!manifest.files.some((entry) => entry.role === 'events'))
    throw new RestoreRefusedError(`${path} lists no event log`);
  for (const entry of manifest.files) {
    const part = join(dirname(file), entry.name);
    if (!existsSync(part)) throw new RestoreRefusedError(`${part} is missing`);
    if (statSync(part).size !== entry.size || sha256Of(part) !== entry.sha256)
      throw new RestoreRefusedError(`${part} does not match its checksum: the backup is corrupted`);
  }
  return manifest;
}

/** Restores `file` into `dataDir`, which must not exist or be empty. */
export function restoreBackup(file: string, dataDir: string): BackupManifest {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreRefusedError(
      `the data folder ${dataDir} is not empty: restore only into a new or empty folder (set DATA_DIR), never over a portal's data`,
    );
  const manifest = verifyBackup(file);
  preparePrivateDirectory(dataDir);
  for (const entry of manifest.files) {
    const part = BACKUP_PARTS.find((candidate) => candidate.role === entry.role);
    if (!part) continue;
    const target = join(dataDir, part.dataFile);
    copyFileSync(join(dirname(file), entry.name), target);
    tightenPrivateFile(target);
  }
  return manifest;
}
