// The giclee calls of document 3 (docs/giclee.md): AdminGicleeJobHistory (staff), the set calls (staff
// with transmodify, which also expands the job details and actions), the counter payment (staff), and
// AdminP6000Stat (staff).
import { INK_COLOURS } from '@club/core/giclee/report';
import { effectiveHeightMm, squareInches } from '@club/core/giclee/rules';
import { semesterOf } from '@club/core/semester';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/giclee.ts';
import type { GicleeEditCommand } from '@club/core/giclee/service';
import { payJob } from '../giclee/payment.ts';
import { printerStatus } from '../giclee/poller.ts';
import { gicleePapers, jobView, unpaidOf } from '../giclee/view.ts';
import type { PortalServices } from '../services.ts';
import { ledgerRequestOf } from './stock-purchase.ts';
import { responsesOf } from './schemas.ts';

export const GICLEE_ROWS_PER_PAGE = 20;

const fail = (reason: string) => ({ status: 'fail' as const, reason });

/** A form's number: a finite number or a numeric text; '' and null mean "none". */
function formNumber(value: number | string | null): number | null | 'invalid' {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  const text = value.trim();
  if (text === '' || text.toLowerCase() === 'none') return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : 'invalid';
}

const rejectionReasons = {
  notfound: 'notfound',
  reason: 'reason_required',
  height: 'height_invalid',
  fee: 'fee_invalid',
} as const;

export const gicleeRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staff = requireRole('staff');
  const transmodify = requireStaffWith('transmodify');

  const jobAnswer = (pk: number) => {
    const row = services.projections.models.giclee.jobs.get(pk);
    if (!row) return fail('notfound');
    return { status: 'ok' as const, job: jobView(services, row, gicleePapers(services)) };
  };

  app.get(
    '/admin/giclee/job/history/:filter/:page',
    {
      preHandler: staff,
      schema: {
        tags: ['giclee'],
        summary: 'AdminGicleeJobHistory',
        params: contract.jobHistory.params,
        response: responsesOf(contract.jobHistory),
      },
    },
    async (request) => {
      const { filter, page } = request.params;
      const papers = gicleePapers(services);
      const rows = [...services.projections.models.giclee.jobs.values()]
        .filter((row) => filter === 'all' || unpaidOf(row, papers))
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.pk - a.pk);
      const pageNo = Number(page);
      const shown = rows.slice((pageNo - 1) * GICLEE_ROWS_PER_PAGE, pageNo * GICLEE_ROWS_PER_PAGE);
      const printer = services.projections.models.giclee.printer;
      return {
        status: 'ok' as const,
        loglist: shown.map((row) => jobView(services, row, papers)),
        pager: { totalrows: rows.length, rowsperpage: GICLEE_ROWS_PER_PAGE, page: pageNo },
        ...printerStatus(services),
        paperlist: papers.map((paper) => ({
          pk: paper.stockPk,
          name: paper.name,
          price: paper.priceCents === null ? null : paper.priceCents / 100,
          payable: paper.payable,
          kind: paper.kind,
        })),
        inklevels: printer.inkLevels ? { ...printer.inkLevels } : null,
      };
    },
  );

  /** Runs one staff edit and answers the job as it is now. */
  async function edit(request: Parameters<typeof commandContext>[0], pk: number, command: GicleeEditCommand) {
    if (!services.projections.models.giclee.jobs.has(pk)) return fail('notfound');
    const answer = await services.giclee.edit(pk, command, commandContext(request));
    if (!answer.ok) return fail(rejectionReasons[answer.reason]);
    await services.projections.waitFor(answer.position);
    return jobAnswer(pk);
  }

  const setSchema = <E extends { body: unknown }>(
    call: E & Parameters<typeof responsesOf>[0],
    summary: string,
  ) => ({
    preHandler: transmodify,
    schema: { tags: ['giclee'], summary, body: call.body, response: responsesOf(call) },
  });

  app.put(
    '/admin/giclee/setheight',
    setSchema(contract.setHeight, 'Set a giclee job height (mm)'),
    async (request) => {
      const { pk, heightOverwrite } = request.body as { pk: number; heightOverwrite: number | string | null };
      const height = formNumber(heightOverwrite);
      if (height === 'invalid' || (height !== null && height <= 0)) return fail('height_invalid');
      return edit(request, pk, { type: 'SetHeight', heightMm: height, byPk: request.viewer!.row.pk });
    },
  );

  app.put(
    '/admin/giclee/setfee',
    setSchema(contract.setFee, 'Set a giclee job fee (NTD)'),
    async (request) => {
      const { pk, fee } = request.body as { pk: number; fee: number | string | null };
      const value = formNumber(fee);
      if (value === 'invalid' || (value !== null && !Number.isInteger(value))) return fail('fee_invalid');
      return edit(request, pk, {
        type: 'SetFee',
        feeCents: value === null ? null : value * 100,
        byPk: request.viewer!.row.pk,
      });
    },
  );

  app.put(
    '/admin/giclee/setcomment',
    setSchema(contract.setComment, 'Set a giclee job comment'),
    async (request) => {
      const { pk, comment } = request.body as { pk: number; comment: string };
      return edit(request, pk, { type: 'SetComment', comment: comment.trim(), byPk: request.viewer!.row.pk });
    },
  );

  app.put(
    '/admin/giclee/setpapertype',
    setSchema(contract.setPaperType, 'Set a giclee job paper'),
    async (request) => {
      const { pk, papertype } = request.body as { pk: number; papertype: number };
      if (!gicleePapers(services).some((paper) => paper.stockPk === papertype)) return fail('paper_invalid');
      return edit(request, pk, { type: 'SetPaper', paperStockPk: papertype, byPk: request.viewer!.row.pk });
    },
  );

  app.put(
    '/admin/giclee/setnoneedtopay',
    setSchema(contract.setNoNeedToPay, 'Mark a giclee job no-need-to-pay, or back'),
    async (request) => {
      const { pk, noNeedToPay, noNeedToPayReason } = request.body as {
        pk: number;
        noNeedToPay: boolean;
        noNeedToPayReason?: string;
      };
      return edit(request, pk, {
        type: 'SetNoNeedToPay',
        noNeedToPay,
        reason: noNeedToPayReason ?? '',
        byPk: request.viewer!.row.pk,
      });
    },
  );

  app.post(
    '/admin/giclee/pay',
    {
      preHandler: staff,
      schema: {
        tags: ['giclee'],
        summary: 'Pay a giclee job at the counter',
        body: contract.pay.body,
        response: responsesOf(contract.pay),
      },
    },
    async (request) => {
      const { pk, userpk, fee } = request.body;
      // The sale id is the job's and its payment generation's (giclee-{pk}-{n}): a retry or a second
      // staff member's click finds the same sale, so no request key is needed.
      const paid = await payJob(
        services,
        { pk, payerPk: userpk, expectedFeeCents: Math.round(fee * 100) },
        ledgerRequestOf(request, services),
      );
      if (!paid.ok) {
        if (paid.position) await services.projections.waitFor(paid.position);
        return fail(paid.reason);
      }
      await services.projections.waitFor(paid.position);
      return jobAnswer(pk);
    },
  );

  app.get(
    '/admin/p6000/stat',
    {
      preHandler: staff,
      schema: {
        tags: ['giclee'],
        summary: 'AdminP6000Stat',
        response: responsesOf(contract.p6000Stat),
      },
    },
    async () => p6000Stat(services),
  );
};

/** Ink per colour over every job, and square inches per semester (newest first). */
export function p6000Stat(services: PortalServices) {
  const jobs = [...services.projections.models.giclee.jobs.values()];
  const ink = INK_COLOURS.map((color) => ({
    color,
    consuptionvolume: Math.round(jobs.reduce((sum, job) => sum + (job.ink[color] ?? 0), 0) * 1000) / 1000,
    ...(jobs.length === 0 ? { msg: 'nodata' } : {}),
  }));
  const bySemester = new Map<string, { inchsquare: number; jobs: number }>();
  for (const job of jobs) {
    const tag = semesterOf(new Date(job.startedAt)).tag;
    const entry = bySemester.get(tag) ?? { inchsquare: 0, jobs: 0 };
    entry.inchsquare += squareInches(job.widthMm, effectiveHeightMm(job));
    entry.jobs += 1;
    bySemester.set(tag, entry);
  }
  const job = [...bySemester.entries()]
    .sort(([a], [b]) => b.localeCompare(a, undefined, { numeric: true }))
    .map(([semester, entry]) => ({
      semester,
      inchsquare: Math.round(entry.inchsquare * 10) / 10,
      jobs: entry.jobs,
    }));
  return { status: 'ok' as const, ink, job };
}
