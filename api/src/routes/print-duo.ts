// The duo (two-sided) alignment calls (document 2; docs/duo-print.md): the offsets (xydirsync), the edge
// photos of steps 22 and 23 (analysed here, at once), the adjustment job (duoalignment) and the test
// sheet. The project's owner and staff use them, on the computer or on the phone that followed the QR code.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DUO_DPI, MIN_SHEET_WIDTH_MM, MM_PER_INCH } from '@club/core/duo/constants';
import { renderTestSheet } from '@club/core/duo/test-sheet';
import { fileKey } from '@club/core/files/service';
import { mayManage } from '@club/core/print/decider';
import type { FileRow } from '@club/projections/files';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/print-duo.ts';
import { duoQueue, reconcileDuoJob, xydirView } from '../print/duo.ts';
import { responsesOf } from './schemas.ts';

const fail = (reason: string) => ({ status: 'fail' as const, reason });
/** A phone photo is a few MB; more than this is not a photo of a sheet's edge. */
const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

export const printDuoRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const user = requireRole('user');

  /** The project and its back-side file, or the answer already sent (not found, forbidden). */
  const target = (
    request: FastifyRequest,
    reply: FastifyReply,
    params: { pk: string; s3pk: string },
  ): { projectPk: number; source: FileRow } | null => {
    const project = services.projections.models.print.projects.get(Number(params.pk));
    const source = services.projections.models.files.byPk.get(Number(params.s3pk));
    if (
      !project ||
      !source ||
      source.status !== 'stored' ||
      source.objname !== 'printproject' ||
      source.objpk !== project.pk ||
      source.application === 11 ||
      source.contentType === 'application/pdf'
    ) {
      void reply.send(fail('notfound'));
      return null;
    }
    const actor = { pk: request.viewer!.row.pk, isStaff: allows(request.viewer!, 'staff') };
    if (!mayManage(project, actor)) {
      void reply.status(403).send(fail('forbidden'));
      return null;
    }
    return { projectPk: project.pk, source };
  };

  app.get(
    '/print/:pk/xydirsync/:s3pk',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'PrintAssistantDuoPrint: the left and right offsets (xydir)',
        params: contract.xydirGet.params,
        response: responsesOf(contract.xydirGet),
      },
    },
    async (request, reply) => {
      const found = target(request, reply, request.params);
      if (!found) return reply;
      let state = await services.duo.state(found.projectPk, found.source.pk);
      if (state.adjustment.status === 'running') {
        await reconcileDuoJob(services, state.adjustment.jobId);
        state = await services.duo.state(found.projectPk, found.source.pk);
      }
      return { status: 'ok' as const, xydir: xydirView(services, state, found.source) };
    },
  );

  app.post(
    '/print/:pk/xydirsync/:s3pk',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'PrintAssistantDuoPrint: sets the left or right offset (step 28, settings)',
        params: contract.xydirPost.params,
        body: contract.xydirPost.body,
        response: responsesOf(contract.xydirPost),
      },
    },
    async (request, reply) => {
      const found = target(request, reply, request.params);
      if (!found) return reply;
      const recorded = await services.duo.recordOffsets(
        found.projectPk,
        found.source.pk,
        request.body,
        request.viewer!.row.pk,
        commandContext(request),
      );
      if (!recorded.ok) return fail(recorded.reason);
      return { status: 'ok' as const, xydir: xydirView(services, recorded.state, found.source) };
    },
  );

  // The photo comes as the request's body (image/jpeg from the phone's camera), not as a multipart form.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      PHOTO_TYPES,
      { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
      '/print/:pk/duophoto/:s3pk/:side',
      {
        preHandler: user,
        bodyLimit: PHOTO_MAX_BYTES,
        schema: {
          tags: ['print'],
          summary: 'PrintAssistantDuoPrint steps 22 and 23: analyses a photo of the left or right edge',
          params: contract.photo.params,
          response: responsesOf(contract.photo),
        },
      },
      async (request, reply) => {
        const found = target(request, reply, request.params);
        if (!found) return reply;
        const photo = request.body;
        if (!Buffer.isBuffer(photo) || photo.length === 0)
          return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['photo'] });
        const analysed = await services.duo.analysePhoto(
          found.projectPk,
          found.source.pk,
          request.params.side,
          photo,
          request.viewer!.row.pk,
          commandContext(request),
        );
        if (!analysed.ok)
          return {
            status: 'fail' as const,
            reason: analysed.reason,
            ...(analysed.offset ? { offset: analysed.offset } : {}),
          };
        return {
          status: 'ok' as const,
          offset: analysed.offset,
          xydir: xydirView(services, analysed.state, found.source),
        };
      },
    );
  });

  app.post(
    '/print/:pk/duoalignment/:s3pk',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary:
          'PrintAssistantDuoPrint: makes the adjusted back-side image (needPhotoAnalysis until both photos)',
        params: contract.duoalignment.params,
        response: responsesOf(contract.duoalignment),
      },
    },
    async (request, reply) => {
      const found = target(request, reply, request.params);
      if (!found) return reply;
      const widthMm = ((found.source.info?.width ?? 0) / DUO_DPI) * MM_PER_INCH;
      if (widthMm < MIN_SHEET_WIDTH_MM) return fail('toosmall');
      const requested = await services.duo.requestAdjustment(
        found.projectPk,
        found.source.pk,
        fileKey(found.source.pk),
        request.viewer!.row.pk,
        duoQueue(services),
        commandContext(request),
      );
      if (!requested.ok) return fail(requested.reason);
      return { status: 'ok' as const, jobId: requested.jobId };
    },
  );

  app.get(
    '/print/:pk/duoprint/:s3pk/testsheet/:face',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'PrintAssistantDuoPrint: the test sheet (front or back page, PNG at 300 dpi)',
        params: contract.testSheet.params,
      },
    },
    async (request, reply) => {
      const found = target(request, reply, request.params);
      if (!found) return reply;
      // The sheet is the back-side file's page size (at 300 dpi); A4 when the file's size is unknown.
      const info = found.source.info;
      const sheet =
        info && info.width > 0 && info.height > 0
          ? { widthMm: (info.width / DUO_DPI) * MM_PER_INCH, heightMm: (info.height / DUO_DPI) * MM_PER_INCH }
          : { widthMm: 210, heightMm: 297 };
      const pages = await renderTestSheet(sheet);
      const face = request.params.face === 'front.png' ? 'front' : 'back';
      return reply
        .type('image/png')
        .header('content-disposition', `attachment; filename="duo-test-sheet-${face}.png"`)
        .send(pages[face]);
    },
  );
};
