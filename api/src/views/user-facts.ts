// What the portal knows about a user right now, from the read models: the basis of the client's user
// view and of every role check.
import { effectiveAuthorities, isStaff } from '@club/core/access/effective';
import { userAccount } from '@club/core/ledger/accounts';
import { membershipSummary } from '@club/core/ledger/membership';
import { nextSemester, semesterOf } from '@club/core/semester';
import { type UserRow, userPointsAt } from '@club/projections';
import type { PortalServices } from '../services.ts';
import { type UserLoans, userLoans } from './loans.ts';
import { nextPointStatusChangeMs, ReadCache } from './read-cache.ts';

export const MEMBER_FEE_NTD = 600;

export interface UserFacts {
  row: UserRow;
  ismember: boolean;
  isnextmember: boolean;
  isstaff: boolean;
  lastmember: string | null;
  authlist: string[];
  balanceCents: number;
  pointHundredths: number;
  /** Books and equipment the user has out now (docs/loans.md). */
  loans: UserLoans;
}

const factsCaches = new WeakMap<PortalServices, ReadCache<number, UserFacts | undefined>>();

/**
 * The facts every logged-in request needs (the guards, GET /api/user/check), computed once per read-model
 * position and time window: they change with an event, at the semester's end, and when one of the user's
 * point records takes effect or expires. Callers share the object and must not change it.
 */
export function userFacts(services: PortalServices, pk: number, now: Date): UserFacts | undefined {
  let cache = factsCaches.get(services);
  if (!cache) {
    // Not frozen: `row` is the users read model's own row. Facts are small: one entry per active user.
    cache = new ReadCache({ freeze: false, maxEntries: 20_000 });
    factsCaches.set(services, cache);
  }
  const nowMs = now.getTime();
  return cache.get(services.projections.position, pk, nowMs, () => {
    const { points } = services.projections.models;
    const records = [...(points.byRecipient.get(pk) ?? [])].flatMap((id) => points.byPk.get(id) ?? []);
    const value = computeUserFacts(services, pk, now);
    return {
      value,
      validUntilMs: Math.min(
        semesterOf(now).end.getTime(),
        nextPointStatusChangeMs(records, nowMs),
        value?.loans.validUntilMs ?? Number.POSITIVE_INFINITY,
      ),
    };
  });
}

function computeUserFacts(services: PortalServices, pk: number, now: Date): UserFacts | undefined {
  const row = services.projections.models.users.byPk.get(pk);
  if (!row) return undefined;
  const { access } = services.projections.models;
  const semester = semesterOf(now);
  const currentRoster = access.staffBySemester.get(semester.tag) ?? { entries: new Map() };
  const membership = services.projections.models.ledger.memberships.get(pk);
  const summary = membership
    ? membershipSummary(membership, semester.tag, nextSemester(semester).tag)
    : { ismember: false, isnextmember: false, lastmember: null };
  const ismember = summary.ismember;
  return {
    row,
    ismember,
    isnextmember: summary.isnextmember,
    isstaff: isStaff(pk, currentRoster),
    lastmember: summary.lastmember,
    authlist: effectiveAuthorities({
      userPk: pk,
      grants: access.grants.grants.values(),
      currentRoster,
      isMember: ismember,
    }),
    balanceCents: services.projections.models.ledger.balances.get(userAccount(pk)) ?? 0,
    // Status moves with time alone, so the points are summed at `now` on every read (no job runs).
    pointHundredths: userPointsAt(services.projections.models.points, pk, now),
    loans: userLoans(services, pk, now),
  };
}

/** The client's view of a user (document 1 section 3, document 2 section 3). Money in whole NTD. */
export function userView(facts: UserFacts) {
  const { row } = facts;
  return {
    pk: row.pk,
    pkstr: row.pkstr,
    name: row.name,
    identity: row.identity,
    ismember: facts.ismember,
    isnextmember: facts.isnextmember,
    isstaff: facts.isstaff,
    authlist: facts.authlist,
    balance: facts.balanceCents / 100,
    balanceplus: facts.balanceCents / 100,
    point: facts.pointHundredths / 100,
    lastmember: facts.lastmember,
    valid: row.valid,
    memberfee: MEMBER_FEE_NTD,
    settings: { lang: row.lang },
    bookexpiredcount: facts.loans.books.filter((loan) => loan.expired).length,
    bookborrowlist: facts.loans.books,
    propertyexpiredcount: facts.loans.equipment.filter((loan) => loan.expired).length,
    propertyborrowlist: facts.loans.equipment,
  };
}
export type UserView = ReturnType<typeof userView>;
