// E-mail: the password reset by e-mail link (request and use) and the system's e-mail log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetTokenOf } from '@club/core/accounts/password-reset';
import { newId } from '@club/core/ids';
import { commandContext, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/mail.ts';
import { responsesOf } from './schemas.ts';

export const EMAIL_LOG_ROWS_PER_PAGE = 20;

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.post(
    '/user/password/forgot',
    {
      schema: {
        tags: ['user'],
        summary: 'Mail a password reset link to the account with this e-mail (the same answer either way)',
        body: contract.forgotPassword.body,
        response: responsesOf(contract.forgotPassword),
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const now = services.now();
      const pk = services.projections.models.users.byEmail.get(email);
      // The limiter counts every request, known e-mail or not, so its answer reveals nothing either.
      if (email !== '' && services.resetLimiter.allow(email, request.ip, now.getTime()) && pk !== undefined) {
        const resetId = newId();
        await services.accounts.requestPasswordReset(
          pk,
          resetId,
          resetTokenOf(services.secret, resetId),
          commandContext(request),
        );
      }
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/user/password/reset',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with the link of a reset mail (30 minutes, once)',
        body: contract.resetPassword.body,
        response: responsesOf(contract.resetPassword),
      },
    },
    async (request) => {
      const { token, password, password2 } = request.body;
      if (password === '') return { status: 'fail' as const, reason: 'blank' };
      if (password.length < 6) return { status: 'fail' as const, reason: 'password_format' };
      if (password !== password2) return { status: 'fail' as const, reason: 'password_mismatch' };
      const result = await services.accounts.resetPassword(token.trim(), password, commandContext(request));
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      // Whoever knew the old password may hold a session: end them all.
      app.sessionStore.destroyOtherSessions(result.userPk, '');
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/admin/system/email/log/:page',
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['system'],
        summary: 'The e-mail log, newest first (staff with the system authority)',
        params: contract.emailLog.params,
        response: responsesOf(contract.emailLog),
      },
    },
    async (request) => {
      const rows = services.projections.models.emailLog.rows;
      const page = Number(request.params.page);
      const start = rows.length - page * EMAIL_LOG_ROWS_PER_PAGE;
      const slice = rows.slice(Math.max(0, start), Math.max(0, start + EMAIL_LOG_ROWS_PER_PAGE)).reverse();
      return {
        status: 'ok' as const,
        loglist: slice.map(({ pk, timestamp, to, subject, result, errormsg }) => ({
          pk,
          timestamp,
          to,
          subject,
          result,
          errormsg,
        })),
        pager: { totalrows: rows.length, rowsperpage: EMAIL_LOG_ROWS_PER_PAGE, page },
      };
    },
  );
};
