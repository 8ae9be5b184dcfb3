// Accounts and sessions: check, login, logout, registration, password and language (documents 1 and 3).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextSemester, semesterOf } from '@club/core/semester';
import { findUserByLogin } from '@club/projections';
import { commandContext, requireRole } from '../auth/guards.ts';
import { accountKeyOf } from '../auth/login-limiter.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { scopeOf } from '../plugins/csrf.ts';
import { deepFreeze } from '../views/read-cache.ts';
import { type UserFacts, userFacts, userView } from '../views/user-facts.ts';
import * as contract from '../contracts/accounts.ts';
import { responsesOf } from './schemas.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  // The check's answer is a function of the user's facts (themselves cached per read-model position and
  // time window, views/user-facts.ts) and the semester, so it is built once per facts object (frozen:
  // the serializer remembers its JSON), and once per semester for a visitor.
  type CheckAnswer = ReturnType<typeof checkAnswer>;
  const checkAnswer = (facts: UserFacts | undefined, now: Date) => {
    const semester = semesterOf(now);
    return deepFreeze({
      status: 'ok' as const,
      user: facts ? userView(facts) : null,
      semesternow: semester.tag,
      semesternext: nextSemester(semester).tag,
    });
  };
  const answersByFacts = new WeakMap<UserFacts, CheckAnswer>();
  let visitorAnswer: CheckAnswer | undefined;

  app.get(
    '/user/check',
    {
      schema: {
        tags: ['user'],
        summary: 'The logged-in user (or null) and the current and next semester; no login needed',
        response: { 200: contract.userCheck.ok },
      },
    },
    // Synchronous: a returned value is sent at once, without the promise an async handler costs.
    (request) => {
      const now = services.now();
      const pk = request.session.userPk;
      const facts = pk === undefined ? undefined : userFacts(services, pk, now);
      if (!facts) {
        if (visitorAnswer?.semesternow !== semesterOf(now).tag) visitorAnswer = checkAnswer(undefined, now);
        return visitorAnswer;
      }
      let answer = answersByFacts.get(facts);
      if (!answer) {
        answer = checkAnswer(facts, now);
        answersByFacts.set(facts, answer);
      }
      return answer;
    },
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Log in with a mobile number, student ID or e-mail and a password',
        body: contract.login.body,
        response: responsesOf(contract.login),
      },
    },
    async (request, reply) => {
      const { user: identifier, password } = request.body;
      const context = commandContext(request);
      const scope = scopeOf(request.body.userscope ?? request.headers.scope);
      const row =
        identifier.trim() === '' ? undefined : findUserByLogin(services.projections.models.users, identifier);
      // One budget per person, whichever of their identifiers was typed (auth/login-limiter.ts).
      const accountKey = accountKeyOf(row?.pk, identifier);
      // The failure is reserved before the password is checked, so parallel guesses cannot overtake it.
      const reservation = services.loginLimiter.reserve(accountKey, request.ip, services.now().getTime());
      if (!reservation.ok) {
        return reply
          .status(429)
          .header('retry-after', String(Math.max(1, Math.ceil(reservation.retryAfterMs / 1000))))
          .send({ status: 'fail' as const, reason: 'toomany' });
      }
      const verified = (await verifyPassword(row?.passwordHash, password)) && row !== undefined;
      const attempt = {
        userPk: row?.pk ?? null,
        identifier: row ? row.pkstr : maskIdentifier(identifier),
        method: 1 as const,
        scope: scope === 'store' ? (1 as const) : (0 as const),
        ip: request.ip,
        status: verified ? (2 as const) : (0 as const),
        first: verified && row.loginCount === 0,
      };
      const position = await services.accounts.recordLogin(attempt, {
        ...context,
        actor: row ? String(row.pk) : null,
      });
      // A failure keeps its reservation; a success gives it back.
      if (!verified || !row) return { status: 'fail' as const, reason: 'wrong' };
      services.loginLimiter.succeeded(accountKey, request.ip, services.now().getTime());
      // A new session id at every login, so a fixed session id cannot be carried into an account.
      await request.session.regenerate();
      request.session.userPk = row.pk;
      request.session.scope = scope;
      await services.projections.waitFor(position);
      const facts = userFacts(services, row.pk, services.now())!;
      return { status: 'ok' as const, user: userView(facts) };
    },
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Log out: the session is destroyed on the server',
        response: { 200: contract.logout.ok },
      },
    },
    async (request) => {
      if (request.session.userPk !== undefined) await request.session.destroy();
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags: ['user'],
        summary: 'Membership application (the registration wizard)',
        body: contract.register.body,
        response: responsesOf(contract.register),
      },
    },
    async (request) => {
      const body = request.body;
      const result = await services.accounts.register(
        { ...body, sex: body.sex === undefined ? undefined : String(body.sex) },
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        fbgroup: { link: services.config.fbGroupUrl, semester: result.semester },
      };
    },
  );

  app.put(
    '/user/change/password',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['user'],
        summary: 'Change the password',
        body: contract.changePassword.body,
        response: responsesOf(contract.changePassword),
      },
    },
    async (request) => {
      const { oldpassword, newpassword } = request.body;
      if (oldpassword === '' || newpassword === '') return { status: 'fail' as const, reason: 'blank' };
      if (newpassword.length < 6) return { status: 'fail' as const, reason: 'password_format' };
      const result = await services.accounts.changePassword(
        request.viewer!.row.pk,
        oldpassword,
        newpassword,
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      // Whoever knew the old password may hold a session elsewhere: end all but this one.
      app.sessionStore.destroyOtherSessions(request.viewer!.row.pk, request.session.sessionId);
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const };
    },
  );

  app.put(
    '/user/settings/update',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['user'],
        summary: 'Change the interface language',
        body: contract.updateSettings.body,
        response: responsesOf(contract.updateSettings),
      },
    },
    async (request) => {
      const pk = request.viewer!.row.pk;
      const result = await services.accounts.changeSettings(
        pk,
        request.body.settings.lang,
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, user: userView(userFacts(services, pk, services.now())!) };
    },
  );
};

/** Keeps a failed login's identifier recognisable in the log without storing it whole. */
function maskIdentifier(identifier: string): string {
  const value = identifier.trim();
  return value.length <= 3 ? '***' : `${value.slice(0, 3)}***`;
}
