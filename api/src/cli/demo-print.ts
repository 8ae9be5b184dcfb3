// Demo print projects (docs/print.md): 林小美's zine with eight pages and an imposition already drawn (the
// worker's processor runs inline here, as `npm start`'s embedded worker would), and an empty project for
// trying the demo imposition.
import { fileKey } from '@club/core/files/service';
import { createImpositionProcessor } from '@club/workers/processors/imposition';
import sharp from 'sharp';
import { recordPrintReport } from '../print/follow.ts';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

const COLOURS = ['#c84', '#246', '#8a4', '#a36', '#4aa', '#884', '#c66', '#468'];

/** A 600 × 800 px page (50.8 × 67.7 mm at 300 dpi) with its number written on it. */
const page = (index: number) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: COLOURS[index % COLOURS.length]! } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="600" height="800"><text x="300" y="450" font-size="220" text-anchor="middle" fill="#fff" font-family="sans-serif">${index + 1}</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

export async function loadDemoPrint(services: PortalServices, people: { member: number }): Promise<void> {
  // Projects have no request key: a later run that finds the demo's project adds nothing.
  const projects = [...services.projections.models.print.projects.values()];
  if (projects.some((project) => project.ownerPk === people.member && project.title === '暗房小誌 第一期'))
    return;
  const context = cliContext(services, 'demo-print');
  const zine = await services.print.create(people.member, '暗房小誌 第一期', context);
  const current = await services.print.state(zine.pk);
  if (current.status !== 'active') throw new Error('demo print project not created');
  await services.print.save(
    zine.pk,
    { pk: people.member, isStaff: false },
    '暗房小誌 第一期',
    { ...current.project.settings, rollWidthInch: 12, pageWidthMm: 60, pageHeightMm: 80, bleedMm: 2 },
    context,
  );
  const files = await Promise.all(
    Array.from({ length: 8 }, async (_, index) => ({
      filename: `page-${index + 1}.jpg`,
      bytes: await page(index),
    })),
  );
  const uploaded = await services.files.uploadMultipart(
    people.member,
    { objname: 'printproject', objpk: zine.pk, application: 1, attr: '' },
    files,
    context,
  );
  if (!uploaded.ok) throw new Error(`demo print pages: ${uploaded.reason}`);
  await services.projections.waitFor(uploaded.position);
  const processor = createImpositionProcessor({
    storage: services.files.storage,
    report: (report) => recordPrintReport(services, report),
  });
  const rows = uploaded.pks.map((pk) => services.projections.models.files.byPk.get(pk)!);
  const started = await services.print.startImposition(
    {
      pk: zine.pk,
      actor: { pk: people.member, isStaff: false },
      method: 'roll',
      s3pklist: uploaded.pks,
      demoOnly: false,
      found: new Map(
        rows.map((row) => [
          row.pk,
          {
            pk: row.pk,
            filename: row.filename,
            objpk: row.objpk,
            application: row.application,
            contentType: row.contentType,
            width: row.info?.width ?? null,
            height: row.info?.height ?? null,
            key: fileKey(row.pk),
          },
        ]),
      ),
      queue: {
        enqueue: async (job) => {
          await processor(job);
          return { ok: true };
        },
      },
    },
    context,
  );
  if (!started.ok) throw new Error(`demo imposition: ${started.reason}`);
  await services.print.create(people.member, '畢業作品集（試排）', context);
}
