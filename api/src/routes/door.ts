// The door (document 1: OpenDoor; document 3: the opendoor log). docs/door.md explains the choices: who
// may open, the opening hours, what the page's list shows, and the answers when the door host is down.
import { createHash } from 'node:crypto';
import type { DoorAttempt } from '@club/core/door/decider';
import { openingWindow } from '@club/core/door/rules';
import type { DoorLogModel, DoorLogRow } from '@club/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/door.ts';
import { doorDevice } from '../door/device.ts';
import { personRef } from '../views/ledger-rows.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import type { UserFacts } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

/** Attempts the door page lists. */
export const DOOR_PAGE_ROWS = 10;
/** Rows per page of the opendoor log (the spec leaves the page size open). */
export const DOOR_LOG_ROWS_PER_PAGE = 20;

/** Members open as members; others need the opendoor authority (document 1, section 6). */
const openerOf = (viewer: UserFacts): DoorAttempt['opener'] | null =>
  allows(viewer, { authority: 'opendoor' }) ? 'authority' : viewer.ismember ? 'member' : null;

/** Members or the opendoor authority; 403 forbidden for anyone else. */
async function requireDoorOpener(request: FastifyRequest, reply: FastifyReply) {
  requireRole('user')(request, reply);
  if (reply.sent) return reply;
  if (openerOf(request.viewer!) === null)
    return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
}

/** The door's recent attempts, newest first, naming nobody. */
function pageRows(model: DoorLogModel, viewerPk: number) {
  return model.rows
    .slice(-DOOR_PAGE_ROWS)
    .reverse()
    .map((row) => ({
      pk: row.pk,
      timestamp: row.timestamp,
      result: row.result,
      mine: row.userPk === viewerPk,
    }));
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The BullMQ job id and stream key of one press: the user and the client's request id, hashed so that any
 * client string gives a valid job id (letters, digits, '-' only), and one person cannot reuse another's.
 */
export const doorRequestId = (userPk: number, clientKey: string): string =>
  `door-u${userPk}-${createHash('sha256').update(clientKey).digest('hex').slice(0, 32)}`;

export const doorRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.get(
    '/open/door',
    {
      preHandler: requireDoorOpener,
      schema: {
        tags: ['door'],
        summary: 'Recent door openings and the hours',
        response: responsesOf(contract.doorPage),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const window = openingWindow(services.now(), openerOf(viewer) ?? 'member');
      return {
        status: 'ok' as const,
        loglist: pageRows(services.projections.models.doorLog, viewer.row.pk),
        hours: {
          period: window.period,
          opens: hhmm(window.opensAtMinute),
          lastopen: hhmm(window.lastMinute),
          closes: hhmm(window.closesAtMinute),
        },
      };
    },
  );

  app.post(
    '/open/door',
    {
      preHandler: requireDoorOpener,
      schema: {
        tags: ['door'],
        summary: 'Open the club-room door',
        body: contract.openDoor.body,
        response: responsesOf(contract.openDoor),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const opener = openerOf(viewer)!;
      const requestId = doorRequestId(viewer.row.pk, idempotencyKey(request, request.body.requestId));
      const attempt: DoorAttempt = {
        requestId,
        userPk: viewer.row.pk,
        simple: request.body.simple === true || request.body.simple === 1,
        opener,
      };
      const answer = await services.door.open(attempt, doorDevice(services.devices), commandContext(request));
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      const loglist = pageRows(services.projections.models.doorLog, viewer.row.pk);
      if (answer.result === 1) return { status: 'ok' as const, loglist };
      if (answer.cause === 'closed')
        return { status: 'fail' as const, reason: 'servicedown', detail: 'closed' as const, loglist };
      if (answer.cause === 'unreachable')
        return { status: 'fail' as const, reason: 'servicedown', detail: 'unreachable' as const, loglist };
      return { status: 'fail' as const, reason: 'doorfailed', loglist };
    },
  );

  app.get(
    '/admin/system/opendoor/log/:page',
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['admin'],
        summary: 'The opendoor log, newest first',
        params: contract.opendoorLog.params,
        response: responsesOf(contract.opendoorLog),
      },
    },
    async (request) => {
      const page = Number(request.params.page);
      const { doorLog, users } = services.projections.models;
      const end = doorLog.rows.length - (page - 1) * DOOR_LOG_ROWS_PER_PAGE;
      const rows: DoorLogRow[] =
        end > 0 ? doorLog.rows.slice(Math.max(0, end - DOOR_LOG_ROWS_PER_PAGE), end).reverse() : [];
      return {
        status: 'ok' as const,
        loglist: rows.map((row) => ({
          pk: row.pk,
          timestamp: row.timestamp,
          user: personRef(users, row.userPk),
          result: row.result,
          cause: row.cause,
          simple: row.simple,
          finishedAt: row.finishedAt,
        })),
        pager: { totalrows: doorLog.rows.length, rowsperpage: DOOR_LOG_ROWS_PER_PAGE, page },
      };
    },
  );
};
