// Network storage accounts (document 1: NAS). Members or the nas authority read their own account; staff
// with the system authority assign them (docs/info-pages.md: why system, and how the password is kept).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/nas.ts';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';
import { responsesOf } from './schemas.ts';

/** Members, or holders of the nas authority (document 1, section 6); 403 for anyone else. */
async function requireNasUser(request: FastifyRequest, reply: FastifyReply) {
  requireRole('user')(request, reply);
  if (reply.sent) return reply;
  const viewer = request.viewer!;
  if (!viewer.ismember && !allows(viewer, { authority: 'nas' }))
    return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
}

function accountRows(services: PortalServices) {
  const { nasAccounts, users } = services.projections.models;
  return [...nasAccounts.byUser.values()]
    .sort((a, b) => a.userPk - b.userPk)
    .map((row) => ({
      user: personRef(users, row.userPk),
      nasuser: row.nasuser,
      assignedAt: row.assignedAt,
      assignedBy: row.byPk === null ? null : personRef(users, row.byPk),
    }));
}

export const nasRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.get(
    '/nas',
    {
      preHandler: requireNasUser,
      schema: {
        tags: ['nas'],
        summary: 'My network storage account',
        response: responsesOf(contract.nasAccount),
      },
    },
    async (request, reply) => {
      // The answer carries a password: never cached by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      const account = await services.nas.account(request.viewer!.row.pk);
      return { status: 'ok' as const, ...account };
    },
  );

  app.get(
    '/admin/nas',
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['admin'],
        summary: 'Every NAS account (no passwords)',
        response: responsesOf(contract.nasAccountList),
      },
    },
    async () => ({ status: 'ok' as const, loglist: accountRows(services) }),
  );

  app.post(
    '/admin/nas',
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['admin'],
        summary: 'Assign or remove a NAS account',
        body: contract.nasAccountChange.body,
        response: responsesOf(contract.nasAccountChange),
      },
    },
    async (request) => {
      const body = request.body;
      const byPk = request.viewer!.row.pk;
      if (!services.projections.models.users.byPk.has(body.userpk))
        return { status: 'fail' as const, reason: 'nouser' };
      const answer =
        body.cmd === 'assign'
          ? await services.nas.assign(
              { userPk: body.userpk, nasuser: body.nasuser, password: body.naspassword, byPk },
              commandContext(request),
            )
          : await services.nas.remove(body.userpk, byPk, commandContext(request));
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, loglist: accountRows(services) };
    },
  );
};
