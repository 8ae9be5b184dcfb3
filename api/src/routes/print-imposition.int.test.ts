// An imposition end to end: the API queues the job on real Redis, the imposition worker draws the PDF from
// the stored pages and reports back on the print-report queue, and the project's lastlog and results
// follow; the PDF's sheet size and image boxes are the layout's.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutPages } from '@club/core/print/layout';
import type { ImpositionSettings } from '@club/core/print/settings';
import { createPrintReporter, type PrintReporter } from '@club/workers/print-report';
import { createProcessors } from '@club/workers/processors/index';
import { fitInto, POINTS_PER_MM } from '@club/workers/processors/imposition-pdf';
import { inspectPdf } from '@club/workers/processors/pdf-inspect';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { type RunningWorkers, startWorkers } from '@club/workers/workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, type TestPortal } from '../testing.ts';
import { makeJpeg, uploadMultipart } from './files-testing.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
let portal: TestPortal;
let dataDir: string;
let queues: QueueService;
let workers: RunningWorkers;
let reporter: PrintReporter;
let connection: ReturnType<typeof createRedisConnection>;
let prefix: string;

beforeEach(async () => {
  prefix = `test-imposition-${randomUUID().slice(0, 8)}`;
  dataDir = mkdtempSync(join(tmpdir(), 'club-imposition-'));
  queues = new QueueService({ prefix, logger: quiet });
  portal = await createTestPortal({ dataDir, queues });
  connection = createRedisConnection({ role: 'worker', logger: quiet });
  reporter = createPrintReporter(connection, prefix);
  workers = startWorkers({
    connection,
    prefix,
    processors: createProcessors({
      imposition: { storage: portal.app.services.files.storage, report: reporter.report, progressEveryMs: 0 },
    }),
    logger: quiet,
  });
});
afterEach(async () => {
  await workers.close();
  await reporter.close();
  await portal.close();
  await queues.close();
  const keys = await connection.keys(`${prefix}:*`);
  if (keys.length > 0) await connection.del(...keys);
  await closeRedisConnection(connection);
  rmSync(dataDir, { recursive: true, force: true });
});

const untilEnded = async (
  client: { get(url: string): Promise<{ body: Record<string, unknown> }> },
  pk: number,
) => {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 600; attempt++) {
    const { lastlog } = (await client.get(`/api/print/${pk}/lastlog`)).body as {
      lastlog: { status: string; progresspercent: number; progresstext: string };
    };
    seen.push(lastlog.progresspercent);
    if (lastlog.status === 'end' || lastlog.status === 'error') return { lastlog, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the imposition did not end');
};

describe('POST /api/print/{pk}/imposition with the worker', () => {
  it('draws a demo, then the 8 uploaded pages at 300 dpi into the layout, and serves the PDF', async () => {
    const ming = await signUp(portal, '王小明');
    const created = await ming.client.post('/api/print', { title: 'zine' });
    const pk = (created.body.printproject as { pk: number }).pk;
    const detail = await ming.client.get(`/api/print/${pk}`);
    const settings = {
      ...(detail.body.printproject as { settings: Record<string, unknown> }).settings,
      method: 'roll',
      rollWidthInch: 12,
      pageWidthMm: 60,
      pageHeightMm: 80,
      bleedMm: 2,
      cutGapMm: 4,
    };
    await ming.client.post(`/api/print/${pk}/save`, { printproject: { title: 'zine', settings } });

    const demo = await ming.client.post(`/api/print/${pk}/imposition`, {
      impositionMethod: 'roll',
      demoOnly: true,
    });
    expect(demo.body).toEqual({ status: 'ok', duplicates: [] });
    expect((await untilEnded(ming.client, pk)).lastlog.status).toBe('end');

    // 600 × 800 px is 50.8 × 67.7 mm at 300 dpi: smaller than the 64 × 84 mm bleed box, so placed as uploaded.
    const files = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => ({
        name: `page-${index + 1}.jpg`,
        bytes: await makeJpeg(600, 800, index % 2 ? '#246' : '#c84'),
      })),
    );
    const uploaded = await uploadMultipart(
      portal,
      ming,
      { objname: 'printproject', pk: String(pk), attr: '' },
      files,
    );
    const s3pklist = (uploaded.body.filelist as { pk: number }[]).map((file) => file.pk);
    const real = await ming.client.post(`/api/print/${pk}/imposition`, {
      impositionMethod: 'roll',
      s3pklist,
    });
    expect(real.body).toEqual({ status: 'ok', duplicates: [] });
    const { lastlog, seen } = await untilEnded(ming.client, pk);
    expect(lastlog).toEqual({ status: 'end', progresspercent: 100, progresstext: '1/1' });
    expect(seen.at(-1)).toBe(100);

    const project = (await ming.client.get(`/api/print/${pk}`)).body.printproject as {
      results: { name: string; url: string; filename: string; sheets: number }[];
    };
    expect(project.results).toHaveLength(2);
    const [latest, demoResult] = project.results;
    expect(latest!.filename).toMatch(/^imposition-\d+-roll12in-/);
    expect(demoResult!.filename).toMatch(/^demo-/);
    const download = await portal.app.inject({
      url: latest!.url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    expect(download.headers['content-type']).toBe('application/pdf');
    const pages = await inspectPdf(download.rawPayload);
    const laid = layoutPages({ ...(settings as unknown as ImpositionSettings), pages: 8 });
    if (!laid.ok) throw new Error('layout');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(12 * 72, 3);
    expect(pages[0]!.height).toBeCloseTo(laid.layout.sheetHeightMm * POINTS_PER_MM, 3);
    const expected = laid.layout.placements.map((item) => {
      const box = fitInto(item.bleedBox, 600, 800);
      return {
        x: box.x * POINTS_PER_MM,
        y: (laid.layout.sheetHeightMm - box.y - box.height) * POINTS_PER_MM,
        width: box.width * POINTS_PER_MM,
        height: box.height * POINTS_PER_MM,
      };
    });
    expect(pages[0]!.images).toHaveLength(8);
    for (const [index, image] of pages[0]!.images.entries()) {
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(image[key]).toBeCloseTo(expected[index]![key], 2);
    }
    // The demo drew placeholders only.
    const demoPdf = await portal.app.inject({
      url: demoResult!.url,
      headers: { cookie: `club.sid=${ming.client.sessionCookie()}` },
    });
    const demoPages = await inspectPdf(demoPdf.rawPayload);
    expect(demoPages.flatMap((page) => page.images)).toEqual([]);

    // Another user cannot download; the owner deletes the demo.
    const hua = await signUp(portal, '李小華');
    const refused = await portal.app.inject({
      url: latest!.url,
      headers: { cookie: `club.sid=${hua.client.sessionCookie()}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await ming.client.post(`/api/print/${pk}/result/delete`, { names: [demoResult!.name] })).body,
    ).toEqual({ status: 'ok' });
    expect(
      ((await ming.client.get(`/api/print/${pk}`)).body.printproject as { results: unknown[] }).results,
    ).toHaveLength(1);
  });

  it('reports a page whose file vanished as an error, and the project may start again', async () => {
    const ming = await signUp(portal, '王小明');
    const created = await ming.client.post('/api/print', { title: 'zine' });
    const pk = (created.body.printproject as { pk: number }).pk;
    const uploaded = await uploadMultipart(
      portal,
      ming,
      { objname: 'printproject', pk: String(pk), attr: '' },
      [{ name: 'a.jpg', bytes: await makeJpeg(100, 100) }],
    );
    const [file] = uploaded.body.filelist as { pk: number }[];
    await portal.app.services.files.storage.delete(`files/${file!.pk}`);
    await ming.client.post(`/api/print/${pk}/imposition`, { impositionMethod: 'roll', s3pklist: [file!.pk] });
    const { lastlog } = await untilEnded(ming.client, pk);
    expect(lastlog).toMatchObject({ status: 'error', progresstext: 'a.jpg no longer exists' });
    const again = await ming.client.post(`/api/print/${pk}/imposition`, {
      impositionMethod: 'roll',
      demoOnly: true,
    });
    expect(again.body.status).toBe('ok');
  });
});
