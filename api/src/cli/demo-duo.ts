// Demo duo alignment (docs/duo-print.md): 林小美's two-sided postcard project with an A5 back page whose
// left and right offsets were measured, and its adjusted back-side image already made (the worker's
// processor runs inline here, as `npm start`'s embedded worker would).
import type { DuoAlignmentJobData } from '@club/core/duo/service';
import { fileKey } from '@club/core/files/service';
import { createDuoAlignmentProcessor } from '@club/workers/processors/duo-alignment';
import sharp from 'sharp';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

/** A5 at 300 dpi with a frame and a caption, the back of a postcard. */
const backPage = () =>
  sharp({ create: { width: 1748, height: 2480, channels: 3, background: '#f4efe6' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1748" height="2480"><rect x="118" y="118" width="1512" height="2244" fill="none" stroke="#345" stroke-width="12"/><text x="874" y="1300" font-size="120" text-anchor="middle" fill="#345" font-family="sans-serif">back</text></svg>',
        ),
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();

export async function loadDemoDuo(services: PortalServices, people: { member: number }): Promise<void> {
  // Projects have no request key: a later run that finds the demo's project adds nothing.
  const projects = [...services.projections.models.print.projects.values()];
  if (projects.some((project) => project.ownerPk === people.member && project.title === '雙面明信片')) return;
  const context = cliContext(services, 'demo-duo');
  const project = await services.print.create(people.member, '雙面明信片', context);
  const uploaded = await services.files.uploadMultipart(
    people.member,
    { objname: 'printproject', objpk: project.pk, application: 1, attr: '' },
    [{ filename: 'postcard-back.jpg', bytes: await backPage() }],
    context,
  );
  if (!uploaded.ok) throw new Error(`demo duo page: ${uploaded.reason}`);
  const s3pk = uploaded.pks[0]!;
  const offsets = { left: { x: 0.8, y: 1.1 }, right: { x: 1.1, y: 0.9 } };
  const recorded = await services.duo.recordOffsets(project.pk, s3pk, offsets, people.member, context);
  if (!recorded.ok) throw new Error(`demo duo offsets: ${recorded.reason}`);
  let job: DuoAlignmentJobData | undefined;
  const requested = await services.duo.requestAdjustment(
    project.pk,
    s3pk,
    fileKey(s3pk),
    people.member,
    {
      enqueue: async (queued) => {
        job = queued;
        return { ok: true };
      },
    },
    context,
  );
  if (!requested.ok || !job) throw new Error('demo duo adjustment not requested');
  const result = await createDuoAlignmentProcessor(services.files.storage)(job);
  await services.duo.recordResult(requested.jobId, result, services.files, context);
}
