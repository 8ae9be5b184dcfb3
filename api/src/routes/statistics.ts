// Staff statistics (document 3): AdminMemberStaffStat, AdminUsageMember, AdminUsageClub. The spec names
// no authority for them, so they are open to active staff (docs/statistics.md); the add-value column is
// sent only to user pk 2.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/statistics.ts';
import { clubUsageAnswer, memberStaffStatAnswer, memberUsageAnswer } from '../views/statistics.ts';
import { responsesOf } from './schemas.ts';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staff = requireRole('staff');

  app.get(
    contract.memberStaffStat.path,
    {
      preHandler: staff,
      schema: {
        tags: ['statistics'],
        summary: 'AdminMemberStaffStat: members by identity group per semester, member and staff retention',
        response: responsesOf(contract.memberStaffStat),
      },
    },
    async () => memberStaffStatAnswer(services),
  );

  app.get(
    contract.usageMemberCurrent.path,
    {
      preHandler: staff,
      schema: {
        tags: ['statistics'],
        summary: "AdminUsageMember: each member's use of the club this semester",
        response: responsesOf(contract.usageMemberCurrent),
      },
    },
    async () => memberUsageAnswer(services),
  );

  app.get(
    contract.usageMember.path,
    {
      preHandler: staff,
      schema: {
        tags: ['statistics'],
        summary: "AdminUsageMember: each member's use of the club in one semester",
        params: contract.usageMember.params,
        response: responsesOf(contract.usageMember),
      },
    },
    async (request) => memberUsageAnswer(services, request.params.semester),
  );

  app.get(
    contract.usageClub.path,
    {
      preHandler: staff,
      schema: {
        tags: ['statistics'],
        summary: "AdminUsageClub: the club's resources used per semester (add value for user pk 2 only)",
        response: responsesOf(contract.usageClub),
      },
    },
    async (request) => clubUsageAnswer(services, request.viewer!.row.pk),
  );
};
