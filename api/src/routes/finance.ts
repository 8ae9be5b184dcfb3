// AdminFinanceStat (docs/finance.md): the books per semester and the journal / trial balance exports.
// Staff holding addvalue, the cash and pouch authority: the spec names none for this page.
import { parseSemesterTag, semesterOf } from '@club/core/semester';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/finance.ts';
import { financeSummary } from '../views/finance.ts';
import { journalSheet, toCsv, toXlsx, trialBalanceSheet } from '../views/finance-export.ts';
import { responsesOf } from './schemas.ts';

export const FINANCE_AUTHORITY = 'addvalue';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const treasurer = requireStaffWith(FINANCE_AUTHORITY);

  app.get(
    '/admin/finance',
    {
      preHandler: treasurer,
      schema: {
        tags: ['admin'],
        summary: 'AdminFinanceStat: the books of a semester (needs addvalue)',
        querystring: contract.financeSummary.query,
        response: responsesOf(contract.financeSummary),
      },
    },
    async (request) => {
      const tag = request.query.semester ?? semesterOf(services.now()).tag;
      if (!parseSemesterTag(tag)) return { status: 'fail' as const, reason: 'format' };
      return financeSummary(services, tag);
    },
  );

  app.get(
    '/admin/finance/export',
    {
      preHandler: treasurer,
      schema: {
        tags: ['admin'],
        summary: "A semester's journal or trial balance as CSV or XLSX (needs addvalue)",
        querystring: contract.financeExport.query,
      },
    },
    async (request, reply) => {
      const { semester, sheet, format } = request.query;
      if (!parseSemesterTag(semester)) return reply.send({ status: 'fail', reason: 'format' });
      const table =
        sheet === 'journal' ? await journalSheet(services, semester) : trialBalanceSheet(services, semester);
      const file = `${sheet === 'journal' ? 'journal' : 'trial-balance'}-${semester}.${format}`;
      reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'private, no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
      return reply.type(XLSX_TYPE).send(await toXlsx(table));
    },
  );
};
