// AdminUserRecentDebtList (document 3, sections 2.2 and 6): `GET /admin/user/list/{kind}`.
//   recent  people who registered in the last three months (document 3, section 9), newest first; staff.
//   debt    people whose stored-value balance is below zero, deepest debt first; the sql authority.
// The spec leaves the list's shape open; each row is the spec's "user in lists" (document 3, section 3)
// plus the balance and the registration time (docs/api.md).
import { isHumanAccount, userAccount } from '@club/core/ledger/accounts';
import { membershipSummary } from '@club/core/ledger/membership';
import { compareSemesterTags, nextSemester, semesterOf } from '@club/core/semester';
import { type UserRow, userPointsAt } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireRole, requireStaffWith } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import { centsToNtd } from '../views/ledger-rows.ts';
import { listedUserRowSchema, recentUserList } from '../contracts/user-lists.ts';
import { failSchema } from './schemas.ts';

/** "New users" are those registered within this many calendar months (document 3, section 9). */
export const RECENT_USER_MONTHS = 3;

export { listedUserRowSchema };
export type ListedUserRow = z.infer<typeof listedUserRowSchema>;

const latestOf = (tags: Iterable<string>): string | null => {
  let latest: string | null = null;
  for (const tag of tags) if (latest === null || compareSemesterTags(tag, latest) > 0) latest = tag;
  return latest;
};

function userListRow(services: PortalServices, row: UserRow, now: Date): ListedUserRow {
  const { access, ledger, points } = services.projections.models;
  const semester = semesterOf(now);
  const membership = ledger.memberships.get(row.pk);
  const staffSemesters = [...access.staffBySemester]
    .filter(([, roster]) => roster.entries.has(row.pk))
    .map(([tag]) => tag);
  const workshopSemesters = [...access.workshopsBySemester]
    .filter(([, roster]) => [...roster.entries.values()].some((entry) => entry.userPk === row.pk))
    .map(([tag]) => tag);
  return {
    pk: row.pk,
    pkstr: row.pkstr,
    name: row.name,
    sex: row.sex,
    stuid: row.stuid,
    studepartment: row.department,
    email: row.email,
    mobile: row.mobile,
    facebook: row.facebook,
    laststaff: latestOf(staffSemesters),
    lastmember: membership
      ? membershipSummary(membership, semester.tag, nextSemester(semester).tag).lastmember
      : null,
    lastworkshop: latestOf(workshopSemesters),
    point: userPointsAt(points, row.pk, now) / 100,
    discount: 0,
    balance: centsToNtd(ledger.balances.get(userAccount(row.pk)) ?? 0),
    registertime: row.registeredAt,
  };
}

/** The instant `months` calendar months before `now` (the 31st falls back as Date does). */
export function monthsBefore(now: Date, months: number): Date {
  const since = new Date(now.getTime());
  since.setUTCMonth(since.getUTCMonth() - months);
  return since;
}

/** People who registered within the last three months, newest first. */
export function recentUsers(services: PortalServices, now: Date): UserRow[] {
  const since = monthsBefore(now, RECENT_USER_MONTHS).getTime();
  return [...services.projections.models.users.byPk.values()]
    .filter((row) => Date.parse(row.registeredAt) >= since)
    .sort((a, b) => Date.parse(b.registeredAt) - Date.parse(a.registeredAt) || b.pk - a.pk);
}

/**
 * People in debt: registered users whose own account is below zero, deepest first. The club's accounts
 * and the staff cash accounts run negative by design and are not people (core/src/ledger/accounts.ts).
 */
export function usersInDebt(services: PortalServices): { row: UserRow; balanceCents: number }[] {
  const { users, ledger } = services.projections.models;
  const inDebt: { row: UserRow; balanceCents: number }[] = [];
  for (const [account, balanceCents] of ledger.balances) {
    if (balanceCents >= 0 || !isHumanAccount(account)) continue;
    const row = users.byPk.get(Number(account));
    if (row) inDebt.push({ row, balanceCents });
  }
  return inDebt.sort((a, b) => a.balanceCents - b.balanceCents || a.row.pk - b.row.pk);
}

export function userList(services: PortalServices, kind: 'recent' | 'debt') {
  const now = services.now();
  const rows = kind === 'recent' ? recentUsers(services, now) : usersInDebt(services).map(({ row }) => row);
  return { status: 'ok' as const, list: rows.map((row) => userListRow(services, row, now)) };
}

export const userListRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  // Both lists share one answer shape (api/src/contracts/user-lists.ts).
  const responses = {
    200: recentUserList.ok.or(failSchema),
    400: failSchema,
    401: failSchema,
    403: failSchema,
  };

  app.get(
    '/admin/user/list/recent',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['admin'],
        summary: 'People registered in the last three months, newest first (staff)',
        response: responses,
      },
    },
    async () => userList(services, 'recent'),
  );

  app.get(
    '/admin/user/list/debt',
    {
      preHandler: requireStaffWith('sql'),
      schema: {
        tags: ['admin'],
        summary: 'People whose balance is below zero, deepest first (needs sql)',
        response: responses,
      },
    },
    async () => userList(services, 'debt'),
  );
};
