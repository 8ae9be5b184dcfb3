// Chooses the file-storage adapter from the configuration: S3 when a bucket is configured, else a folder
// in the data folder (the embedded default, like the SQLite event store).
import { join } from 'node:path';
import { LocalFileStorage } from './local-storage.ts';
import { LazyS3FileStorage } from './lazy-s3-storage.ts';
import type { S3StorageOptions } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The API route the local adapter's direct-upload addresses point at (api/src/routes/files-direct.ts). */
export const LOCAL_UPLOAD_ROUTE_PREFIX = '/api/s3/put/';

export function openFileStorage(options: { dataDir: string; s3: S3StorageOptions | undefined }): FileStorage {
  if (options.s3) return new LazyS3FileStorage(options.s3);
  return new LocalFileStorage({
    root: join(options.dataDir, 'files'),
    uploadRoutePrefix: LOCAL_UPLOAD_ROUTE_PREFIX,
  });
}
