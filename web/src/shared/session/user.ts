// The signed-in person as `GET /api/user/check` describes them (docs/api.md), and what the app derives
// from them.
import type * as accounts from '@club/api/contracts/accounts';
import type { OkOf } from '@club/api/contracts/shared';

/** The signed-in person: the contract's user view (api/src/contracts/accounts.ts). */
export type SessionUser = NonNullable<OkOf<typeof accounts.userCheck>['user']>;

/** The language a person chose: 'tw' Traditional Chinese, 'en' English, '' follow the browser. */
export type LanguageSetting = SessionUser['settings']['lang'];

export const hasAuthority = (
  user: Pick<SessionUser, 'authlist'> | null | undefined,
  authority: string,
): boolean => user?.authlist.includes(authority) ?? false;

/** Staff status takes effect only for staff who are also members (spec doc 1, section 6). */
export const isActiveStaff = (user: SessionUser | null | undefined): boolean =>
  user?.isstaff === true && user.ismember;

/** The membership gate of the home page (spec doc 1, section 4). */
export type MembershipStatus = 'never' | 'lapsed' | 'current';

export function membershipStatus(user: SessionUser): MembershipStatus {
  if (user.ismember) return 'current';
  return user.lastmember === null ? 'never' : 'lapsed';
}

/** A spend of `amountNtd` is allowed within balanceplus, or always with the allowdebt authority. */
export const canSpend = (user: SessionUser, amountNtd: number): boolean =>
  user.balanceplus >= amountNtd || hasAuthority(user, 'allowdebt');
