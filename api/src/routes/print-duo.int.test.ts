// The duo alignment calls through app.inject on a real SQLite store, the local file storage and real
// Redis on a test prefix with the duo-alignment worker running: two generated edge photos give the offsets,
// and the adjustment becomes a file of application 11 of the final size.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { backAdjustment } from '@club/core/duo/adjust';
import { syntheticEdgePhoto } from '@club/core/duo/synthetic-photo';
import { createDuoAlignmentProcessor } from '@club/workers/processors/duo-alignment';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { type RunningWorkers, startWorkers } from '@club/workers/workers';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';
import { makeJpeg, uploadMultipart } from './files-testing.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
let portal: TestPortal;
let dataDir: string;
let queues: QueueService | undefined;
let workers: RunningWorkers | undefined;
let connection: ReturnType<typeof createRedisConnection> | undefined;

async function open(withWorker = false) {
  dataDir = mkdtempSync(join(tmpdir(), 'club-duo-api-'));
  const prefix = `test-duo-${randomUUID().slice(0, 8)}`;
  queues = withWorker ? new QueueService({ prefix, logger: quiet }) : undefined;
  portal = await createTestPortal({ dataDir, ...(queues ? { queues } : {}) });
  if (withWorker) {
    connection = createRedisConnection({ role: 'worker', connectionName: 'duo-test', logger: quiet });
    workers = startWorkers({
      connection,
      prefix,
      processors: { 'duo-alignment': createDuoAlignmentProcessor(portal.app.services.files.storage) },
      logger: quiet,
    });
  }
}
afterEach(async () => {
  await workers?.close();
  if (connection) await closeRedisConnection(connection);
  await portal.close();
  await queues?.close();
  workers = undefined;
  connection = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const page = { width: 1240, height: 1754 };

async function projectWithBackSide(person: TestPerson): Promise<{ pk: number; s3pk: number }> {
  const created = await person.client.post('/api/print', { title: '雙面作品集' });
  const pk = (created.body.printproject as { pk: number }).pk;
  const answer = await uploadMultipart(
    portal,
    person,
    { objname: 'printproject', pk: String(pk), attr: '', application: '1' },
    [{ name: 'back.jpg', bytes: await makeJpeg(page.width, page.height, '#ddd') }],
  );
  expect(answer.body.status).toBe('ok');
  return { pk, s3pk: (answer.body.filelist as { pk: number }[])[0]!.pk };
}

const sendPhoto = async (person: TestPerson, url: string, photo: Buffer) =>
  person.client.request('POST', url, photo, { 'content-type': 'image/jpeg' });

describe('POST /api/print/{pk}/duophoto/{s3pk}/{side}, GET/POST /api/print/{pk}/xydirsync/{s3pk}', () => {
  it('measures each edge photo, keeps the offsets, refuses a photo without the bar and a back too far out', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const { pk, s3pk } = await projectWithBackSide(ming);
    const base = `/api/print/${pk}`;

    const empty = await ming.client.get(`${base}/xydirsync/${s3pk}`);
    expect(empty.body).toMatchObject({ status: 'ok', xydir: { left: null, right: null } });

    const noBar = await syntheticEdgePhoto({ offsetMm: { x: 0, y: 0 }, seed: 31, withBar: false });
    expect((await sendPhoto(ming, `${base}/duophoto/${s3pk}/left`, noBar.jpeg)).body).toEqual({
      status: 'fail',
      reason: 'noReferenceBar',
    });

    const left = await syntheticEdgePhoto({ offsetMm: { x: 1.2, y: 0.8 }, seed: 32 });
    const answer = await sendPhoto(ming, `${base}/duophoto/${s3pk}/left`, left.jpeg);
    expect(answer.body.status).toBe('ok');
    const offset = answer.body.offset as { x: number; y: number };
    expect(Math.abs(offset.x - 1.2)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(offset.y - 0.8)).toBeLessThanOrEqual(0.2);

    const tooFar = await syntheticEdgePhoto({ offsetMm: { x: 0, y: 9.5 }, seed: 33 });
    expect((await sendPhoto(ming, `${base}/duophoto/${s3pk}/right`, tooFar.jpeg)).body).toMatchObject({
      status: 'fail',
      reason: 'tooFarOut',
    });
    expect(
      (await ming.client.post(`${base}/xydirsync/${s3pk}`, { right: { x: 0.3, y: 8.96 } })).body,
    ).toEqual({ status: 'fail', reason: 'tooFarOut' });

    const typed = await ming.client.post(`${base}/xydirsync/${s3pk}`, { right: { x: 0.3, y: -0.4 } });
    expect(typed.body).toMatchObject({ status: 'ok', xydir: { left: offset, right: { x: 0.3, y: -0.4 } } });
    expect((await ming.client.get(`${base}/xydirsync/${s3pk}`)).body).toMatchObject({
      xydir: { left: offset, right: { x: 0.3, y: -0.4 }, source: { pk: s3pk, ...page } },
    });
  });

  it('only the owner and staff may align; another member is refused, a file of another project is not found', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const staff = await signUpStaff(portal, '陳幹部');
    const { pk, s3pk } = await projectWithBackSide(ming);
    const other = await projectWithBackSide(hua);
    expect((await hua.client.get(`/api/print/${pk}/xydirsync/${s3pk}`)).statusCode).toBe(403);
    expect((await staff.client.get(`/api/print/${pk}/xydirsync/${s3pk}`)).body.status).toBe('ok');
    expect((await ming.client.get(`/api/print/${pk}/xydirsync/${other.s3pk}`)).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('POST /api/print/{pk}/duoalignment/{s3pk}', () => {
  it('needPhotoAnalysis until both sides are measured; then the worker writes the adjusted image (application 11)', async () => {
    await open(true);
    const ming = await signUp(portal, '王小明');
    const { pk, s3pk } = await projectWithBackSide(ming);
    const base = `/api/print/${pk}`;
    expect((await ming.client.post(`${base}/duoalignment/${s3pk}`)).body).toEqual({
      status: 'fail',
      reason: 'needPhotoAnalysis',
    });
    const offsets = { left: { x: 0.5, y: 1 }, right: { x: 1.5, y: 1 } };
    // A page narrower than 100 mm at 300 dpi cannot carry the test sheet.
    const small = await uploadMultipart(
      portal,
      ming,
      { objname: 'printproject', pk: String(pk), attr: '', application: '1' },
      [{ name: 'small.jpg', bytes: await makeJpeg(600, 800, '#ddd') }],
    );
    const smallPk = (small.body.filelist as { pk: number }[])[0]!.pk;
    await ming.client.post(`${base}/xydirsync/${smallPk}`, offsets);
    expect((await ming.client.post(`${base}/duoalignment/${smallPk}`)).body).toEqual({
      status: 'fail',
      reason: 'toosmall',
    });
    await ming.client.post(`${base}/xydirsync/${s3pk}`, offsets);
    const started = await ming.client.post(`${base}/duoalignment/${s3pk}`);
    expect(started.body.status).toBe('ok');

    let xydir: Record<string, unknown> & { adjustment: { status: string } } = { adjustment: { status: '' } };
    for (let tries = 0; tries < 80 && xydir.adjustment.status !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      xydir = (await ming.client.get(`${base}/xydirsync/${s3pk}`)).body.xydir as typeof xydir;
    }
    const expected = backAdjustment(offsets, page);
    expect(xydir.adjustment).toMatchObject({ status: 'done', finalsize: expected.finalSize });
    const file = (xydir.adjustment as unknown as { file: { pk: number; url: string } }).file;
    const record = await ming.client.get(`/api/s3/${file.pk}`);
    expect(record.body).toMatchObject({ file: { application: 11, objpk: pk } });
    const bytes = await portal.app.inject({
      method: 'GET',
      url: file.url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    const metadata = await sharp(bytes.rawPayload).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual(expected.finalSize);
  });
});
