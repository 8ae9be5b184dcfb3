// Uploads through the API (POST /upload, multipart), file records, downloads, deletion and zips
// (document 2: upload calls; document 3: the staff receipt upload). Direct uploads are in
// files-direct.ts. Every file is readable by its owner and by staff only.
import { once } from 'node:events';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileKey, type FileTarget, thumbnailKey } from '@club/core/files/service';
import { type FileApplication, uniqueEntryNames } from '@club/core/files/rules';
import type { FileRow } from '@club/projections';
import type { z } from 'zod';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/files.ts';
import { fileRecordView } from '../views/file-record.ts';
import { formOf, photosOf } from '../views/workshop.ts';
import { PHOTOS_MAX } from '@club/core/workshop/questions';
import { responsesOf } from './schemas.ts';

/** At most this many files in one multipart upload. */
export const MAX_FILES_PER_UPLOAD = 20;

const toPk = (value: unknown): number | null => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,13}$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
};

const isStaff = (request: FastifyRequest) => allows(request.viewer!, 'staff');

/** The file if the viewer may see it (owner or staff), else a refusal already sent. */
function visibleFile(request: FastifyRequest, reply: FastifyReply, pk: number): FileRow | null {
  const row = request.server.services.projections.models.files.byPk.get(pk);
  if (row?.status !== 'stored') {
    void reply.status(200).send({ status: 'fail', reason: 'notfound' });
    return null;
  }
  if (row.ownerPk !== request.viewer!.row.pk && !isStaff(request)) {
    void reply.status(403).send({ status: 'fail', reason: 'forbidden' });
    return null;
  }
  return row;
}

/**
 * Who may attach files to which object: stock receipts are staff work; a print project's self-made sheets
 * (application 10) its owner's or staff's (document 2); the rest any logged-in user.
 */
export function mayUploadTo(
  request: FastifyRequest,
  objname: FileTarget['objname'],
  target?: { objpk: number; application: number },
): boolean {
  if (objname === 'stockreceipt') return isStaff(request);
  if (objname === 'workshopform') {
    // A workshop form's photos are its applicant's (or staff's). A pk with no form yet stays open as
    // before (the files domain's own tests use it); such files never count as a form's photos, since
    // photosOf takes only the applicant's own files.
    const form = target ? formOf(request.server.services.projections.models, target.objpk) : undefined;
    return form === undefined || form.userPk === request.viewer!.row.pk || isStaff(request);
  }
  if (objname === 'printproject' && target?.application === 10) {
    const project = request.server.services.projections.models.print.projects.get(target.objpk);
    return isStaff(request) || project?.ownerPk === request.viewer!.row.pk;
  }
  return true;
}

/** A workshop form takes at most 5 uploads (document 2); `adding` more would pass that. */
export function workshopPhotosFull(
  request: FastifyRequest,
  target: { objname: string; objpk: number },
  adding: number,
): boolean {
  if (target.objname !== 'workshopform') return false;
  return photosOf(request.server.services.projections.models, target.objpk).length + adding > PHOTOS_MAX;
}

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = app.services;
  const limits = services.files.limits;
  await app.register(fastifyMultipart, {
    // Keep the client's file name whole, so a name with a path is seen (and refused), not quietly cut.
    preservePath: true,
    limits: {
      fileSize: Math.max(limits.printMaxBytes, limits.photoMaxBytes) + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 10,
      fieldSize: 2000,
      parts: MAX_FILES_PER_UPLOAD + 10,
    },
  });
  const models = () => services.projections.models;
  const view = (pk: number) => {
    const row = models().files.byPk.get(pk);
    return row ? [fileRecordView(models(), row)] : [];
  };

  app.post(
    '/upload',
    {
      preHandler: requireRole('user'),
      schema: { tags: ['files'], summary: contract.upload.path, response: responsesOf(contract.upload) },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['file'] });
      const fields: Record<string, string> = {};
      const files: { filename: string; bytes: Buffer }[] = [];
      // The files of one request are held in memory until all are checked, so their total is capped too;
      // larger batches go as direct uploads.
      const maxTotalBytes = 2 * Math.max(limits.printMaxBytes, limits.photoMaxBytes);
      let totalBytes = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            totalBytes += bytes.length;
            if (totalBytes > maxTotalBytes) return { status: 'fail' as const, reason: 'toolarge' };
            files.push({ filename: part.filename, bytes });
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 'fail' as const, reason: 'toolarge' };
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['file'] });
        throw error;
      }
      const parsed = contract.uploadFieldsSchema.safeParse(fields);
      const objpk = parsed.success ? toPk(parsed.data.pk) : null;
      if (!parsed.success || objpk === null || files.length === 0)
        return reply.status(400).send({
          status: 'fail',
          reason: 'badrequest',
          fields: parsed.success
            ? objpk === null
              ? ['pk']
              : ['file']
            : parsed.error.issues.map((issue) => issue.path.join('.')),
        });
      const target: FileTarget = {
        objname: parsed.data.objname,
        objpk,
        application: Number(parsed.data.application) as FileApplication,
        attr: parsed.data.attr,
      };
      if (!mayUploadTo(request, target.objname, target))
        return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
      if (workshopPhotosFull(request, target, files.length))
        return { status: 'fail' as const, reason: 'photolimit' };
      const result = await services.files.uploadMultipart(
        request.viewer!.row.pk,
        target,
        files,
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason, filename: result.filename };
      const filelist = result.pks.flatMap(view);
      if (target.objname !== 'stockreceipt') return { status: 'ok' as const, filelist };
      // The staff receipt upload answers the purchase's whole pool of receipt images (document 3).
      const imgpoollist = [...models().files.byPk.values()]
        .filter((row) => row.status === 'stored' && row.objname === 'stockreceipt' && row.objpk === objpk)
        .map((row) => fileRecordView(models(), row));
      return { status: 'ok' as const, filelist, imgpoollist };
    },
  );

  app.get(
    '/s3/:pk',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'A file record (owner or staff)',
        params: contract.fileRecord.params,
        response: responsesOf(contract.fileRecord),
      },
    },
    async (request, reply) => {
      const row = visibleFile(request, reply, Number(request.params.pk));
      if (!row) return reply;
      return { status: 'ok' as const, file: fileRecordView(models(), row) };
    },
  );

  const sendBytes = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pk: number,
    which: 'content' | 'thumbnail',
  ) => {
    const row = visibleFile(request, reply, pk);
    if (!row) return reply;
    const key = which === 'content' ? fileKey(pk) : row.thumbnailKey ? thumbnailKey(pk) : null;
    const stream = key ? await services.files.storage.stream(key) : null;
    if (!stream) return reply.status(200).send({ status: 'fail', reason: 'notfound' });
    return reply
      .type(which === 'content' ? (row.contentType ?? 'application/octet-stream') : 'image/jpeg')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(stream);
  };

  app.get(
    '/s3/:pk/content',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'The bytes of a file (owner or staff)',
        params: contract.fileContent.params,
      },
    },
    (request, reply) => sendBytes(request, reply, Number(request.params.pk), 'content'),
  );

  app.get(
    '/s3/:pk/thumbnail',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: "A file's JPEG thumbnail (owner or staff)",
        params: contract.fileThumbnail.params,
      },
    },
    (request, reply) => sendBytes(request, reply, Number(request.params.pk), 'thumbnail'),
  );

  app.post(
    '/s3/delete',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'Deletes files: all or none, each only by its owner or staff',
        body: contract.deleteFiles.body,
        response: responsesOf(contract.deleteFiles),
      },
    },
    async (request, reply) => {
      const pks = request.body.pklist.map(toPk);
      if (pks.some((pk) => pk === null || pk === 0))
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['pklist'] });
      const result = await services.files.delete(
        request.viewer!.row.pk,
        isStaff(request),
        [...new Set(pks as number[])],
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/go/zip',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['files'],
        summary: 'A zip of the listed files (owner or staff)',
        body: contract.zip.body,
      },
    },
    async (request, reply) => {
      const wanted = wantedFiles(request.body);
      if (wanted === null || wanted.length === 0)
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['list'] });
      const rows: FileRow[] = [];
      for (const { pk } of wanted) {
        const row = visibleFile(request, reply, pk);
        if (!row) return reply;
        rows.push(row);
      }
      const names = uniqueEntryNames(wanted.map((file, index) => file.filename ?? rows[index]!.filename));
      const zipName = `${(request.body.filename ?? 'files').replace(/\.zip$/i, '')}.zip`;
      // Loaded at the first zip asked for: archiver and its streams are not needed to start.
      const { ZipArchive } = await import('archiver');
      const archive = new ZipArchive({ store: true });
      // Files are added one at a time, so a long list never holds many open files or S3 responses.
      void (async () => {
        try {
          for (const [index, row] of rows.entries()) {
            const stream = await services.files.storage.stream(fileKey(row.pk));
            if (!stream) continue;
            const added = once(archive, 'entry');
            archive.append(stream, { name: names[index]! });
            await added;
          }
          await archive.finalize();
        } catch (error) {
          request.log.error(error, 'zip download failed');
          archive.abort();
        }
      })();
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(zipName)}`)
        .send(archive);
    },
  );
}

const CONTENT_URL = /^(?:https?:\/\/[^/]+)?\/api\/s3\/([1-9]\d{0,12})\/content$/;

/** The files a zip request names: its own file addresses only (never a fetch of someone else's URL). */
function wantedFiles(body: z.infer<typeof contract.zip.body>): { pk: number; filename?: string }[] | null {
  const wanted: { pk: number; filename?: string }[] = [];
  for (const item of body.list ?? []) {
    const match = CONTENT_URL.exec(item.url);
    if (!match) return null;
    wanted.push({ pk: Number(match[1]), ...(item.filename ? { filename: item.filename } : {}) });
  }
  for (const value of body.pklist ?? []) {
    const pk = toPk(value);
    if (pk === null || pk === 0) return null;
    wanted.push({ pk });
  }
  return wanted;
}
