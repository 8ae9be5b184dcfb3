// AdminSystemStatus (document 3) and its log pages: login, user change and user search, newest first, for
// staff with the system authority. The other logs (opendoor, label print, e-mail) live with their domains'
// routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/system.ts';
import { systemStatus } from '../system/status.ts';
import { personRef } from '../views/ledger-rows.ts';
import { responsesOf } from './schemas.ts';

/** Rows per page of every system log page. */
export const LOG_ROWS_PER_PAGE = 20;

/** Page `page` (from 1) of `rows` (kept oldest first), newest first, with the spec's pager. */
export function pageNewestFirst<Row>(rows: readonly Row[], page: number, rowsPerPage = LOG_ROWS_PER_PAGE) {
  const end = rows.length - (page - 1) * rowsPerPage;
  const start = Math.max(0, end - rowsPerPage);
  const pageRows = end <= 0 ? [] : rows.slice(start, end).reverse();
  return { rows: pageRows, pager: { totalrows: rows.length, rowsperpage: rowsPerPage, page } };
}

export const systemLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  const systemStaff = requireStaffWith('system');

  app.get(
    contract.systemStatus.path,
    {
      preHandler: systemStaff,
      schema: {
        tags: ['admin'],
        summary:
          'System status: the problem and normal lists of real checks, within about a second (needs system)',
        response: responsesOf(contract.systemStatus),
      },
    },
    async () => ({ status: 'ok' as const, ...(await systemStatus(services)) }),
  );

  app.get(
    contract.loginLog.path,
    {
      preHandler: systemStaff,
      schema: {
        tags: ['admin'],
        summary: 'The login log, newest first (needs system)',
        params: contract.loginLog.params,
        response: responsesOf(contract.loginLog),
      },
    },
    async (request) => {
      const { users, loginLog } = models();
      const { rows, pager } = pageNewestFirst(loginLog, Number(request.params.page));
      return {
        status: 'ok' as const,
        loglist: rows.map((row) => ({
          pk: row.pk,
          timestamp: row.timestamp,
          user: row.userPk === null ? null : personRef(users, row.userPk),
          identifier: row.identifier,
          method: row.method,
          scope: row.scope,
          first: row.first,
          ip: row.ip,
          status: row.status,
        })),
        pager,
      };
    },
  );

  app.get(
    contract.userChangeLog.path,
    {
      preHandler: systemStaff,
      schema: {
        tags: ['admin'],
        summary: 'The user change log (staff edits of profile fields), newest first (needs system)',
        params: contract.userChangeLog.params,
        response: responsesOf(contract.userChangeLog),
      },
    },
    async (request) => {
      const { users, userChangeLog } = models();
      const { rows, pager } = pageNewestFirst(userChangeLog, Number(request.params.page));
      return {
        status: 'ok' as const,
        loglist: rows.map((row) => ({
          pk: row.pk,
          timestamp: row.timestamp,
          execuser: row.execuserPk === null ? null : personRef(users, row.execuserPk),
          user: personRef(users, row.userPk),
          fieldname: row.fieldname,
          valueold: row.valueold,
          valuenew: row.valuenew,
        })),
        pager,
      };
    },
  );

  app.get(
    contract.userSearchLog.path,
    {
      preHandler: systemStaff,
      schema: {
        tags: ['admin'],
        summary: 'The user search log (keyword searches by staff), newest first (needs system)',
        params: contract.userSearchLog.params,
        response: responsesOf(contract.userSearchLog),
      },
    },
    async (request) => {
      const { users, userSearchLog } = models();
      const { rows, pager } = pageNewestFirst(userSearchLog, Number(request.params.page));
      return {
        status: 'ok' as const,
        loglist: rows.map((row) => ({
          pk: row.pk,
          timestamp: row.timestamp,
          execuser: personRef(users, row.execuserPk),
          keyword: row.keyword,
        })),
        pager,
      };
    },
  );
};
