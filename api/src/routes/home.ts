// The member home's server flags and the staff warnings (document 1, sections 2 and 3).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import { collectStaffWarnings } from '../warnings/index.ts';
import * as contract from '../contracts/home.ts';
import { responsesOf } from './schemas.ts';
import { semesterOf } from '@club/core/semester';
import { scheduleOf } from '@club/core/workshop/decider';

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
      // The workshop form shows while this semester's schedule is open, ended or showing results (or when
      // SHOW_WORKSHOP_FORM forces it), and never to users marked errormember (docs/workshop.md).
      showworkshopform:
        (app.services.config.showWorkshopForm ||
          ['open', 'end', 'showresult'].includes(
            scheduleOf(app.services.projections.models.workshop.state, semesterOf(app.services.now()).tag)
              .timeschedule,
          )) &&
        !request.viewer!.authlist.includes('errormember'),
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
