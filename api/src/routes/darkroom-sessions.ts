// Darkroom sessions (issue 16 §4): the member's check-in, lines, chemicals used and check-out, from the web
// or at the counter (staff act for a member with userpk), and AdminDarkroomLog (document 3). Thin: the
// rules are in core/src/darkroom-sessions, the views in api/src/darkroom/sessions.ts.
import { deterministicUuid, newId } from '@club/core/ids';
import { taipeiDay } from '@club/core/reservations/rules';
import { semesterOf } from '@club/core/semester';
import { sessionValues } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/darkroom-sessions.ts';
import { chargeView, chemicalUsesView, memberDarkroomState } from '../darkroom/sessions.ts';
import { personRef } from '../views/ledger-rows.ts';
import { userFacts } from '../views/user-facts.ts';
import { pageNewestFirst } from './system-logs.ts';
import { responsesOf } from './schemas.ts';

const fail = (reason: (typeof contract.darkroomSessionReasons)[number] | 'forbidden') => ({
  status: 'fail' as const,
  reason,
});

const idempotencyKey = (request: FastifyRequest, fromBody: string | undefined): string | undefined => {
  const header = request.headers['idempotency-key'];
  return fromBody ?? (typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined);
};

/** A whole number in 1..max, as a form may send it; null otherwise. */
const wholeNumber = (value: number | string | undefined, max: number): number | null => {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isInteger(number) && number >= 1 && number <= max ? number : null;
};

export const darkroomSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;

  /** The member a call is about: the viewer, or (staff only) the member named by userpk. */
  const targetOf = (request: FastifyRequest, userpk: number | undefined) => {
    const viewer = request.viewer!;
    if (userpk === undefined || userpk === viewer.row.pk) return { ok: true as const, pk: viewer.row.pk };
    if (!allows(viewer, 'staff')) return { ok: false as const, reason: 'forbidden' as const };
    if (!models().users.byPk.has(userpk)) return { ok: false as const, reason: 'notfound' as const };
    return { ok: true as const, pk: userpk };
  };

  app.get(
    contract.darkroomSessionGet.path,
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['darkroom'],
        summary: "A member's darkroom session, the charge preview and the allowance left",
        querystring: contract.darkroomSessionGet.query,
        response: responsesOf(contract.darkroomSessionGet),
      },
    },
    async (request, reply) => {
      const target = targetOf(request, request.query.userpk ? Number(request.query.userpk) : undefined);
      if (!target.ok)
        return target.reason === 'forbidden'
          ? reply.status(403).send(fail('forbidden'))
          : fail(target.reason);
      return memberDarkroomState(services, target.pk);
    },
  );

  app.post(
    contract.darkroomSessionPost.path,
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['darkroom'],
        summary: 'Check in, add or remove a line, record a chemical used, or check out',
        body: contract.darkroomSessionPost.body,
        response: responsesOf(contract.darkroomSessionPost),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const target = targetOf(request, body.userpk);
      if (!target.ok)
        return target.reason === 'forbidden'
          ? reply.status(403).send(fail('forbidden'))
          : fail(target.reason);
      const userPk = target.pk;
      const byPk = request.viewer!.row.pk;
      const key = idempotencyKey(request, body.requestId);
      const idOf = (what: string) => (key ? deterministicUuid(`darkroom ${what} ${userPk} ${key}`) : newId());
      const context = commandContext(request);
      const open = models().darkroomSessions.openByUser.get(userPk);
      const sessions = services.darkroomSessions;
      let position = 0;
      let charged: ReturnType<typeof chargeView> | undefined;
      switch (body.cmd) {
        case 'checkin': {
          if (!userFacts(services, userPk, context.now)?.ismember) return fail('notmember');
          const answer = await sessions.handle(
            userPk,
            {
              type: 'CheckIn',
              sessionId: idOf('session'),
              userPk,
              semester: semesterOf(context.now).tag,
              byPk,
            },
            context,
          );
          if (!answer.ok) return fail(answer.reason);
          position = answer.position;
          break;
        }
        case 'line': {
          if (!open) return fail('not_in');
          const quantity = wholeNumber(body.quantity, 999);
          if (body.kind === undefined || body.format === undefined || quantity === null)
            return fail('format');
          const answer = await sessions.handle(
            userPk,
            {
              type: 'AddLine',
              sessionId: open.sessionId,
              line: { lineId: idOf('line'), kind: body.kind, format: body.format, quantity },
            },
            context,
          );
          if (!answer.ok) return fail(answer.reason);
          position = answer.position;
          break;
        }
        case 'removeline': {
          if (!open) return fail('not_in');
          if (!body.lineId) return fail('format');
          const answer = await sessions.handle(
            userPk,
            { type: 'RemoveLine', sessionId: open.sessionId, lineId: body.lineId },
            context,
          );
          if (!answer.ok) return fail(answer.reason);
          position = answer.position;
          break;
        }
        case 'chemical': {
          if (!open) return fail('not_in');
          const volumeMl = wholeNumber(body.volume, 100_000);
          if (body.chemicalPk === undefined || volumeMl === null) return fail('format');
          if (!models().darkroomDevices.chemicals.has(body.chemicalPk)) return fail('notfound');
          const answer = await sessions.handle(
            userPk,
            {
              type: 'UseChemical',
              sessionId: open.sessionId,
              use: { useId: idOf('use'), chemicalPk: body.chemicalPk, volumeMl },
            },
            context,
          );
          if (!answer.ok) return fail(answer.reason);
          position = answer.position;
          break;
        }
        case 'checkout': {
          if (!open) return fail('not_in');
          const answer = await sessions.checkOut(userPk, open.sessionId, byPk, context);
          if (!answer.ok) return fail(answer.reason);
          position = answer.position;
          charged = chargeView(answer.charge);
          break;
        }
        default:
          body.cmd satisfies never;
      }
      await services.projections.waitFor(position);
      return { ...memberDarkroomState(services, userPk), ...(charged ? { charged } : {}) };
    },
  );

  app.get(
    contract.darkroomLog.path,
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['admin'],
        summary: 'AdminDarkroomLog: darkroom sessions, newest first; ongoing ones have no end time',
        params: contract.darkroomLog.params,
        response: responsesOf(contract.darkroomLog),
      },
    },
    async (request) => {
      const { rows, pager } = pageNewestFirst(
        models().darkroomSessions.sessions,
        Number(request.params.page),
      );
      const today = taipeiDay(services.now());
      const users = models().users;
      return {
        status: 'ok' as const,
        pager,
        loglist: rows.map((row) => ({
          pk: row.pk,
          starttime: row.starttime,
          endtime: row.endtime,
          user: users.byPk.has(row.userPk) ? personRef(users, row.userPk) : null,
          today: taipeiDay(new Date(row.starttime)) === today,
          values: sessionValues(row),
          chemicals: chemicalUsesView(services, row),
          fee: row.charge ? row.charge.totalCents / 100 : null,
        })),
      };
    },
  );
};
