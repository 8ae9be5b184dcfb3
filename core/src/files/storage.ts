// The file-storage port: where the bytes of uploaded files live. Like the event store it has two
// adapters, a folder under DATA_DIR (the embedded default) and S3-compatible object storage, and one
// contract suite (storage-contract.ts) runs on both. File records themselves are events (events.ts);
// the storage holds only bytes under keys the portal makes (`files/{pk}`, `thumbnails/{pk}.jpg`), never
// a name a client chose, so a client's file name can never become a path.
import type { Readable } from 'node:stream';

/** Keys are made by the portal: lower-case letters, digits, '-', '.', '_' and '/' between parts. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export const assertStorageKey = (key: string): void => {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..'))
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
};

export interface StoredObject {
  size: number;
}

/** Where a browser sends a file's bytes itself (a direct upload) and until when the address works. */
export interface DirectUploadTarget {
  url: string;
  expiresAt: Date;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes whole or not at all: a reader never sees a half-written object. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object's bytes as a stream (zip downloads), or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix, for sweeps and tests. */
  list(prefix: string): Promise<string[]>;
  /**
   * An address the browser PUTs the bytes to: presigned on S3; on the local adapter an API route that
   * checks a signed, expiring token.
   */
  directUploadTarget(
    key: string,
    options: { expiresInSeconds: number; now: Date },
  ): Promise<DirectUploadTarget>;
}

export class StorageKeyError extends Error {}
