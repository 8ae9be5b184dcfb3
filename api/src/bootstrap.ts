// The operator's own bookings, for the command line (create-staff, demo) and for tests: the first staff
// member cannot have their fee collected by staff who do not exist yet, so the operator records the cash
// they took in. It is booked to the operator's cash account, cash-1 (pk 1 is kept for the club), and is as
// visible in the ledger as any other collection.
import { nextSemester, semesterOf } from '@club/core/semester';
import type { PortalServices } from './services.ts';

export const OPERATOR_PK = 1;
export const MEMBER_FEE_CENTS = 60_000;

export async function recordMemberFeeByOperator(
  services: PortalServices,
  userPk: number,
  options: { semester?: 'current' | 'next' } = {},
): Promise<void> {
  const now = services.now();
  const current = semesterOf(now);
  const semester = options.semester === 'next' ? nextSemester(current).tag : current.tag;
  const result = await services.ledger.receiveMemberFee({
    now,
    actorPk: null,
    collectionId: `operator-${userPk}-${semester}`,
    staffPk: OPERATOR_PK,
    payer: {
      pk: userPk,
      isCurrentStaff: false,
      errormember: false,
      needsReview: false,
      identifiedBy: 'stuid',
    },
    memberfeeSemester: semester,
    workshops: [],
    totalNeedPayCents: MEMBER_FEE_CENTS,
  });
  if (!result.ok && result.reason !== 'already')
    throw new Error(`member fee for ${userPk} refused: ${result.reason}`);
  await services.projections.waitFor(result.ok ? result.position : await services.store.headPosition());
}

/** Puts a member on the current staff roster and grants them authorities, as the operator. */
export async function makeStaffByOperator(
  services: PortalServices,
  userPk: number,
  position: string,
  authorities: readonly string[] = [],
): Promise<void> {
  const now = services.now();
  const context = { now, actor: null, correlationId: `operator-staff-${userPk}` };
  const operatorAuthorities = ['staffset', 'auth'] as const;
  const semester = semesterOf(now).tag;
  const added = await services.access.addStaff(
    { semester, userPk, position, actorAuthorities: operatorAuthorities },
    context,
  );
  if (!added.ok && added.reason !== 'duplicated')
    throw new Error(`adding staff ${userPk} refused: ${added.reason}`);
  for (const key of authorities) {
    const granted = await services.access.addGrant(
      { key, userPk, staffKeyword: null, actorAuthorities: operatorAuthorities, semesters: [semester] },
      context,
    );
    if (!granted.ok && granted.reason !== 'duplicated')
      throw new Error(`granting ${key} refused: ${granted.reason}`);
  }
  await services.projections.waitFor(await services.store.headPosition());
}
