// AdminUserDetail (document 3: /admin/user/detail/{pk}): staff with the user authority read one user's
// profile, balance, points, memberships and loans, and edit the profile fields. Each changed field is a
// UserProfileChanged event, which the user change log projects.
import { membershipSummary } from '@club/core/ledger/membership';
import { nextSemester, semesterOf } from '@club/core/semester';
import type { UserRow } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/user-detail.ts';
import type { PortalServices } from '../services.ts';
import { userFacts, userView } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

const profileOf = (row: UserRow) => ({
  pk: row.pk,
  pkstr: row.pkstr,
  name: row.name,
  identity: row.identity,
  sex: row.sex,
  school: row.school,
  department: row.department,
  stuid: row.stuid,
  grade: row.grade,
  facebook: row.facebook,
  email: row.email,
  mobile: row.mobile,
  valid: row.valid,
  registertime: row.registeredAt,
  logincount: row.loginCount,
  lastlogin: row.lastLoginAt,
});

function userDetail(services: PortalServices, pk: number) {
  const now = services.now();
  const facts = userFacts(services, pk, now);
  if (!facts) return { status: 'fail' as const, reason: 'notfound' };
  const semester = semesterOf(now);
  const membership = services.projections.models.ledger.memberships.get(pk);
  const paid = membership
    ? membershipSummary(membership, semester.tag, nextSemester(semester).tag).paidSemesters
    : [];
  const workshops = Object.entries(membership?.dues ?? {})
    .filter(([key, due]) => key.startsWith('workshop:') && due.status === 'paid')
    .map(([key]) => {
      const [, dueSemester = '', kind = ''] = key.split(':');
      return { semester: dueSemester, kind };
    });
  const view = userView(facts);
  return {
    status: 'ok' as const,
    user: profileOf(facts.row),
    ismember: facts.ismember,
    isstaff: facts.isstaff,
    authlist: facts.authlist,
    balance: view.balance,
    point: view.point,
    memberships: paid,
    workshops,
    bookborrowlist: view.bookborrowlist,
    propertyborrowlist: view.propertyborrowlist,
  };
}

export const userDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const userStaff = requireStaffWith('user');

  app.get(
    contract.adminUserDetail.path,
    {
      preHandler: userStaff,
      schema: {
        tags: ['admin'],
        summary: "One user's profile, balance, points, memberships and loans (needs user)",
        params: contract.adminUserDetail.params,
        response: responsesOf(contract.adminUserDetail),
      },
    },
    async (request) => userDetail(services, Number(request.params.pk)),
  );

  app.put(
    contract.adminUserModify.path,
    {
      preHandler: userStaff,
      schema: {
        tags: ['admin'],
        summary:
          "Staff edit a user's profile fields; each change is a row of the user change log (needs user)",
        params: contract.adminUserModify.params,
        body: contract.adminUserModify.body,
        response: responsesOf(contract.adminUserModify),
      },
    },
    async (request) => {
      const pk = Number(request.params.pk);
      const edits = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const result = await services.accounts.modifyProfile(
        pk,
        edits,
        request.viewer!.row.pk,
        commandContext(request),
      );
      if (!result.ok) return { status: 'fail' as const, reason: result.reason };
      await services.projections.waitFor(result.position);
      const row = services.projections.models.users.byPk.get(pk)!;
      return { status: 'ok' as const, user: profileOf(row), changes: result.changes };
    },
  );
};
