// The upload calls on the S3 adapter: the portal configured with S3_* against a real S3-compatible
// server (s3rver on loopback), so prepare hands out presigned URLs the test PUTs to over HTTP, and the
// API checks and records what arrived in the bucket. Also a file larger than the API's 1 MB JSON body
// limit through multipart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalS3, startLocalS3 } from '@club/core/files/local-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, type TestPortal } from '../testing.ts';
import { ELF_EXECUTABLE, makeJpeg, uploadMultipart } from './files-testing.ts';

let server: LocalS3;
let portal: TestPortal;
const folder = mkdtempSync(join(tmpdir(), 'club-files-s3-'));

beforeAll(async () => {
  server = await startLocalS3(folder);
  portal = await createTestPortal({
    dataDir: join(folder, 'data'),
    config: {
      s3: server.options,
      fileLimits: { printMaxBytes: 8_000_000, photoMaxBytes: 100_000, userQuotaBytes: 50_000_000 },
    },
  });
});
afterAll(async () => {
  await portal?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('uploads on S3-compatible storage', () => {
  it('direct: presigned PUTs into the bucket, then done records the good file and removes the bad one', async () => {
    expect(portal.app.services.files.storage.kind).toBe('s3');
    const ming = await signUp(portal, '王小明');
    const prepared = await ming.client.post('/api/s3/prepare/upload', {
      objname: 'printproject',
      pk: 2,
      application: 1,
      filenamelist: ['page1.jpg', 'renamed.jpg'],
    });
    const [good, bad] = prepared.body.s3list as { pk: number; uploadUrl: string }[];
    expect(good!.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/club-files\/files\/\d+\?.*X-Amz-Signature=/);
    for (const [target, bytes] of [
      [good!, await makeJpeg(300, 200)],
      [bad!, ELF_EXECUTABLE],
    ] as const) {
      const answer = await fetch(target.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes) });
      expect(answer.status).toBe(200);
    }
    const done = await ming.client.post('/api/s3/update/upload/done', {
      uploadDone: { [good!.pk]: true, [bad!.pk]: true },
    });
    expect(done.body).toMatchObject({
      status: 'ok',
      results: { [good!.pk]: 'ok', [bad!.pk]: 'unknown format' },
      filelist: [{ pk: good!.pk, info: { width: 300, height: 200 } }],
    });
    expect(await portal.app.services.files.storage.list('')).toEqual([
      `files/${good!.pk}`,
      `thumbnails/${good!.pk}.jpg`,
    ]);
  });

  it('multipart: a 3 MB print page (over the 1 MB JSON limit) is stored in the bucket and served back', async () => {
    const ming = await signUp(portal, '李小華');
    const raw = Buffer.alloc(1000 * 1000 * 3);
    for (let index = 0; index < raw.length; index++) raw[index] = Math.floor(Math.random() * 256);
    const page = await sharp(raw, { raw: { width: 1000, height: 1000, channels: 3 } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(page.length).toBeGreaterThan(2_000_000);
    const answer = await uploadMultipart(portal, ming, { objname: 'printproject', pk: '4', attr: '' }, [
      { name: 'page.tif', bytes: page, type: 'image/tiff' },
    ]);
    expect(answer.body).toMatchObject({
      status: 'ok',
      filelist: [{ contenttype: 'image/tiff', size: page.length }],
    });
    const content = await portal.app.inject({
      url: answer.body.filelist[0].url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    expect(content.rawPayload.equals(page)).toBe(true);
  });
});
