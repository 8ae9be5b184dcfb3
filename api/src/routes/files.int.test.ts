// Uploads end to end through app.inject on a real SQLite store and the local file storage in a temporary
// data folder: multipart and direct uploads, refusals that store nothing, records, deletion, zips, the
// sweep of unfinished uploads, and the picker lists of the kinds without a domain yet.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, signUpStaff, type TestPortal } from '../testing.ts';
import {
  ELF_EXECUTABLE,
  MINIMAL_PDF,
  makeJpeg,
  makePng,
  uploadMultipart,
  zipEntryNames,
} from './files-testing.ts';
import { sweepUnfinishedUploads } from './files-direct.ts';

let portal: TestPortal;
let dataDir: string;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'club-files-api-'));
  portal = await createTestPortal({
    dataDir,
    config: { fileLimits: { printMaxBytes: 2_000_000, photoMaxBytes: 100_000, userQuotaBytes: 3_000_000 } },
  });
});
afterEach(async () => {
  await portal.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedKeys = () => portal.app.services.files.storage.list('');
const fileEvents = async () =>
  (await portal.store.readAll()).filter((event) => event.type.startsWith('File'));
const workshop = { objname: 'workshopform', pk: '1', attr: '' };

describe('POST /api/upload', () => {
  it('stores a photo, reads its image information and thumbnail, and serves it to its owner', async () => {
    const ming = await signUp(portal, '王小明');
    const photo = await makeJpeg(640, 480);
    const answer = await uploadMultipart(portal, ming, workshop, [{ name: '社課 照片.jpg', bytes: photo }]);
    expect(answer.body).toMatchObject({ status: 'ok', filelist: [{ filename: '社課 照片.jpg' }] });
    const file = answer.body.filelist[0];
    expect(file).toMatchObject({
      contenttype: 'image/jpeg',
      size: photo.length,
      sha256: createHash('sha256').update(photo).digest('hex'),
      user: { pk: ming.pk },
      info: { width: 640, height: 480, color: 'srgb', doublesided: false, source: 'sharp' },
      thumbnail: { url: `/api/s3/${file.pk}/thumbnail` },
    });
    expect(file.infochecktime).toBe(portal.clock.now.toISOString());

    const record = await ming.client.get(`/api/s3/${file.pk}`);
    expect(record.body).toMatchObject({ status: 'ok', file: { pk: file.pk } });
    const content = await portal.app.inject({
      url: file.url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    expect(content.headers['content-type']).toBe('image/jpeg');
    expect(content.rawPayload.equals(photo)).toBe(true);
    const thumbnail = await portal.app.inject({
      url: file.thumbnail.url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.rawPayload.length).toBeGreaterThan(100);

    const stranger = await signUp(portal, '陌生人');
    expect((await stranger.client.get(`/api/s3/${file.pk}`)).statusCode).toBe(403);
  });

  it('refuses a 0-byte file, a renamed executable, a forged header, a file over the cap and a path in the name, storing nothing', async () => {
    const ming = await signUp(portal, '王小明');
    const photo = await makeJpeg();
    const cases: [string, { name: string; bytes: Buffer }, string][] = [
      ['empty', { name: 'empty.jpg', bytes: Buffer.alloc(0) }, 'empty'],
      ['executable', { name: 'photo.jpg', bytes: ELF_EXECUTABLE }, 'unknown format'],
      [
        'forged header',
        { name: 'photo.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), ELF_EXECUTABLE]) },
        'unknown format',
      ],
      ['over the cap', { name: 'big.jpg', bytes: Buffer.concat([photo, Buffer.alloc(100_001)]) }, 'toolarge'],
      ['path traversal', { name: '../../../etc/cron.d/evil.jpg', bytes: photo }, 'filename'],
      ['windows path', { name: '..\\..\\evil.jpg', bytes: photo }, 'filename'],
    ];
    for (const [label, file, reason] of cases) {
      // A good photo in the same upload is not stored either: all or nothing.
      const answer = await uploadMultipart(portal, ming, workshop, [
        { name: 'good.jpg', bytes: photo },
        file,
      ]);
      expect(answer.statusCode, label).toBe(200);
      expect(answer.body, label).toMatchObject({ status: 'fail', reason });
    }
    expect(await storedKeys()).toEqual([]);
    expect(await fileEvents()).toEqual([]);
    expect(portal.app.services.projections.models.files.byPk.size).toBe(0);
  });

  it('takes PDFs only as print pages, and answers badrequest without objname or files', async () => {
    const ming = await signUp(portal, '王小明');
    const refused = await uploadMultipart(portal, ming, workshop, [
      { name: 'a.pdf', bytes: MINIMAL_PDF, type: 'application/pdf' },
    ]);
    expect(refused.body).toMatchObject({ status: 'fail', reason: 'unknown format' });
    const print = await uploadMultipart(
      portal,
      ming,
      { objname: 'printproject', pk: '3', attr: '', application: '1' },
      [
        { name: 'a.pdf', bytes: MINIMAL_PDF, type: 'application/pdf' },
        { name: 'b.png', bytes: await makePng() },
      ],
    );
    expect(print.body).toMatchObject({
      status: 'ok',
      filelist: [
        { contenttype: 'application/pdf', info: { width: 595, height: 842, source: 'pdf' }, thumbnail: null },
        { contenttype: 'image/png', application: 1, objpk: 3 },
      ],
    });
    expect(
      (await uploadMultipart(portal, ming, { pk: '1' }, [{ name: 'a.jpg', bytes: await makeJpeg() }]))
        .statusCode,
    ).toBe(400);
    expect((await uploadMultipart(portal, ming, workshop, [])).statusCode).toBe(400);
  });

  it('keeps each user under the quota', async () => {
    const ming = await signUp(portal, '王小明');
    const noisy = await sharpNoise(150, 150);
    let reason = '';
    for (let index = 0; index < 80 && reason === ''; index++) {
      const answer = await uploadMultipart(portal, ming, workshop, [{ name: `${index}.png`, bytes: noisy }]);
      if (answer.body.status === 'fail') reason = answer.body.reason;
    }
    expect(reason).toBe('quota');
    const used = portal.app.services.projections.models.files.usedBytesByOwner.get(ming.pk) ?? 0;
    expect(used).toBeLessThanOrEqual(3_000_000);
    expect(used + noisy.length).toBeGreaterThan(3_000_000);
  });

  it('lets only staff upload stock receipts, and answers the purchase’s pool of receipt images', async () => {
    const ming = await signUp(portal, '王小明');
    const receipt = { objname: 'stockreceipt', pk: '9', attr: '' };
    expect(
      (await uploadMultipart(portal, ming, receipt, [{ name: 'r.jpg', bytes: await makeJpeg() }])).statusCode,
    ).toBe(403);
    const staff = await signUpStaff(portal, '總務');
    await uploadMultipart(portal, staff, receipt, [{ name: 'r1.jpg', bytes: await makeJpeg() }]);
    const second = await uploadMultipart(portal, staff, receipt, [
      { name: 'r2.jpg', bytes: await makeJpeg() },
    ]);
    expect(second.body.filelist.map((file: { filename: string }) => file.filename)).toEqual(['r2.jpg']);
    expect(second.body.imgpoollist.map((file: { filename: string }) => file.filename)).toEqual([
      'r1.jpg',
      'r2.jpg',
    ]);
  });
});

async function sharpNoise(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const raw = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raw.length; index++) raw[index] = (index * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('direct uploads: POST /api/s3/prepare/upload, PUT to the address, POST /api/s3/update/upload/done', () => {
  const put = (url: string, bytes: Buffer, type = 'image/jpeg') =>
    portal.app.inject({
      method: 'PUT',
      url,
      headers: { scope: 'main', 'content-type': type },
      payload: bytes,
    });

  it('prepares addresses, takes the bytes, and records the files when told they are done', async () => {
    const ming = await signUp(portal, '王小明');
    // Self-made sheets (application 10) go to the owner's own print project (docs/print.md).
    const project = await ming.client.post('/api/print', { title: 'zine' });
    const projectPk = (project.body.printproject as { pk: number }).pk;
    const prepared = await ming.client.post('/api/s3/prepare/upload', {
      objname: 'printproject',
      pk: projectPk,
      application: 10,
      filenamelist: ['p1.jpg', 'p2.tif'],
    });
    expect(prepared.body.status).toBe('ok');
    const s3list = prepared.body.s3list as { pk: number; uploadUrl: string }[];
    expect(s3list).toHaveLength(2);
    expect(s3list[0]?.uploadUrl).toMatch(/^\/api\/s3\/put\/[\w-]+\.[\w-]+$/);

    // A print page larger than the API's 1 MB JSON body limit: the address takes it whole.
    const photo = Buffer.concat([await makeJpeg(100, 80), Buffer.alloc(1_500_000)]);
    expect((await put(s3list[0]!.uploadUrl, photo)).json()).toEqual({ status: 'ok' });
    const tampered = `${s3list[1]!.uploadUrl.slice(0, -2)}xx`;
    expect((await put(tampered, photo)).statusCode).toBe(403);
    expect((await put(s3list[1]!.uploadUrl, ELF_EXECUTABLE, 'application/octet-stream')).json()).toEqual({
      status: 'fail',
      reason: 'unknown format',
    });
    expect(await storedKeys()).toEqual([`files/${s3list[0]!.pk}`]);

    const done = await ming.client.post('/api/s3/update/upload/done', {
      uploadDone: { [s3list[0]!.pk]: true, [s3list[1]!.pk]: true },
    });
    expect(done.body).toMatchObject({
      status: 'ok',
      results: { [s3list[0]!.pk]: 'ok', [s3list[1]!.pk]: 'missing' },
      filelist: [
        { pk: s3list[0]!.pk, filename: 'p1.jpg', application: 10, info: { width: 100, height: 80 } },
      ],
    });
    // Someone else cannot finish (or see) another user's upload.
    const stranger = await signUp(portal, '陌生人');
    const theirs = await stranger.client.post('/api/s3/update/upload/done', {
      uploadDone: { [s3list[1]!.pk]: true },
    });
    expect(theirs.body.results).toEqual({ [s3list[1]!.pk]: 'forbidden' });
  });

  it('refuses a path in a file name before handing out any address', async () => {
    const ming = await signUp(portal, '王小明');
    const answer = await ming.client.post('/api/s3/prepare/upload', {
      objname: 'workshopform',
      pk: 1,
      application: 1,
      filenamelist: ['ok.jpg', '../../x.jpg'],
    });
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'filename' });
    expect(await fileEvents()).toEqual([]);
  });

  it('refuses a body over the cap at the address, storing nothing', async () => {
    const ming = await signUp(portal, '王小明');
    const prepared = await ming.client.post('/api/s3/prepare/upload', {
      objname: 'workshopform',
      pk: 1,
      application: 1,
      filenamelist: ['big.jpg'],
    });
    const [target] = prepared.body.s3list as { uploadUrl: string }[];
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(100_001)]);
    expect((await put(target!.uploadUrl, big)).statusCode).toBe(413);
    expect(await storedKeys()).toEqual([]);
  });

  it('sweeps an upload never finished after a day, with whatever bytes it left', async () => {
    const ming = await signUp(portal, '王小明');
    const prepared = await ming.client.post('/api/s3/prepare/upload', {
      objname: 'workshopform',
      pk: 1,
      application: 1,
      filenamelist: ['left.jpg'],
    });
    const [target] = prepared.body.s3list as { pk: number; uploadUrl: string }[];
    await put(target!.uploadUrl, await makeJpeg());
    portal.clock.now = new Date(portal.clock.now.getTime() + 23 * 3600_000);
    expect(await sweepUnfinishedUploads(portal.app.services)).toEqual([]);
    portal.clock.now = new Date(portal.clock.now.getTime() + 3600_000);
    expect(await sweepUnfinishedUploads(portal.app.services)).toEqual([target!.pk]);
    expect(await storedKeys()).toEqual([]);
    expect(portal.app.services.projections.models.files.byPk.size).toBe(0);
  });
});

describe('POST /api/s3/delete and POST /api/go/zip', () => {
  it('deletes only for the owner or staff, and zips what is left with its names', async () => {
    const ming = await signUp(portal, '王小明');
    const uploaded = await uploadMultipart(portal, ming, workshop, [
      { name: 'a.jpg', bytes: await makeJpeg() },
      { name: 'a.jpg', bytes: await makeJpeg(20, 20) },
      { name: 'c.png', bytes: await makePng() },
    ]);
    const [a, a2, c] = uploaded.body.filelist.map((file: { pk: number }) => file.pk);
    const stranger = await signUp(portal, '陌生人');
    expect((await stranger.client.post('/api/s3/delete', { pklist: [a] })).body).toEqual({
      status: 'fail',
      reason: 'forbidden',
    });
    expect((await ming.client.post('/api/s3/delete', { pklist: [c] })).body).toEqual({ status: 'ok' });
    expect((await ming.client.get(`/api/s3/${c}`)).body).toEqual({ status: 'fail', reason: 'notfound' });
    expect(await storedKeys()).not.toContain(`files/${c}`);
    const staff = await signUpStaff(portal, '總務');
    expect((await staff.client.post('/api/s3/delete', { pklist: [a2] })).body).toEqual({ status: 'ok' });

    const again = await uploadMultipart(portal, ming, workshop, [{ name: 'a.jpg', bytes: await makeJpeg() }]);
    const zip = await portal.app.inject({
      method: 'POST',
      url: '/api/go/zip',
      headers: { scope: 'main', cookie: `club.sid=${ming.client.sessionCookie()}` },
      payload: {
        filename: '社課',
        list: [{ url: `/api/s3/${a}/content` }, { url: again.body.filelist[0].url }],
      },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('社課.zip'));
    expect(zipEntryNames(zip.rawPayload)).toEqual(['a.jpg', 'a (2).jpg']);

    const foreign = await ming.client.post('/api/go/zip', {
      list: [{ url: 'http://169.254.169.254/latest' }],
    });
    expect(foreign.statusCode).toBe(400);
    const notMine = await stranger.client.post('/api/go/zip', { pklist: [a] });
    expect(notMine.statusCode).toBe(403);
  });
});

describe('GET /api/typeahead2/{kind}', () => {
  it('answers an empty list for the kinds whose domains do not exist yet, and the user list as before', async () => {
    const ming = await signUp(portal, '王小明');
    for (const kind of ['book', 'stock', 'sharingpaper', 'property'])
      expect((await ming.client.get(`/api/typeahead2/${kind}`)).body, kind).toEqual({
        status: 'ok',
        searchlist: [],
      });
    const users = await ming.client.get('/api/typeahead2/user');
    expect(users.body.status).toBe('ok');
    expect((await portal.client().get('/api/typeahead2/book')).statusCode).toBe(401);
  });
});
