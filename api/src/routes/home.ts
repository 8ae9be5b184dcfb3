// The member home's server flags and the staff warnings (document 1, sections 2 and 3).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../auth/guards.ts';
import { collectStaffWarnings } from '../warnings/index.ts';
import { okSchema, responses } from './schemas.ts';

const staffWarningSchema = z.object({
  kind: z.string(),
  quantity: z.number(),
  due: z.number().optional(),
  pocketTotal: z.number().optional(),
  pocketUsed: z.number().optional(),
});

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/memberhome',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['home'],
        summary: 'Member home flags',
        response: responses(okSchema.extend({ showworkshopform: z.boolean() })),
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
        response: responses(okSchema.extend({ staffWarning: z.array(staffWarningSchema) })),
      },
    },
    async () => ({
      status: 'ok' as const,
      staffWarning: collectStaffWarnings(app.services, app.services.now()),
    }),
  );
};
