// The signed-in person as `GET /api/user/check` describes them (docs/api.md).

/** The language a person chose: 'tw' Traditional Chinese, 'en' English, '' follow the browser. */
export type LanguageSetting = 'tw' | 'en' | '';

/** A book or an item the person has borrowed; the member home only counts them. */
export interface BorrowedItem {
  pk: number;
  [field: string]: unknown;
}

export interface SessionUser {
  pk: number;
  pkstr: string;
  name: string;
  /** 1 university student, 3 other-school student, 4 graduated/other, 5 foreigner. */
  identity: number;
  ismember: boolean;
  isnextmember: boolean;
  /** The staff flag; it only takes effect once the person is also a member. */
  isstaff: boolean;
  /** Named authorities such as 'system', 'point', 'opendoor', 'webopendoor', 'nas', 'errormember'. */
  authlist: string[];
  /** Stored-value balance in whole NTD. */
  balance: number;
  /** What the person may spend: balance plus any allowed credit, in whole NTD. */
  balanceplus: number;
  /** Contribution points; may be fractional. */
  point: number;
  /** Latest semester tag with a paid member fee (e.g. '115-1'); null if never a member. */
  lastmember: string | null;
  /** False while the account awaits review (other-school students). */
  valid: boolean;
  /** The member fee per semester in whole NTD. */
  memberfee: number;
  settings: { lang: LanguageSetting };
  bookexpiredcount: number;
  bookborrowlist: BorrowedItem[];
  propertyexpiredcount: number;
  propertyborrowlist: BorrowedItem[];
}

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
