// The staff statistics' answers (docs/statistics.md): the projections/src/statistics.ts figures with the
// people named, money in dollars and the moment they reflect.
import { hundredthsToPoints } from '@club/core/points/units';
import { semesterOf } from '@club/core/semester';
import {
  clubUsage,
  memberStaffStat,
  memberUsage,
  membersBySemester,
  type UsageFigures,
  usageSemesters,
} from '@club/projections';
import type { PortalServices } from '../services.ts';
import { userRef } from './staff-cash.ts';

/** Only this user sees the add-value column of AdminUsageClub (document 3). */
export const ADD_VALUE_VIEWER_PK = 2;

/** The log position the read models have reached, and now. */
export const statisticsMoment = (services: PortalServices) => ({
  position: services.projections.position,
  at: services.now().toISOString(),
});

const usageView = (figures: UsageFigures) => ({
  darkroomSessions: figures.darkroomSessions,
  rolls: figures.rolls,
  prints: figures.prints,
  gicleeJobs: figures.gicleeJobs,
  gicleeSquareInches: figures.gicleeSquareInches,
  labels: figures.labels,
  loans: figures.loans,
  purchases: figures.purchases,
  purchaseAmount: figures.purchaseCents / 100,
  points: hundredthsToPoints(figures.pointHundredths),
});

export function memberStaffStatAnswer(services: PortalServices) {
  // Read the moment first: the figures are at least as new as it says (the runner only moves forward).
  const moment = statisticsMoment(services);
  return {
    status: 'ok' as const,
    stat: memberStaffStat(services.projections.models, services.now()),
    moment,
  };
}

export function memberUsageAnswer(services: PortalServices, semester?: string) {
  const moment = statisticsMoment(services);
  const models = services.projections.models;
  const semesterSelected = semester ?? semesterOf(services.now()).tag;
  const members = membersBySemester(models).get(semesterSelected) ?? new Set<number>();
  const semesterList = usageSemesters(models, services.now());
  if (!semesterList.includes(semesterSelected)) semesterList.push(semesterSelected);
  return {
    status: 'ok' as const,
    semesterSelected,
    semesterList,
    loglist: memberUsage(models, semesterSelected).map(({ userPk, figures }) => ({
      user: userRef(services, userPk),
      ismember: members.has(userPk),
      usage: usageView(figures),
    })),
    moment,
  };
}

export function clubUsageAnswer(services: PortalServices, viewerPk: number) {
  const moment = statisticsMoment(services);
  const showAddValue = viewerPk === ADD_VALUE_VIEWER_PK;
  return {
    status: 'ok' as const,
    loglist: clubUsage(services.projections.models).map((row) => ({
      semester: row.semester,
      members: row.members,
      staff: row.staff,
      users: row.users,
      usage: usageView(row.figures),
      ...(showAddValue ? { addValue: row.addValueCents / 100 } : {}),
    })),
    showAddValue,
    moment,
  };
}
