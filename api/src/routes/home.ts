// The member home's server flags and the staff warnings (document 1, sections 2 and 3).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import { collectStaffWarnings } from '../warnings/index.ts';
import * as contract from '../contracts/home.ts';
import { responsesOf } from './schemas.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/memberhome',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['home'],
        summary: 'Member home flags',
        response: responsesOf(contract.memberHome),
      },
    },
    async (request) => ({
      status: 'ok' as const,
      // The workshop form shows only while it is open and never to users marked errormember.
      showworkshopform:
        app.services.config.showWorkshopForm && !request.viewer!.authlist.includes('errormember'),
    }),
  );

  app.get(
    '/admin/warning',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['admin'],
        summary: 'Staff warnings for the member home',
        response: responsesOf(contract.staffWarnings),
      },
    },
    async () => ({
      status: 'ok' as const,
      staffWarning: collectStaffWarnings(app.services, app.services.now()),
    }),
  );
};
