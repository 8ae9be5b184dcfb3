// Card login at the counter: card registration by staff, kiosk binding, and the kiosk's long poll.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_ID_PATTERN } from '@club/core/accounts/events';
import { readerNameSchema } from '@club/devices/card/contract';
import { commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import { KIOSK_COOKIE, KIOSK_COOKIE_MAX_AGE_S, readerOfKioskCookie, signKiosk } from '../card/kiosks.ts';
import * as contract from '../contracts/card.ts';
import { userFacts, userView } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

/** How long one kiosk poll waits for a card: well under the client's 20 s time-out. */
const KIOSK_WAIT_MS = 15_000;

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.post(
    '/admin/user/card',
    {
      preHandler: requireStaffWith('user'),
      schema: {
        tags: ['card'],
        summary: "Register or replace a member's card id (staff with the user authority)",
        body: contract.registerCard.body,
        response: responsesOf(contract.registerCard),
      },
    },
    async (request) => {
      const cardid = request.body.cardid.trim();
      if (!CARD_ID_PATTERN.test(cardid)) return { status: 'fail' as const, reason: 'card_format' };
      const result = await services.accounts.registerCard(request.body.pk, cardid, commandContext(request));
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, cardid };
    },
  );

  app.get(
    '/admin/user/card/:pk',
    {
      preHandler: requireStaffWith('user'),
      schema: {
        tags: ['card'],
        summary: "A member's card id (staff with the user authority)",
        params: contract.userCard.params,
        response: responsesOf(contract.userCard),
      },
    },
    async (request) => {
      const pk = Number(request.params.pk);
      if (!services.projections.models.users.byPk.has(pk))
        return { status: 'fail' as const, reason: 'notfound' };
      return { status: 'ok' as const, cardid: services.projections.models.cards.byPk.get(pk) ?? null };
    },
  );

  app.post(
    '/admin/card/kiosk',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['card'],
        summary: 'Bind this browser to a card reader as its counter kiosk (staff)',
        body: contract.bindKiosk.body,
        response: responsesOf(contract.bindKiosk),
      },
    },
    async (request, reply) => {
      const reader = request.body.reader.trim();
      if (!readerNameSchema.safeParse(reader).success)
        return { status: 'fail' as const, reason: 'reader_format' };
      reply.setCookie(KIOSK_COOKIE, signKiosk(services.secret, reader), {
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        path: '/',
        maxAge: KIOSK_COOKIE_MAX_AGE_S,
      });
      return { status: 'ok' as const, reader };
    },
  );

  app.get(
    '/card/kiosk',
    {
      schema: {
        tags: ['card'],
        summary: 'The card reader this browser is bound to, or null',
        response: { 200: contract.kioskState.ok },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      reader: readerOfKioskCookie(services.secret, request.cookies[KIOSK_COOKIE]),
    }),
  );

  app.get(
    '/card/kiosk/wait',
    {
      schema: {
        tags: ['card'],
        summary:
          "Wait (up to 15 s) for the next card read at this kiosk's reader; a member's card logs them in",
        querystring: contract.kioskWait.query,
        response: responsesOf(contract.kioskWait),
      },
    },
    async (request) => {
      const reader = readerOfKioskCookie(services.secret, request.cookies[KIOSK_COOKIE]);
      if (reader === null) return { status: 'fail' as const, reason: 'notkiosk' };
      const left = new AbortController();
      request.raw.on('close', () => left.abort());
      const waitMs = Math.min(KIOSK_WAIT_MS, Number(request.query.wait ?? 15) * 1000);
      const read = await services.kiosks.wait(reader, waitMs, left.signal);
      if (read === null) return { status: 'ok' as const, reader, result: 'none' as const, user: null };
      const pk = services.projections.models.cards.byCard.get(read.cardid);
      const row = pk === undefined ? undefined : services.projections.models.users.byPk.get(pk);
      const context = commandContext(request);
      const position = await services.accounts.recordLogin(
        {
          userPk: row?.pk ?? null,
          // An unknown card is logged by its last four digits only.
          identifier: row ? row.pkstr : `card ****${read.cardid.slice(-4)}`,
          method: 2,
          scope: 1,
          ip: request.ip,
          status: row ? 2 : 0,
          first: row !== undefined && row.loginCount === 0,
        },
        { ...context, actor: row ? String(row.pk) : null, scope: 'store' },
      );
      if (!row) return { status: 'ok' as const, reader, result: 'unknown' as const, user: null };
      await request.session.regenerate();
      request.session.userPk = row.pk;
      request.session.scope = 'store';
      await services.projections.waitFor(position);
      const facts = userFacts(services, row.pk, services.now())!;
      return { status: 'ok' as const, reader, result: 'login' as const, user: userView(facts) };
    },
  );
};
