// The club calendar (document 1: Calendar; docs/calendar.md). The month is public: visitors and members
// see public entries, active staff also the staff-only ones. Staff create, change and delete entries.
// Two iCal feeds: /api/calendar.ics (public entries) and each staff member's secret personal URL.
import { parseYearMonth } from '@club/core/calendar/dates';
import type { CalendarInput } from '@club/core/calendar/decider';
import { readFeedToken, feedToken } from '@club/core/calendar/feed';
import { gridRange } from '@club/core/calendar/layout';
import { taipeiDate } from '@club/core/semester';
import { calendarEntriesBetween } from '@club/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import { calendarIcs } from '../calendar/ics.ts';
import * as contract from '../contracts/calendar.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { userFacts } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

/** The personal feed's path for a token. */
export const personalFeedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

type Form = {
  title?: string;
  start?: string;
  end?: string;
  colorindex?: number | string;
  staff?: boolean | 0 | 1;
};

const inputOf = (body: Form): CalendarInput => {
  const colour = typeof body.colorindex === 'string' ? Number(body.colorindex.trim() || 0) : body.colorindex;
  return {
    title: body.title ?? '',
    start: body.start ?? '',
    end: body.end ?? '',
    colorindex: colour ?? 0,
    staff: body.staff === true || body.staff === 1,
  };
};

const pkOf = (value: number | string): number | null => {
  const pk = typeof value === 'number' ? value : Number(value.trim());
  return Number.isSafeInteger(pk) && pk > 0 ? pk : null;
};

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const model = () => services.projections.models.calendar;
  const staffOnly = requireRole('staff');

  /** Whether the (optional) logged-in viewer is active staff; the month needs no login. */
  const viewerIsStaff = (request: FastifyRequest): boolean => {
    const pk = request.session.userPk;
    const facts = pk === undefined ? undefined : userFacts(services, pk, services.now());
    return facts !== undefined && allows(facts, 'staff');
  };

  const hostOf = (request: FastifyRequest) =>
    services.config.publicOrigin ? new URL(services.config.publicOrigin).host : request.hostname;

  const sendIcs = (request: FastifyRequest, reply: FastifyReply, includeStaff: boolean, name: string) => {
    const entries = [...model().entries.values()]
      .filter((entry) => includeStaff || !entry.staff)
      .sort((a, b) => a.pk - b.pk);
    const body = calendarIcs(entries, { name, host: hostOf(request), stamp: services.now() });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendar.ics"')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  };

  app.get(
    '/calendar/:year/:month',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A month of the club calendar (no login needed)',
        params: contract.calendarMonth.params,
        response: responsesOf(contract.calendarMonth),
      },
    },
    async (request) => {
      const today = taipeiDate(services.now());
      const asked = parseYearMonth(request.params.year, request.params.month);
      const shown = asked ?? { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
      const range = gridRange(shown.year, shown.month);
      const canedit = viewerIsStaff(request);
      return {
        status: 'ok' as const,
        loglist: calendarEntriesBetween(model(), range.firstDay, range.lastDay, canedit),
        dateSelectedmoment: `${shown.year}-${String(shown.month).padStart(2, '0')}-01`,
        year: shown.year,
        month: shown.month,
        today,
        reset: asked === null,
        canedit,
      };
    },
  );

  app.post(
    '/admin/calendar',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['calendar'],
        summary: 'Create a calendar entry (staff)',
        body: contract.createCalendarEntry.body,
        response: responsesOf(contract.createCalendarEntry),
      },
    },
    async (request) => {
      const key = idempotencyKey(request, request.body.requestId);
      const result = await services.calendar.create(
        request.viewer!.row.pk,
        inputOf(request.body),
        commandContext(request, `calendar create ${request.viewer!.row.pk} ${key}`),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, pk: result.pk };
    },
  );

  app.put(
    '/admin/calendar',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['calendar'],
        summary: 'Change a calendar entry (staff)',
        body: contract.changeCalendarEntry.body,
        response: responsesOf(contract.changeCalendarEntry),
      },
    },
    async (request) => {
      const pk = pkOf(request.body.pk);
      if (pk === null) return { status: 'fail' as const, reason: 'notfound' };
      const result = await services.calendar.change(
        pk,
        request.viewer!.row.pk,
        inputOf(request.body),
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, pk };
    },
  );

  app.delete(
    '/admin/calendar',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['calendar'],
        summary: 'Delete a calendar entry (staff)',
        body: contract.deleteCalendarEntry.body,
        response: responsesOf(contract.deleteCalendarEntry),
      },
    },
    async (request) => {
      const pk = pkOf(request.body.pk);
      if (pk === null) return { status: 'fail' as const, reason: 'notfound' };
      const result = await services.calendar.delete(pk, request.viewer!.row.pk, commandContext(request));
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, pk };
    },
  );

  app.get(
    '/calendar.ics',
    { schema: { tags: ['calendar'], summary: 'The public iCal feed (public entries)' } },
    (request, reply) => sendIcs(request, reply, false, '攝影社行事曆'),
  );

  app.get(
    '/calendar/feed/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: "A staff member's personal iCal feed (staff-only entries included)",
        params: contract.personalCalendarFeed.params,
      },
    },
    (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
      const claimed = token ? readFeedToken(services.secret, token) : null;
      // A token that is forged, or of a revoked generation, finds nothing.
      if (!claimed || model().feedGenerations.get(claimed.userPk) !== claimed.generation)
        return reply.status(404).send({ status: 'fail', reason: 'notfound' });
      // A subscription outlives staff terms: once its owner is no longer active staff it carries only
      // public entries, so it neither breaks nor leaks.
      const facts = userFacts(services, claimed.userPk, services.now());
      const includeStaff = facts !== undefined && allows(facts, 'staff');
      return sendIcs(request, reply, includeStaff, '攝影社行事曆（幹部）');
    },
  );

  app.get(
    '/admin/calendar/feed',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['calendar'],
        summary: "The viewer's personal iCal feed path (staff)",
        response: responsesOf(contract.myCalendarFeed),
      },
    },
    async (request) => {
      const pk = request.viewer!.row.pk;
      const generation = model().feedGenerations.get(pk);
      return {
        status: 'ok' as const,
        path: generation ? personalFeedPath(feedToken(services.secret, pk, generation)) : null,
      };
    },
  );

  app.post(
    '/admin/calendar/feed',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['calendar'],
        summary: 'Make a new personal iCal feed path (the previous one stops working)',
        body: contract.renewCalendarFeed.body,
        response: responsesOf(contract.renewCalendarFeed),
      },
    },
    async (request) => {
      const pk = request.viewer!.row.pk;
      const issued = await services.calendar.issueFeed(pk, commandContext(request));
      await services.projections.waitFor(issued.position);
      return {
        status: 'ok' as const,
        path: personalFeedPath(feedToken(services.secret, pk, issued.generation)),
      };
    },
  );
};
