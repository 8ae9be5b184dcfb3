// Direct uploads (document 2): prepare hands out one address per file (presigned on S3; on the local
// storage the PUT route below, whose token is signed and expires), the browser PUTs the bytes there, and
// upload/done has the API check and record them. Uploads never finished are swept after a day.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UNFINISHED_UPLOAD_TTL_MS } from '@club/core/files/decider';
import type { FileApplication } from '@club/core/files/rules';
import { newId } from '@club/core/ids';
import { unfinishedUploads } from '@club/projections';
import { commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/files.ts';
import type { PortalServices } from '../services.ts';
import { fileRecordView } from '../views/file-record.ts';
import { mayUploadTo, workshopPhotosFull } from './files.ts';
import { responsesOf } from './schemas.ts';

/** How often the sweep of unfinished uploads runs. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Ends every direct upload prepared more than a day ago and never finished; answers the swept pks. */
export async function sweepUnfinishedUploads(services: PortalServices): Promise<number[]> {
  const now = services.now();
  const expired = unfinishedUploads(
    services.projections.models.files,
    new Date(now.getTime() - UNFINISHED_UPLOAD_TTL_MS),
  );
  if (expired.length === 0) return [];
  return services.files.sweepUnfinished(expired, { now, actor: null, correlationId: newId() });
}

/** Reads a request body up to `maxBytes`; 'toolarge' as soon as it goes over (the rest is not read). */
async function readCapped(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer | 'toolarge'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return 'toolarge';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function directUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = app.services;
  const models = () => services.projections.models;

  const sweep = () =>
    sweepUnfinishedUploads(services).catch((error) =>
      app.log.error(error, 'sweep of unfinished uploads failed'),
    );
  // Once at start (uploads left while the portal was down), then hourly.
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/s3/prepare/upload',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'Upload addresses for files the browser sends itself',
        body: contract.prepareUpload.body,
        response: responsesOf(contract.prepareUpload),
      },
    },
    async (request, reply) => {
      const { objname, pk, application, attr, filenamelist } = request.body;
      const objpk = Number(pk);
      if (!Number.isSafeInteger(objpk) || objpk < 0)
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['pk'] });
      if (!mayUploadTo(request, objname, { objpk, application: Number(application) }))
        return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
      if (workshopPhotosFull(request, { objname, objpk }, filenamelist.length))
        return { status: 'fail' as const, reason: 'photolimit' };
      const result = await services.files.prepareDirect(
        request.viewer!.row.pk,
        { objname, objpk, application: Number(application) as FileApplication, attr: attr ?? '' },
        filenamelist,
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason, filename: result.filename };
      return { status: 'ok' as const, s3list: result.s3list };
    },
  );

  // The local storage's upload address takes the raw bytes whatever their declared type: only this
  // encapsulated plugin has the catch-all body parser, which leaves the body unread for the handler.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/s3/put/:token',
      {
        schema: {
          tags: ['files'],
          summary: 'The local storage’s direct-upload address (a signed, expiring token)',
          params: contract.putUpload.params,
          response: { ...responsesOf(contract.putUpload), 413: contract.putUpload.fail },
        },
      },
      async (request, reply) => {
        const target = await services.files.directPutTarget(request.params.token, services.now());
        if (target === null)
          return reply
            .status(403)
            .header('connection', 'close')
            .send({ status: 'fail', reason: 'forbidden' });
        const bytes = await readCapped(request.raw, target.maxBytes);
        if (bytes === 'toolarge')
          return reply.status(413).header('connection', 'close').send({ status: 'fail', reason: 'toolarge' });
        const refusal = await services.files.storeDirectPut(target.pk, bytes);
        if (refusal !== null) return reply.status(400).send({ status: 'fail', reason: refusal });
        return { status: 'ok' as const };
      },
    );
  });

  app.post(
    '/s3/update/upload/done',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'Marks direct uploads finished; the API checks and records their bytes',
        body: contract.uploadDone.body,
        response: responsesOf(contract.uploadDone),
      },
    },
    async (request) => {
      const pks = Object.keys(request.body.uploadDone).map(Number);
      const results = await services.files.finishDirect(request.viewer!.row.pk, pks, commandContext(request));
      const filelist = [...results]
        .filter(([, result]) => result === 'ok')
        .flatMap(([pk]) => {
          const row = models().files.byPk.get(pk);
          return row ? [fileRecordView(models(), row)] : [];
        });
      return { status: 'ok' as const, filelist, results: Object.fromEntries(results) };
    },
  );
}
