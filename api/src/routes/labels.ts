// Label printing (document 2: LabelPrint) and its log (document 3): POST /label/draw renders a label,
// POST /label/print sends it to the label printer host, GET /admin/system/label/print/log/:page lists the
// prints. The printer's outcomes come back through the device link and are recorded here, in the API
// process (the only writer of events); docs/labels.md.
import type { CommandContext } from '@club/core/commands';
import type { LabelContent } from '@club/core/labels/render';
import { LabelContentError } from '@club/core/labels/render';
import { extrasFor, LABEL_TEXT_MAX, type LabelKind, parseExpiry } from '@club/core/labels/rules';
import type { LabelPrinterPort, LabelStamp } from '@club/core/labels/service';
import { itemBatches, labelPrintsNewestFirst, userPkstr } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { allows, commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/labels.ts';
import type { PortalServices } from '../services.ts';
import { responsesOf } from './schemas.ts';

/** Rows per page of the label print log (the spec leaves the page size open). */
export const LABEL_LOG_ROWS_PER_PAGE = 20;

type DrawBody = z.infer<typeof contract.labelDrawBodySchema>;

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const taipeiIso = (now: Date): string => new Date(now.getTime() + TAIPEI_OFFSET_MS).toISOString();

/** The id printed (and encoded) for targets whose domains do not exist yet: a kind letter and the pk. */
const TARGET_PREFIX: { [Kind in LabelKind]?: string } = {
  book: 'B',
  stock: 'S',
  sharingpaper: 'SP',
  property: 'P',
};

const clip = (text: string | null | undefined): string => (text ?? '').trim().slice(0, LABEL_TEXT_MAX);

/** Text Code 128 can carry on one label: printable ASCII, short. */
const encodable = (text: string): boolean => /^[\x20-\x7e]{1,30}$/.test(text);

/** A stock item's batches still in stock with an expiry date, soonest first ('YYYY.MM', as labels print it). */
function stockExpiryDates(
  services: PortalServices,
  pk: DrawBody['pk'],
): { expdate: string; quantity: number }[] {
  const raw = typeof pk === 'number' ? String(pk) : (pk ?? '').trim();
  const item = /^[1-9]\d{0,8}$/.test(raw)
    ? services.projections.models.stock.items.get(Number(raw))
    : undefined;
  if (!item) return [];
  return itemBatches(item)
    .batches.filter((batch) => batch.expiry !== null)
    .map((batch) => ({ expdate: batch.expiry!.replace('/', '.'), quantity: batch.remainingMilli / 1000 }))
    .sort((a, b) => a.expdate.localeCompare(b.expdate));
}

type Drawn =
  | { ok: true; content: LabelContent; target: string; comment: string }
  | { ok: false; reason: (typeof contract.labelDrawReasons)[number] };

/** What the label shows for a request: the target looked up (users) or taken as typed (the rest). */
export function labelContent(services: PortalServices, body: DrawBody, viewerPk: number, now: Date): Drawn {
  const expiry = parseExpiry(body.expdate);
  if (!expiry) return { ok: false, reason: 'format' };
  const { logo } = extrasFor(viewerPk, body);
  const comment = clip(body.comment);
  const namereplace = clip(body.namereplace);
  const local = taipeiIso(now);
  // 'auto' takes the soonest expiry among a stock item's batches still in stock (none: nothing added).
  const auto =
    expiry.kind === 'auto' && body.kind === 'stock' ? stockExpiryDates(services, body.pk)[0] : undefined;
  const dated = [
    body.datetoday ? local.slice(0, 10) : '',
    body.timetoday ? local.slice(11, 16) : '',
    expiry.kind === 'date' ? `EXP ${expiry.text}` : auto ? `EXP ${auto.expdate}` : '',
  ];
  const common = {
    logo,
    landscape: body.landscape === true,
    simple: body.simple === true,
    rounded: body.rounded === true,
  };
  const rawPk = typeof body.pk === 'number' ? String(body.pk) : (body.pk ?? '').trim();
  switch (body.kind) {
    case 'user': {
      const row = /^[1-9]\d{0,12}$/.test(rawPk)
        ? services.projections.models.users.byPk.get(Number(rawPk))
        : undefined;
      if (!row) return { ok: false, reason: 'notfound' };
      return {
        ok: true,
        target: row.pkstr,
        comment,
        content: {
          ...common,
          title: namereplace || row.name,
          subtitle: row.pkstr,
          lines: [comment, ...dated],
          barcode: row.pkstr,
        },
      };
    }
    case 'book':
    case 'stock':
    case 'sharingpaper':
    case 'property': {
      if (!/^[1-9]\d{0,8}$/.test(rawPk)) return { ok: false, reason: 'notfound' };
      const target = `${TARGET_PREFIX[body.kind]}${rawPk.padStart(5, '0')}`;
      return {
        ok: true,
        target,
        comment,
        content: {
          ...common,
          title: namereplace || comment || target,
          subtitle: target,
          lines: [namereplace || comment ? comment : '', ...dated].filter((line, index) => index > 0 || line),
          barcode: target,
        },
      };
    }
    case 'test':
    case 'any': {
      // The free text is the pk field (any) or the comment; test labels default to a test pattern.
      const text = clip(rawPk) || comment || (body.kind === 'test' ? 'TEST' : '');
      if (text === '') return { ok: false, reason: 'cannotgenerate' };
      return {
        ok: true,
        target: text,
        comment,
        content: {
          ...common,
          title: namereplace || text,
          subtitle: body.kind === 'test' ? 'TEST' : '',
          lines: [text === comment ? '' : comment, ...dated],
          barcode: encodable(text) ? text : null,
        },
      };
    }
    default: {
      const unknownKind: never = body.kind;
      throw new Error(`unknown label kind ${String(unknownKind)}`);
    }
  }
}

/** The idempotency key: the body's requestId, else the Idempotency-Key header. */
function idempotencyKey(request: FastifyRequest, bodyKey: string | undefined): string | undefined {
  if (bodyKey) return bodyKey;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : undefined;
}

/** The label host as the print call sees it: its heartbeat, and its queue. */
export function labelPrinter(services: PortalServices): LabelPrinterPort {
  return {
    async isUp() {
      return services.devices ? (await services.devices.heartbeat('label')) !== null : false;
    },
    async enqueue(job) {
      if (!services.devices) return { ok: false };
      const sent = await services.devices.send(
        {
          device: 'label',
          action: 'print',
          requestId: job.printId,
          image: job.image,
          quantity: job.quantity,
        },
        { waitMs: 0 },
      );
      return { ok: sent.ok };
    },
  };
}

const systemContext = (services: PortalServices, correlationId: string): CommandContext => ({
  now: services.now(),
  actor: null,
  correlationId,
});

/**
 * Records the label host's outcomes as they come, and, once at start, those of prints whose outcome was
 * missed while the API was down (jobState). Runs with the device link set (main.ts, or a test's portal).
 */
export async function followLabelOutcomes(services: PortalServices): Promise<void> {
  const devices = services.devices;
  if (!devices) return;
  const record = (printId: string, done: boolean, result: string, finishedAt: Date) =>
    services.labels
      .recordOutcome(
        printId,
        { done, result, finishedAt },
        systemContext(services, `label-outcome:${printId}`),
      )
      .catch((error: unknown) => console.error(`label print ${printId}: outcome not recorded`, error));
  await devices.onOutcome(['label'], (job) => {
    if (job.device !== 'label') return;
    if (job.state === 'completed') {
      void record(job.requestId, true, 'ok', new Date(job.outcome.completedAt));
    } else {
      void record(job.requestId, false, job.error, services.now());
    }
  });
  for (const printId of [...services.projections.models.labelPrintLog.pending]) {
    try {
      const state = await devices.jobState('label', printId);
      if (state.state === 'completed') await record(printId, true, 'ok', new Date(state.outcome.completedAt));
      else if (state.state === 'failed') await record(printId, false, state.error, services.now());
      // 'unknown': the job is gone (expired from Redis, or never queued): the outcome cannot be known.
      else if (state.state === 'unknown') await record(printId, false, 'lost', services.now());
    } catch {
      // Redis is away; the next start tries again.
    }
  }
}

export const labelRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.addHook('onReady', async () => {
    // In the background: a slow Redis must not hold up the portal's start.
    void followLabelOutcomes(services);
  });

  app.post(
    '/label/draw',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['labels'],
        summary: 'Render a label preview (PNG data URI) for a kind, target and options',
        body: contract.labelDraw.body,
        response: responsesOf(contract.labelDraw),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const drawn = labelContent(services, request.body, viewer.row.pk, services.now());
      if (!drawn.ok) return { status: 'fail' as const, reason: drawn.reason };
      const stamp: LabelStamp = { kind: request.body.kind, target: drawn.target, userPk: viewer.row.pk };
      try {
        const datauri = await services.labels.draw(drawn.content, stamp);
        const expdatelist = request.body.kind === 'stock' ? stockExpiryDates(services, request.body.pk) : [];
        return { status: 'ok' as const, barcode: { datauri }, expdatelist, comment: drawn.comment };
      } catch (error) {
        if (error instanceof LabelContentError) return { status: 'fail' as const, reason: 'cannotgenerate' };
        request.log.error({ err: error }, 'label draw failed');
        return { status: 'fail' as const, reason: 'unknown' };
      }
    },
  );

  app.post(
    '/label/print',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['labels'],
        summary: 'Send a drawn label to the label printer (servicedown when no printer host answers)',
        body: contract.labelPrint.body,
        response: responsesOf(contract.labelPrint),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const body = request.body;
      const requestId = idempotencyKey(request, body.requestId);
      const { location } = extrasFor(viewer.row.pk, { location: body.label.location });
      const result = await services.labels.print(
        {
          userPk: viewer.row.pk,
          dataUri: body.label.dataURI,
          quantity: body.label.quantity,
          location,
          simple: body.simple === true,
          requestId,
          allowDebt: allows(viewer, { authority: 'allowdebt' }),
        },
        labelPrinter(services),
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        quantity: result.quantity,
        charge: result.chargeCents / 100,
        printId: result.printId,
      };
    },
  );

  app.get(
    '/admin/system/label/print/log/:page',
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['labels'],
        summary: 'The label print log, newest first (staff with the system authority)',
        params: contract.labelPrintLog.params,
        response: responsesOf(contract.labelPrintLog),
      },
    },
    async (request) => {
      const page = Number(request.params.page);
      const rows = labelPrintsNewestFirst(services.projections.models.labelPrintLog);
      const users = services.projections.models.users.byPk;
      return {
        status: 'ok' as const,
        loglist: rows
          .slice((page - 1) * LABEL_LOG_ROWS_PER_PAGE, page * LABEL_LOG_ROWS_PER_PAGE)
          .map((row) => ({
            pk: row.pk,
            timestamp: row.timestamp,
            user: { pk: row.userPk, pkstr: userPkstr(row.userPk), name: users.get(row.userPk)?.name ?? '' },
            kind: row.kind,
            target: row.target,
            quantity: row.quantity,
            charge: row.chargeCents / 100,
            done: row.done,
            result: row.result,
            datauri: row.image,
          })),
        pager: { totalrows: rows.length, rowsperpage: LABEL_LOG_ROWS_PER_PAGE, page },
      };
    },
  );
};
