// The room-booking helper (document 3: AdminActPlace). Staff with the actplace authority; the page polls
// POST /admin/actplace every 3 s with clickormount 'mount' and sends its clicks the same way.
import { buildings, MAX_CHOICES } from '@club/core/actplace/rules';
import type { ActPlaceWishRow } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireStaffWith } from '../auth/guards.ts';
import { runPendingWishes } from '../actplace/booking.ts';
import * as contract from '../contracts/actplace.ts';
import type { PortalServices } from '../services.ts';
import { responsesOf } from './schemas.ts';

/** Wishes shown: the open ones and those of the last 14 days (the spec's verification window). */
const SHOWN_DAYS = 14;

const buildingMap = Object.fromEntries(
  buildings.map((building) => [
    building.key,
    {
      name: building.nameZh,
      nameEn: building.nameEn,
      rooms: building.rooms.map((room) => ({ key: room.key, name: room.nameZh, nameEn: room.nameEn })),
    },
  ]),
);
const buildingTimeMap = Object.fromEntries(buildings.map((building) => [building.key, [...building.slots]]));

async function page(services: PortalServices) {
  const { wishes, orders } = services.projections.models.actplace;
  const now = services.now();
  const since = new Date(now.getTime() - SHOWN_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = [...wishes.values()].filter((row) => row.status !== 'withdrawn' && row.date >= since);
  const open = (row: ActPlaceWishRow) => row.status === 'pending' || row.status === 'sent';
  const loglist = rows
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.timeslot.localeCompare(b.timeslot) ||
        a.addedAt.localeCompare(b.addedAt),
    )
    .map((row) => ({
      wishId: row.wishId,
      date: row.date,
      timeslot: row.timeslot as 'morning',
      name: row.name,
      duplicatedCounter: rows.filter(
        (other) => other !== row && open(other) && other.date === row.date && other.timeslot === row.timeslot,
      ).length,
      ntup: row.ntup,
      choicelist: row.choicelist,
      status: row.status,
      room: row.room,
    }));
  const orderAllList = orders
    .slice(-50)
    .reverse()
    .map((order) => {
      const wish = wishes.get(order.wishId);
      return {
        wishId: order.wishId,
        date: wish?.date ?? '',
        timeslot: (wish?.timeslot ?? 'morning') as 'morning',
        name: wish?.name ?? '',
        outcome: order.outcome as 'booked',
        room: order.room,
        tried: order.tried,
        at: order.at,
      };
    });
  const beat = services.devices ? await services.devices.heartbeat('actplace') : null;
  const account = services.config.actplace ?? { actId: '', account: '', password: '' };
  return {
    status: 'ok' as const,
    loglist,
    actID: account.actId,
    buildingMap,
    buildingTimeMap,
    orderAllList,
    recentResult: beat
      ? { at: beat.at, simulated: beat.simulated, online: beat.status?.online !== false }
      : null,
    now: now.toISOString(),
    actAccount: account.account,
    actPassword: account.password,
  };
}

export const actplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.post(
    '/admin/actplace',
    {
      preHandler: requireStaffWith('actplace'),
      schema: {
        tags: ['admin'],
        summary: 'The room-booking helper: read (mount) or act (click)',
        body: contract.actplacePage.body,
        response: responsesOf(contract.actplacePage),
      },
    },
    async (request, reply) => {
      // The answer carries the shared account's password.
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const byPk = request.viewer!.row.pk;
      if (body.clickormount === 'mount' || body.cmd === undefined) return page(services);
      if (body.cmd === 'run') {
        const sent = await runPendingWishes(services, byPk);
        return { ...(await page(services)), sent };
      }
      const missing =
        body.cmd === 'add'
          ? (['wishId', 'date', 'timeslot'] as const).filter((field) => body[field] === undefined)
          : body.wishId === undefined
            ? ['wishId']
            : [];
      if (missing.length > 0)
        return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields: missing });
      const answer =
        body.cmd === 'add'
          ? await services.actplace.add(
              {
                wishId: body.wishId!,
                date: body.date!,
                timeslot: body.timeslot!,
                name: body.name ?? '',
                ntup: body.ntup ?? 1,
                choicelist: (body.choicelist ?? []).slice(0, MAX_CHOICES + 1),
              },
              byPk,
              commandContext(request),
            )
          : await services.actplace.withdraw(body.wishId!, byPk, commandContext(request));
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return page(services);
    },
  );
};
