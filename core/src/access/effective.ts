// What a user may do right now, from the grants and the current semester's staff roster; and the order in
// which staff positions are listed. Pure functions: the caller loads the roster, the grants and whether the
// user is a member this semester (membership comes from fee payments in the ledger).
//
// Keyword matching: a grant to a staff position keyword applies to every staff member whose position title
// contains the keyword as a substring, after Unicode NFKC normalisation (full-width letters become
// half-width), trimming and lower-casing. So keyword '總務' matches '總務長' and '總務組員', and
// '暗房' matches '暗房長' but also '數位暗房長': pick keywords as specific as the grant should be.
//
// Member-only rule: staff powers take effect only while the staff member is also a member. Authorities
// that come from a position keyword therefore apply only when the user is on the current semester's
// roster and is a member this semester; a grant made to the user personally always applies (it is how
// the club gives powers to non-members and to its own accounts, and how 'errormember' marks a person).
import type { AuthorityKey } from './authorities.ts';
import { sortAuthorityKeys } from './authorities.ts';
import type { Grant } from './grants.ts';
import type { StaffEntry, StaffRosterState } from './staff-roster.ts';

/** The roster fields the functions here read; a StaffRosterState is one. */
export type StaffRoster = Pick<StaffRosterState, 'entries'>;

/** The comparable form of a position title or keyword. */
export const normalizePositionText = (text: string): string => text.normalize('NFKC').trim().toLowerCase();

/** True when the keyword is a non-empty substring of the position title (see the header comment). */
export const keywordMatchesPosition = (keyword: string, positionTitle: string): boolean => {
  const normalizedKeyword = normalizePositionText(keyword);
  return normalizedKeyword !== '' && normalizePositionText(positionTitle).includes(normalizedKeyword);
};

/** `isstaff`: on the current semester's staff roster (membership is not part of it). */
export const isStaff = (userPk: number, currentSemesterRoster: StaffRoster): boolean =>
  currentSemesterRoster.entries.has(userPk);

/** Staff who are also members: the cadre-zone shortcut and the Admin routes need both. */
export const hasStaffPowers = (
  userPk: number,
  currentSemesterRoster: StaffRoster,
  isMember: boolean,
): boolean => isMember && isStaff(userPk, currentSemesterRoster);

export interface EffectiveAuthoritiesInput {
  userPk: number;
  /** Every grant in force (GrantsState.grants.values() will do). */
  grants: Iterable<Grant>;
  /** The staff roster of the current semester. */
  currentRoster: StaffRoster;
  /** Whether the user is a member this semester. */
  isMember: boolean;
}

/**
 * `authlist`: the union of the user's personal grants and, while the user is staff and a member, the
 * grants to keywords their current position title contains. In the canonical order of authorityKeys.
 */
export function effectiveAuthorities(input: EffectiveAuthoritiesInput): AuthorityKey[] {
  const entry = input.currentRoster.entries.get(input.userPk);
  const position = entry && input.isMember ? entry.position : null;
  const keys: AuthorityKey[] = [];
  for (const grant of input.grants) {
    const applies =
      grant.target.kind === 'user'
        ? grant.target.userPk === input.userPk
        : position !== null && keywordMatchesPosition(grant.target.keyword, position);
    if (applies) keys.push(grant.key);
  }
  return sortAuthorityKeys(keys);
}

// --- Position sort order (document 3, section 9) ---

/**
 * Position groups in the club's order: president first, then vice president, academic, darkroom, digital
 * darkroom, general affairs, secretary, public relations, equipment, library, art and publicity,
 * photography, web admin; any other title comes after them. A title belongs to the group of the longest
 * pattern it contains (so '副社長' is vice president, not president, and '數位暗房長' is digital
 * darkroom, not darkroom); between equally long patterns the earlier group wins.
 */
const positionGroups: readonly (readonly string[])[] = [
  ['社長', '會長', 'president'],
  ['副社長', '副會長', 'vice president', 'vice-president'],
  ['學術', 'academic'],
  ['暗房', 'darkroom'],
  ['數暗', '數位暗房', 'digital darkroom'],
  ['總務', 'general affairs', 'treasurer'],
  ['文書', 'secretary'],
  ['公關', '公共關係', 'public relations'],
  ['器材', 'equipment'],
  ['圖書', 'library'],
  ['美宣', '美術宣傳', '美編', 'publicity'],
  ['攝影', 'photography'],
  ['網管', '網路管理', 'webmaster'],
];

/** Every pattern with its group index, longest first, then in group order. */
const groupPatterns = positionGroups
  .flatMap((patterns, group) => patterns.map((pattern) => ({ pattern, group })))
  .sort((a, b) => b.pattern.length - a.pattern.length || a.group - b.group);

const OTHER_GROUP = positionGroups.length;

/**
 * Rank within a group: a head ('長', 'head', 'chief') sorts slightly earlier, a deputy ('副', 'vice',
 * 'deputy') next, then the plain title, then members ('組員', '幹部', 'member') and advisors ('顧問',
 * '指導老師', 'advisor') slightly later. Checked from the last rank back, so '副組長' is a deputy and
 * '顧問長' an advisor.
 */
const rankPatterns: readonly { rank: number; patterns: readonly string[] }[] = [
  { rank: 4, patterns: ['顧問', '指導老師', '指導', 'advisor', 'adviser'] },
  { rank: 3, patterns: ['組員', '幹部', 'member'] },
  { rank: 1, patterns: ['副', 'vice', 'deputy'] },
  { rank: 0, patterns: ['長', 'head', 'chief'] },
];
const PLAIN_RANK = 2;
const RANKS_PER_GROUP = 10;

/**
 * Sort key of a position title: lower sorts first. It is group * 10 + rank, so every title of a group
 * sorts before the next group, and the rank orders heads, deputies, plain titles, members and advisors
 * within it. For example 社長 < 副社長 < 學術長 < 學術 < 學術組員 < 學術顧問 < 暗房長 < ... < 網管 < others.
 */
export function positionSortKey(title: string): number {
  const text = normalizePositionText(title);
  const group = groupPatterns.find(({ pattern }) => text.includes(pattern))?.group ?? OTHER_GROUP;
  const rank = rankPatterns.find(({ patterns }) => patterns.some((pattern) => text.includes(pattern)))?.rank;
  return group * RANKS_PER_GROUP + (rank ?? PLAIN_RANK);
}

/** Orders position titles by positionSortKey, then alphabetically (zh-Hant collation) for equal keys. */
export const comparePositionTitles = (a: string, b: string): number =>
  positionSortKey(a) - positionSortKey(b) || a.localeCompare(b, 'zh-Hant');

/** A roster's entries in position order (ties by user pk), for AdminMemberStaffWorkshopList kind=staff. */
export const sortStaffEntries = (entries: Iterable<StaffEntry>): StaffEntry[] =>
  [...entries].sort((a, b) => comparePositionTitles(a.position, b.position) || a.userPk - b.userPk);
