// Both file-storage adapters pass one contract suite. The S3 adapter runs against a real S3-compatible
// server (s3rver) started here on loopback, so its presigned URLs are really PUT to over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type LocalS3, startLocalS3 } from './local-s3.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import { fileStorageContract } from './storage-contract.ts';

const folder = mkdtempSync(join(tmpdir(), 'club-files-'));
const local = new LocalFileStorage({ root: join(folder, 'local'), uploadRoutePrefix: '/api/s3/put/' });

let server: LocalS3;
let s3: S3FileStorage;

beforeAll(async () => {
  server = await startLocalS3(folder);
  s3 = new S3FileStorage(server.options);
});

afterAll(async () => {
  s3?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

fileStorageContract('local folder', {
  storage: () => local,
  // What PUT /api/s3/put/{token} does: check the token, then store.
  async sendToUploadTarget(url, bytes) {
    const key = local.verifyUploadToken(url.slice('/api/s3/put/'.length), new Date());
    if (key === null) return { accepted: false };
    await local.put(key, bytes);
    return { accepted: true };
  },
});

fileStorageContract('S3-compatible (s3rver on loopback)', {
  storage: () => s3,
  async sendToUploadTarget(url, bytes) {
    const answer = await fetch(url, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await answer.arrayBuffer();
    return { accepted: answer.ok };
  },
});
