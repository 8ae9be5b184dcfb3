// The local file-storage adapter: one file per key under a folder in DATA_DIR. A put writes a temporary
// file beside the target and renames it, so an object exists whole or not at all (rename is atomic on one
// file system). Direct uploads go to an API route (`/api/s3/put/{token}`) whose token names the key and
// an expiry and is signed with HMAC-SHA256, so only addresses this adapter handed out are accepted.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type DirectUploadTarget, type FileStorage, type StoredObject } from './storage.ts';

export interface LocalStorageOptions {
  root: string;
  /** The path the API serves the signed-token PUT on; the token is appended. */
  uploadRoutePrefix: string;
  /** Signs upload tokens; a new one (tokens die with the process) when absent. */
  secret?: Buffer;
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly secret: Buffer;

  constructor(private readonly options: LocalStorageOptions) {
    this.secret = options.secret ?? randomBytes(32);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.options.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.head(key)) ? createReadStream(this.pathOf(key)) : null;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith('.partial'))
          keys.push(relative(this.options.root, full).split(sep).join('/'));
      }
    };
    await walk(this.options.root);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  async directUploadTarget(
    key: string,
    options: { expiresInSeconds: number; now: Date },
  ): Promise<DirectUploadTarget> {
    assertStorageKey(key);
    const expiresAt = new Date(options.now.getTime() + options.expiresInSeconds * 1000);
    const payload = Buffer.from(`${key}\n${expiresAt.getTime()}`).toString('base64url');
    const token = `${payload}.${this.sign(payload)}`;
    return { url: `${this.options.uploadRoutePrefix}${token}`, expiresAt };
  }

  /** The key a token was issued for, or null when it is forged, malformed or expired at `now`. */
  verifyUploadToken(token: string, now: Date): string | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [key, expiresAtMs] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if (!key || !expiresAtMs || Number(expiresAtMs) < now.getTime()) return null;
    return key;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
