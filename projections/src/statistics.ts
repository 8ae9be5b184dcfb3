// Staff statistics (document 3: AdminMemberStaffStat, AdminUsageMember, AdminUsageClub, AdminPointStat's
// discount total): pure views over the portal's read models, so every figure is a projection of the log
// and rebuilds with them. Semesters are those of core/src/semester.ts (Taipei time). docs/statistics.md.
import { type IdentityGroup, identityGroupCodes, identityGroupOf } from '@club/core/access/identity-groups';
import { squareInches, effectiveHeightMm } from '@club/core/giclee/rules';
import { isHumanAccount } from '@club/core/ledger/accounts';
import { pointExpiresAt } from '@club/core/points/status';
import {
  compareSemesterTags,
  nextSemester,
  parseSemesterTag,
  semesterOf,
  semesterTagFinder,
} from '@club/core/semester';
import type { AccessModel } from './access.ts';
import type { DarkroomSessionsModel } from './darkroom-sessions.ts';
import type { GicleeModel } from './giclee.ts';
import type { LabelPrintLogModel } from './label-print-log.ts';
import type { LedgerModel } from './ledger.ts';
import type { LoansModel } from './loans.ts';
import type { PointsModel } from './points.ts';
import type { StockModel } from './stock.ts';
import type { UsersModel } from './users.ts';

/** The read models the statistics read. */
export interface StatisticsModels {
  users: UsersModel;
  access: AccessModel;
  ledger: LedgerModel;
  darkroomSessions: DarkroomSessionsModel;
  giclee: GicleeModel;
  labelPrintLog: LabelPrintLogModel;
  loans: LoansModel;
  stock: StockModel;
  points: PointsModel;
}

const newestFirst = (tags: Iterable<string>): string[] =>
  [...new Set(tags)].sort((a, b) => compareSemesterTags(b, a));

// --- Members and staff ---

/** Members of each semester: everyone whose member fee for it is paid (a refunded fee does not count). */
export function membersBySemester(models: Pick<StatisticsModels, 'ledger'>): Map<string, Set<number>> {
  const bySemester = new Map<string, Set<number>>();
  for (const [userPk, membership] of models.ledger.memberships) {
    for (const [key, status] of Object.entries(membership.dues)) {
      if (status.status !== 'paid' || !key.startsWith('memberfee:')) continue;
      const semester = key.slice('memberfee:'.length);
      const set = bySemester.get(semester) ?? new Set<number>();
      set.add(userPk);
      bySemester.set(semester, set);
    }
  }
  return bySemester;
}

/** Staff of each semester: the semester's staff roster. */
export function staffBySemester(models: Pick<StatisticsModels, 'access'>): Map<string, Set<number>> {
  const bySemester = new Map<string, Set<number>>();
  for (const [semester, roster] of models.access.staffBySemester) {
    if (roster.entries.size > 0) bySemester.set(semester, new Set(roster.entries.keys()));
  }
  return bySemester;
}

export interface RetentionRow {
  semester: string;
  size: number;
  /** later[k]: how many of this semester's people are there k+1 semesters later (up to the newest known). */
  later: number[];
}

/** Of those of semester S, how many are there in S+1, S+2, ... (oldest semester first). */
export function retention(sets: Map<string, Set<number>>, until: string): RetentionRow[] {
  const tags = [...sets.keys()].sort(compareSemesterTags);
  return tags.map((tag) => {
    const people = sets.get(tag) ?? new Set<number>();
    const later: number[] = [];
    let semester = parseSemesterTag(tag);
    while (semester) {
      semester = nextSemester(semester);
      if (compareSemesterTags(semester.tag, until) > 0) break;
      const there = sets.get(semester.tag);
      later.push([...people].filter((pk) => there?.has(pk)).length);
    }
    return { semester: tag, size: people.size, later };
  });
}

export interface IdentityRow {
  semester: string;
  total: number;
  staff: number;
  /** Members per identity group, in identityGroupCodes order. */
  groups: { group: IdentityGroup; count: number }[];
}

/** AdminMemberStaffStat: members per semester by identity group (newest first) and both retentions. */
export function memberStaffStat(models: Pick<StatisticsModels, 'users' | 'ledger' | 'access'>, now: Date) {
  const members = membersBySemester(models);
  const staff = staffBySemester(models);
  const newest = newestFirst([...members.keys(), ...staff.keys(), semesterOf(now).tag])[0]!;
  const identity: IdentityRow[] = newestFirst([...members.keys(), ...staff.keys()]).map((semester) => {
    const counts = new Map<IdentityGroup, number>();
    const people = members.get(semester) ?? new Set<number>();
    for (const pk of people) {
      const user = models.users.byPk.get(pk);
      const group = user ? identityGroupOf({ identity: user.identity, grade: user.grade }) : 0;
      counts.set(group, (counts.get(group) ?? 0) + 1);
    }
    return {
      semester,
      total: people.size,
      staff: staff.get(semester)?.size ?? 0,
      groups: identityGroupCodes.map((group) => ({ group, count: counts.get(group) ?? 0 })),
    };
  });
  return { identity, memberRetention: retention(members, newest), staffRetention: retention(staff, newest) };
}

// --- Usage ---

export interface UsageFigures {
  darkroomSessions: number;
  /** Film rolls or sheets developed (process kinds 0 and 2). */
  rolls: number;
  /** Enlarging prints made in the darkroom (process kinds 1 and 3). */
  prints: number;
  gicleeJobs: number;
  /** Giclee area in square inches, one decimal. */
  gicleeSquareInches: number;
  /** Labels printed (quantity of prints the printer finished). */
  labels: number;
  /** Books and equipment lent, and shared paper boxes borrowed. */
  loans: number;
  /** Counter and shop purchases: sale lines, and what was paid for them in cents. */
  purchases: number;
  purchaseCents: number;
  /** Points that took effect in the semester and were not set invalid, in hundredths. */
  pointHundredths: number;
}

const emptyFigures = (): UsageFigures => ({
  darkroomSessions: 0,
  rolls: 0,
  prints: 0,
  gicleeJobs: 0,
  gicleeSquareInches: 0,
  labels: 0,
  loans: 0,
  purchases: 0,
  purchaseCents: 0,
  pointHundredths: 0,
});

/**
 * Where one use of the club is counted: the figures to add it into, or undefined to leave it out. Called
 * once per use (a session, a job, a loan, a sale line, a point record) with its semester and user.
 */
type UsageTarget = (semester: string, userPk: number) => UsageFigures | undefined;

/**
 * Adds every use of the club into the figures `target` names; the usage tables sum them. This scans the
 * years of records (on a log of a million events, tens of thousands of point records), so it adds fields
 * in place and finds semesters with a finder per source (each source is in time order).
 */
function forEachUse(models: StatisticsModels, target: UsageTarget): void {
  for (const session of models.darkroomSessions.sessions) {
    const figures = target(session.semester, session.userPk);
    if (!figures) continue;
    figures.darkroomSessions += 1;
    for (const line of session.lines) {
      if (line.kind === 0 || line.kind === 2) figures.rolls += line.quantity;
      else figures.prints += line.quantity;
    }
  }
  let semesterAt = semesterTagFinder();
  for (const job of models.giclee.jobs.values()) {
    if (job.ownerPk === null) continue;
    const figures = target(semesterAt(job.startedAt), job.ownerPk);
    if (!figures) continue;
    figures.gicleeJobs += 1;
    figures.gicleeSquareInches += squareInches(job.widthMm, effectiveHeightMm(job));
  }
  semesterAt = semesterTagFinder();
  for (const row of models.labelPrintLog.rows) {
    if (row.done !== true) continue;
    const figures = target(semesterAt(row.timestamp), row.userPk);
    if (figures) figures.labels += row.quantity;
  }
  semesterAt = semesterTagFinder();
  for (const loan of models.loans.library.loans.values()) {
    const figures = target(semesterAt(loan.at), loan.userPk);
    if (figures) figures.loans += 1;
  }
  semesterAt = semesterTagFinder();
  for (const loan of models.loans.equipment.loans.values()) {
    if (loan.status === 'cancelled') continue;
    const figures = target(semesterAt(loan.at), loan.userPk);
    if (figures) figures.loans += 1;
  }
  semesterAt = semesterTagFinder();
  for (const row of models.loans.paperRows.values()) {
    if (row.action !== 'borrow' || row.userPk === null) continue;
    const figures = target(semesterAt(row.at), row.userPk);
    if (figures) figures.loans += 1;
  }
  semesterAt = semesterTagFinder();
  for (const delta of models.stock.deltas.values()) {
    if (delta.kind !== 2 || delta.buyerPk === null) continue;
    const figures = target(semesterAt(delta.at), delta.buyerPk);
    if (!figures) continue;
    figures.purchases += 1;
    figures.purchaseCents += delta.amountCents ?? 0;
  }
  semesterAt = semesterTagFinder();
  for (const point of models.points.byPk.values()) {
    if (point.invalidated) continue;
    const figures = target(semesterAt(point.effectiveAt), point.recipientPk);
    if (figures) figures.pointHundredths += point.amountHundredths;
  }
}

const roundArea = (figures: UsageFigures): UsageFigures => ({
  ...figures,
  gicleeSquareInches: Math.round(figures.gicleeSquareInches * 10) / 10,
});

/** Semesters with any use, membership or staff, newest first (for the selector). */
export function usageSemesters(models: StatisticsModels, now: Date): string[] {
  const tags = new Set<string>([semesterOf(now).tag]);
  forEachUse(models, (semester) => {
    tags.add(semester);
    return undefined;
  });
  for (const tag of membersBySemester(models).keys()) tags.add(tag);
  return newestFirst(tags);
}

/** AdminUsageMember: each member's use of the club in one semester (users with any use or membership). */
export function memberUsage(models: StatisticsModels, semester: string) {
  const byUser = new Map<number, UsageFigures>();
  const figuresOf = (pk: number) => {
    let figures = byUser.get(pk);
    if (!figures) {
      figures = emptyFigures();
      byUser.set(pk, figures);
    }
    return figures;
  };
  for (const pk of membersBySemester(models).get(semester) ?? []) figuresOf(pk);
  forEachUse(models, (tag, userPk) => (tag === semester ? figuresOf(userPk) : undefined));
  return [...byUser.entries()]
    .sort(([a], [b]) => a - b)
    .map(([userPk, figures]) => ({ userPk, figures: roundArea(figures) }));
}

export interface ClubUsageRow {
  semester: string;
  members: number;
  staff: number;
  /** Distinct people with any use. */
  users: number;
  figures: UsageFigures;
  /** Stored value topped up (add_value and pouch_topup transfers into members' accounts), in cents. */
  addValueCents: number;
}

/** AdminUsageClub: the club's resources used per semester, newest first. */
export function clubUsage(models: StatisticsModels): ClubUsageRow[] {
  const rows = new Map<string, ClubUsageRow & { people: Set<number> }>();
  const rowOf = (semester: string) => {
    let row = rows.get(semester);
    if (!row) {
      row = {
        semester,
        members: 0,
        staff: 0,
        users: 0,
        figures: emptyFigures(),
        addValueCents: 0,
        people: new Set(),
      };
      rows.set(semester, row);
    }
    return row;
  };
  forEachUse(models, (semester, userPk) => {
    const row = rowOf(semester);
    row.people.add(userPk);
    return row.figures;
  });
  for (const [semester, people] of membersBySemester(models)) rowOf(semester).members = people.size;
  for (const [semester, people] of staffBySemester(models)) rowOf(semester).staff = people.size;
  const semesterAt = semesterTagFinder();
  for (const transfer of models.ledger.transfers.values()) {
    const { kind, credit, amountCents } = transfer.posting;
    if ((kind === 'add_value' || kind === 'pouch_topup') && isHumanAccount(credit))
      rowOf(semesterAt(transfer.at)).addValueCents += amountCents;
  }
  return newestFirst(rows.keys()).map((semester) => {
    const { people, ...row } = rows.get(semester)!;
    return { ...row, users: people.size, figures: roundArea(row.figures) };
  });
}

// --- Point discounts ---

/**
 * Money saved through point discounts on sales of the past half year, in cents, by buyer: each sale line's
 * list amount less what was paid, for the part not given back by a refund. The half year is the points'
 * own (a sale counts while a point record made at its moment would still be valid; document 3, section 9).
 */
export function pointDiscountCentsByBuyer(
  models: Pick<StatisticsModels, 'stock'>,
  now: Date,
): Map<number, number> {
  const byBuyer = new Map<number, number>();
  for (const delta of models.stock.deltas.values()) {
    if (delta.kind !== 2 || delta.buyerPk === null) continue;
    const at = new Date(delta.at);
    if (at > now || pointExpiresAt(at) <= now) continue;
    const discount = (delta.listAmountCents ?? 0) - (delta.amountCents ?? 0);
    const sold = -delta.deltaMilli;
    if (discount <= 0 || sold <= 0) continue;
    const kept = Math.round((discount * Math.max(0, sold - delta.refundedMilli)) / sold);
    if (kept > 0) byBuyer.set(delta.buyerPk, (byBuyer.get(delta.buyerPk) ?? 0) + kept);
  }
  return byBuyer;
}
