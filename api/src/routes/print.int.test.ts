// The print assistant's calls through app.inject on a real SQLite store, the local file storage in a
// temporary data folder and, where a job is queued, real Redis on a test prefix.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';
import { makeJpeg, uploadMultipart } from './files-testing.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
let portal: TestPortal;
let dataDir: string;
let queues: QueueService | undefined;
let prefix: string;

async function open(withQueues = false) {
  dataDir = mkdtempSync(join(tmpdir(), 'club-print-api-'));
  prefix = `test-print-${randomUUID().slice(0, 8)}`;
  queues = withQueues ? new QueueService({ prefix, logger: quiet }) : undefined;
  portal = await createTestPortal({ dataDir, ...(queues ? { queues } : {}) });
}
afterEach(async () => {
  await portal.close();
  if (queues) {
    await queues.close();
    // The queued job had no worker: its keys go with the test.
    const admin = createRedisConnection({ role: 'worker', logger: quiet });
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await closeRedisConnection(admin);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const createProject = async (person: TestPerson, title = '畢業作品集') => {
  const created = await person.client.post('/api/print', { title });
  expect(created.body.status).toBe('ok');
  return (created.body.printproject as { pk: number }).pk;
};

const uploadPages = async (person: TestPerson, pk: number, count: number, size = [600, 800]) => {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `p${index + 1}.jpg`,
      bytes: await makeJpeg(size[0], size[1], index % 2 ? '#246' : '#c84'),
    })),
  );
  const answer = await uploadMultipart(
    portal,
    person,
    { objname: 'printproject', pk: String(pk), attr: '' },
    files,
  );
  expect(answer.body.status).toBe('ok');
  return (answer.body.filelist as { pk: number }[]).map((file) => file.pk);
};

describe('POST /api/print, GET /api/print/list, GET /api/print/{pk}', () => {
  it('creates a project; the list shows it to its owner and staff only, with its page count and cover', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const staff = await signUpStaff(portal, '陳幹部');
    const pk = await createProject(ming);
    await uploadPages(ming, pk, 2);

    const list = await ming.client.get('/api/print/list');
    expect(list.body).toMatchObject({
      status: 'ok',
      pplist: [
        { pk, title: '畢業作品集', user: { pk: ming.pk }, images_app1_count: 2, lastlog: { status: 'none' } },
      ],
    });
    expect((list.body.pplist as { coverThumbnail: string }[])[0]!.coverThumbnail).toMatch(
      /^\/api\/s3\/\d+\/thumbnail$/,
    );
    expect((await hua.client.get('/api/print/list')).body.pplist).toEqual([]);
    expect((await staff.client.get('/api/print/list')).body.pplist).toHaveLength(1);

    const detail = await ming.client.get(`/api/print/${pk}`);
    expect(detail.body).toMatchObject({
      status: 'ok',
      printproject: {
        pk,
        canManage: true,
        showUploader: false,
        settings: { method: 'roll', rollWidthInch: 24 },
      },
    });
    expect((detail.body.printproject as { imagelist: unknown[] }).imagelist).toHaveLength(2);
    // A second uploader: the owner now sees the uploader column; the other user may not manage.
    await uploadPages(hua, pk, 1);
    expect((await ming.client.get(`/api/print/${pk}`)).body.printproject).toMatchObject({
      showUploader: true,
    });
    expect((await hua.client.get(`/api/print/${pk}`)).body.printproject).toMatchObject({
      canManage: false,
      showUploader: false,
    });
    expect((await staff.client.get(`/api/print/${pk}`)).body.printproject).toMatchObject({
      showUploader: true,
    });
    expect((await ming.client.get('/api/print/999')).body).toEqual({ status: 'fail', reason: 'notfound' });
  });
});

describe('POST /api/print/{pk}/save', () => {
  it('saves the title and settings for the owner and staff, refuses others', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const pk = await createProject(ming);
    const detail = await ming.client.get(`/api/print/${pk}`);
    const settings = { ...(detail.body.printproject as { settings: Record<string, unknown> }).settings };
    const changed = { ...settings, method: 'sheet', pageWidthMm: 148, pageHeightMm: 210, doubleSided: true };
    expect(
      (await hua.client.post(`/api/print/${pk}/save`, { printproject: { title: 'x', settings: changed } }))
        .statusCode,
    ).toBe(403);
    const saved = await ming.client.post(`/api/print/${pk}/save`, {
      printproject: { title: 'A5 zine', settings: changed },
    });
    expect(saved.body).toEqual({ status: 'ok' });
    expect((await ming.client.get(`/api/print/${pk}`)).body.printproject).toMatchObject({
      title: 'A5 zine',
      settings: { method: 'sheet', pageWidthMm: 148, doubleSided: true },
    });
    const bad = await ming.client.post(`/api/print/${pk}/save`, {
      printproject: { title: 'x', settings: { ...changed, method: 'drum' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/print/{pk}/imposition', () => {
  it('refuses with the spec validation before anything is queued', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const pk = await createProject(ming);
    const pages = await uploadPages(ming, pk, 6);
    const other = await uploadPages(ming, await createProject(ming, 'other'), 1);
    const start = (body: Record<string, unknown>, who = ming) =>
      who.client.post(`/api/print/${pk}/imposition`, { impositionMethod: 'roll', ...body });

    expect((await start({ s3pklist: pages }, hua)).statusCode).toBe(403);
    expect((await start({ s3pklist: [] })).body).toEqual({ status: 'fail', reason: 'nofiles' });
    expect((await start({ s3pklist: [...pages, 9999] })).body).toEqual({ status: 'fail', reason: 'nofiles' });
    expect((await start({ s3pklist: other })).body).toEqual({ status: 'fail', reason: 'nofiles' });

    const detail = await ming.client.get(`/api/print/${pk}`);
    const settings = (detail.body.printproject as { settings: Record<string, unknown> }).settings;
    const save = (changes: Record<string, unknown>) =>
      ming.client.post(`/api/print/${pk}/save`, {
        printproject: { title: 't', settings: { ...settings, ...changes } },
      });
    await save({ doubleSided: true });
    expect((await start({ s3pklist: pages })).body).toEqual({ status: 'fail', reason: 'multipleof4' });
    const mixed = [...pages.slice(0, 3), ...(await uploadPages(ming, pk, 1, [800, 600]))];
    expect((await start({ s3pklist: mixed })).body).toEqual({ status: 'fail', reason: 'mixedsizes' });
    await save({ doubleSided: false, pageWidthMm: 1200 });
    expect((await start({ s3pklist: pages })).body).toEqual({ status: 'fail', reason: 'toolarge' });
    await save({ pageWidthMm: 4, bleedMm: 3 });
    expect((await start({ demoOnly: true })).body).toEqual({ status: 'fail', reason: 'bleed' });
    await save({ pageWidthMm: 210, bleedMm: 3 });
    // Without the queues the job cannot start: servicedown, and the project is not left running.
    expect((await start({ s3pklist: pages })).body).toEqual({ status: 'fail', reason: 'servicedown' });
    expect((await ming.client.get(`/api/print/${pk}/lastlog`)).body).toMatchObject({
      lastlog: { status: 'error', progresstext: 'servicedown' },
    });
  });

  it('queues one imposition at a time and warns about duplicate file names', async () => {
    await open(true);
    const ming = await signUp(portal, '王小明');
    const pk = await createProject(ming);
    const first = await uploadPages(ming, pk, 2);
    const again = await uploadPages(ming, pk, 1);
    const started = await ming.client.post(`/api/print/${pk}/imposition`, {
      impositionMethod: 'sheet',
      s3pklist: [...first, ...again],
    });
    expect(started.body).toEqual({ status: 'ok', duplicates: ['p1.jpg'] });
    expect((await ming.client.get(`/api/print/${pk}/lastlog`)).body).toEqual({
      status: 'ok',
      lastlog: { status: 'queued', progresspercent: 0, progresstext: '' },
    });
    const second = await ming.client.post(`/api/print/${pk}/imposition`, {
      impositionMethod: 'roll',
      demoOnly: true,
    });
    expect(second.body).toEqual({ status: 'fail', reason: 'running' });
  });
});

describe('POST /api/upload to a print project', () => {
  it('takes source pages from anyone, self-made sheets (application 10) from the owner or staff only', async () => {
    await open();
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const pk = await createProject(ming);
    const sheet = [{ name: 'sheet.jpg', bytes: await makeJpeg(100, 100) }];
    const target = (application: string) => ({
      objname: 'printproject',
      pk: String(pk),
      attr: '',
      application,
    });
    expect((await uploadMultipart(portal, hua, target('1'), sheet)).body.status).toBe('ok');
    expect((await uploadMultipart(portal, hua, target('10'), sheet)).statusCode).toBe(403);
    expect((await uploadMultipart(portal, ming, target('10'), sheet)).body.status).toBe('ok');
  });
});
