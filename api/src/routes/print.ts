// The print assistant's calls (document 2; docs/print.md): the project list, create, a project with its
// files and results, its lastlog (polled every 2.5 s while running), save, start an imposition, and the
// result PDFs (download, zip, delete). Anyone logged in with a project's link sees it and may add source
// pages; its owner and staff change it, start impositions and add self-made sheets.
import { once } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uniqueEntryNames } from '@club/core/files/rules';
import { fileKey } from '@club/core/files/service';
import type { PrintProject } from '@club/core/print/decider';
import type { ImpositionJob } from '@club/core/print/service';
import type { UnspecifiedJobData } from '@club/workers/queues';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/print.ts';
import { projectFiles, projectView, resultName, summaryView } from '../print/view.ts';
import { responsesOf } from './schemas.ts';

const fail = (reason: string) => ({ status: 'fail' as const, reason });

const actorOf = (request: FastifyRequest) => ({
  pk: request.viewer!.row.pk,
  isStaff: allows(request.viewer!, 'staff'),
});

const toPk = (value: unknown): number | null => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,13}$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const user = requireRole('user');
  const projectOf = (pk: string): PrintProject | undefined =>
    services.projections.models.print.projects.get(Number(pk));

  app.get(
    '/print/list',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'PrintAssistant: the projects',
        response: responsesOf(contract.list),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const uploadedTo = new Set(
        [...services.projections.models.files.byPk.values()]
          .filter((row) => row.objname === 'printproject' && row.ownerPk === actor.pk)
          .map((row) => row.objpk),
      );
      const pplist = [...services.projections.models.print.projects.values()]
        .filter((project) => actor.isStaff || project.ownerPk === actor.pk || uploadedTo.has(project.pk))
        .sort((a, c) => c.pk - a.pk)
        .map((project) => summaryView(services, project));
      return { status: 'ok' as const, pplist };
    },
  );

  app.post(
    '/print',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'Creates a print project',
        body: contract.create.body,
        response: responsesOf(contract.create),
      },
    },
    async (request) => {
      const created = await services.print.create(
        request.viewer!.row.pk,
        request.body.title,
        commandContext(request),
      );
      await services.projections.waitFor(created.position);
      return { status: 'ok' as const, printproject: { pk: created.pk } };
    },
  );

  app.get(
    '/print/:pk',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'A print project',
        params: contract.detail.params,
        response: responsesOf(contract.detail),
      },
    },
    async (request) => {
      const project = projectOf(request.params.pk);
      if (!project) return fail('notfound');
      return { status: 'ok' as const, printproject: projectView(services, project, actorOf(request)) };
    },
  );

  app.get(
    '/print/:pk/lastlog',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: "A print project's lastlog",
        params: contract.lastlog.params,
        response: responsesOf(contract.lastlog),
      },
    },
    async (request) => {
      const project = projectOf(request.params.pk);
      if (!project) return fail('notfound');
      const { status, progresspercent, progresstext } = project.lastlog;
      return { status: 'ok' as const, lastlog: { status, progresspercent, progresstext } };
    },
  );

  app.post(
    '/print/:pk/save',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'Saves a print project (owner or staff)',
        params: contract.save.params,
        body: contract.save.body,
        response: responsesOf(contract.save),
      },
    },
    async (request, reply) => {
      const { title, settings } = request.body.printproject;
      const saved = await services.print.save(
        Number(request.params.pk),
        actorOf(request),
        title,
        settings,
        commandContext(request),
      );
      if (!saved.ok) {
        if (saved.rejection.rejected === 'forbidden') return reply.status(403).send(fail('forbidden'));
        return fail(saved.rejection.rejected);
      }
      await services.projections.waitFor(saved.position);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/print/:pk/imposition',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'Starts an imposition (owner or staff)',
        params: contract.imposition.params,
        body: contract.imposition.body,
        response: responsesOf(contract.imposition),
      },
    },
    async (request, reply) => {
      const pk = Number(request.params.pk);
      const pks = request.body.s3pklist.map(toPk);
      if (pks.some((value) => value === null))
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: ['s3pklist'] });
      const found = new Map(
        projectFiles(services, pk).map((row) => [
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
      );
      const queues = services.queues;
      const started = await services.print.startImposition(
        {
          pk,
          actor: actorOf(request),
          method: request.body.impositionMethod,
          s3pklist: pks as number[],
          demoOnly: request.body.demoOnly,
          found,
          queue: {
            enqueue: async (job: ImpositionJob) =>
              queues
                ? queues.enqueueOrServiceDown('imposition', job as unknown as UnspecifiedJobData, {
                    jobId: job.jobId,
                  })
                : { ok: false },
          },
        },
        commandContext(request),
      );
      if (!started.ok) {
        if (started.reason === 'forbidden') return reply.status(403).send(fail('forbidden'));
        return fail(started.reason);
      }
      await services.projections.waitFor(started.position);
      return { status: 'ok' as const, duplicates: started.duplicateNames };
    },
  );

  /** The project and the result if the viewer may have it (owner or staff), else a refusal already sent. */
  const managed = (
    request: FastifyRequest<{ Params: { pk: string } }>,
    reply: FastifyReply,
  ): PrintProject | null => {
    const project = projectOf(request.params.pk);
    if (!project) {
      void reply.send(fail('notfound'));
      return null;
    }
    const actor = actorOf(request);
    if (!actor.isStaff && actor.pk !== project.ownerPk) {
      void reply.status(403).send(fail('forbidden'));
      return null;
    }
    return project;
  };

  app.get(
    '/print/:pk/result/:name',
    {
      preHandler: user,
      schema: { tags: ['print'], summary: 'A result PDF (owner or staff)', params: contract.result.params },
    },
    async (request, reply) => {
      const project = managed(request, reply);
      if (!project) return reply;
      const result = project.results.find((item) => resultName(item.key) === request.params.name);
      const stream = result ? await services.files.storage.stream(result.key) : null;
      if (!result || !stream) return reply.send(fail('notfound'));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(result.filename)}`)
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  );

  app.post(
    '/print/:pk/result/zip',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'A zip of result PDFs (owner or staff)',
        params: contract.resultZip.params,
        body: contract.resultZip.body,
      },
    },
    async (request, reply) => {
      const project = managed(request, reply);
      if (!project) return reply;
      const wanted = new Set(request.body.names);
      const results = project.results.filter((item) => wanted.size === 0 || wanted.has(resultName(item.key)));
      if (results.length === 0) return reply.send(fail('notfound'));
      const names = uniqueEntryNames(results.map((item) => item.filename));
      // Loaded at the first zip asked for: archiver and its streams are not needed to start.
      const { ZipArchive } = await import('archiver');
      const archive = new ZipArchive({ store: true });
      void (async () => {
        try {
          for (const [index, item] of results.entries()) {
            const stream = await services.files.storage.stream(item.key);
            if (!stream) continue;
            const added = once(archive, 'entry');
            archive.append(stream, { name: names[index]! });
            await added;
          }
          await archive.finalize();
        } catch (error) {
          request.log.error(error, 'print results zip failed');
          archive.abort();
        }
      })();
      const zipName = `${project.title.replace(/[^\p{L}\p{N} _-]/gu, '') || 'print'}.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(zipName)}`)
        .send(archive);
    },
  );

  app.post(
    '/print/:pk/result/delete',
    {
      preHandler: user,
      schema: {
        tags: ['print'],
        summary: 'Deletes result PDFs (owner or staff)',
        params: contract.deleteResults.params,
        body: contract.deleteResults.body,
        response: responsesOf(contract.deleteResults),
      },
    },
    async (request, reply) => {
      const project = managed(request, reply);
      if (!project) return reply;
      const keys = request.body.names.map(
        (name) => project.results.find((item) => resultName(item.key) === name)?.key,
      );
      if (keys.some((key) => key === undefined)) return fail('notfound');
      const deleted = await services.print.deleteResults(
        project.pk,
        actorOf(request),
        keys as string[],
        commandContext(request),
      );
      if (!deleted.ok) return fail(deleted.rejection.rejected);
      // The record says deleted first: bytes that fail to go are unreachable, never shown.
      for (const key of keys as string[]) await services.files.storage.delete(key).catch(() => undefined);
      await services.projections.waitFor(deleted.position);
      return { status: 'ok' as const };
    },
  );
};
