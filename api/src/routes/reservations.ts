// Darkroom reservations (document 2: DarkroomReserve; docs/reservations.md): the 15-day data, making,
// changing and deleting reservations (members only: staff are members too), and the staff's room list.
import { bookableWindow, taipeiMidnightOf } from '@club/core/reservations/rules';
import type { ReserveAnswer, ReserveRequest } from '@club/core/reservations/service';
import type { ReservationsModel, UsersModel } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/reservations.ts';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import type { UserFacts } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

const roomList = (model: ReservationsModel) =>
  [...model.rooms.values()].map((room) => ({ key: room.key, space: room.space, name: room.name }));

/** The page's data at `now` for `viewer`: the reservations that end after today's start, by start. */
export function reserveData(services: PortalServices, viewer: UserFacts) {
  const now = services.now();
  const { reservations: model, users } = services.projections.models;
  const window = bookableWindow(now);
  const first = taipeiMidnightOf(window.first).toISOString();
  const last = taipeiMidnightOf(window.end).toISOString();
  const isStaff = allows(viewer, 'staff');
  const reserveList = [...model.reservations.values()]
    .filter((row) => row.end > first && row.start < last)
    .sort((a, b) => (a.start === b.start ? a.id.localeCompare(b.id) : a.start.localeCompare(b.start)))
    .map((row) => rowOf(row, users, viewer.row.pk, isStaff));
  return { startDateMoment: first, reserveList, roomList: roomList(model), nowMoment: now.toISOString() };
}

function rowOf(
  row: ReservationsModel['reservations'] extends Map<string, infer R> ? R : never,
  users: UsersModel,
  viewerPk: number,
  isStaff: boolean,
) {
  return {
    pk: row.id,
    room: row.rooms,
    startmoment: row.start,
    endmoment: row.end,
    user: personRef(users, row.userPk),
    staff: row.staff,
    comment: row.comment,
    version: row.version,
    editable: row.userPk === viewerPk || (row.staff && isStaff),
  };
}

/** The command id of one request: the person and their idempotency key (two people's keys never meet). */
const commandIdOf = (request: FastifyRequest, requestId: string | undefined) =>
  `u${request.viewer!.row.pk}:${idempotencyKey(request, requestId)}`;

/**
 * A refusal with its `msg` (conflict, get-old-error) and the refreshed data, read once the read models
 * have caught up with the log, so the data shows what the refusal was about (the other reservation).
 */
async function refusal(
  services: PortalServices,
  viewer: UserFacts,
  answer: Extract<ReserveAnswer, { ok: false }>,
) {
  await services.projections.waitFor(await services.store.headPosition());
  const msg =
    answer.reason === 'conflict'
      ? ('conflict' as const)
      : answer.reason === 'stale' || answer.reason === 'notfound'
        ? ('get-old-error' as const)
        : undefined;
  return {
    status: 'fail' as const,
    reason: answer.reason,
    ...(msg ? { msg } : {}),
    ...(answer.taken ? { taken: answer.taken } : {}),
    ...reserveData(services, viewer),
  };
}

export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.get(
    '/reserve/',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['reservations'],
        summary: 'Rooms and reservations of the 15 days',
        response: responsesOf(contract.reservePage),
      },
    },
    async (request) => ({ status: 'ok' as const, ...reserveData(services, request.viewer!) }),
  );

  app.post(
    '/reserve',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['reservations'],
        summary: "Make a reservation, or change one's own",
        body: contract.makeReservation.body,
        response: responsesOf(contract.makeReservation),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const body = request.body;
      const context = commandContext(request, commandIdOf(request, body.requestId));
      const reserve: ReserveRequest = {
        actor: { pk: viewer.row.pk, isStaff: allows(viewer, 'staff') },
        staffEntry: body.staff === true,
        rooms: body.roomList,
        day: body.date,
        hourRange: body.hourRange,
        comment: body.comment ?? '',
      };
      let answer: ReserveAnswer;
      if (body.pk === 'new') answer = await services.reservations.make(reserve, context);
      else if (body.version === undefined)
        return { status: 'fail' as const, reason: 'badrequest', fields: ['version'] };
      else answer = await services.reservations.change(body.pk, body.version, reserve, context);
      if (!answer.ok) return await refusal(services, viewer, answer);
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, pk: answer.id, ...reserveData(services, viewer) };
    },
  );

  app.delete(
    '/reserve',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['reservations'],
        summary: "Delete one's own reservation",
        body: contract.deleteReservation.body,
        response: responsesOf(contract.deleteReservation),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const answer = await services.reservations.delete(
        request.body.pk,
        request.body.version,
        { pk: viewer.row.pk, isStaff: allows(viewer, 'staff') },
        commandContext(request, commandIdOf(request, request.body.requestId)),
      );
      if (!answer.ok) return await refusal(services, viewer, answer);
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, ...reserveData(services, viewer) };
    },
  );

  app.post(
    '/admin/reserve/room',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['admin'],
        summary: 'Add or rename a reservable room',
        body: contract.saveRoom.body,
        response: responsesOf(contract.saveRoom),
      },
    },
    async (request) => {
      const saved = await services.reservations.saveRoom(request.body, commandContext(request));
      if (saved.ok) await services.projections.waitFor(saved.position);
      return { status: 'ok' as const, roomList: roomList(services.projections.models.reservations) };
    },
  );

  app.delete(
    '/admin/reserve/room/:key',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['admin'],
        summary: 'Remove a reservable room (its reservations stay)',
        params: contract.removeRoom.params,
        response: responsesOf(contract.removeRoom),
      },
    },
    async (request) => {
      const removed = await services.reservations.removeRoom(request.params.key, commandContext(request));
      if (!removed.ok) return { status: 'fail' as const, reason: removed.rejection.rejected };
      await services.projections.waitFor(removed.position);
      return { status: 'ok' as const, roomList: roomList(services.projections.models.reservations) };
    },
  );
};
