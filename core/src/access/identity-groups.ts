// Member identity groups (document 3, section 3): how the member roster is grouped and counted. The group
// is derived from what the person gave when registering: their identity and, for students, their grade.
import type { Identity } from '../accounts/registration-rules.ts';

/** Identity group: 1–5 university year 1 to 5+, 11 master, 21 doctoral, 31 foreign or exchange,
 * 41 in-service or other, 51 alumni, 61 other school, 99 public, 0 unknown. */
export const identityGroupCodes = [1, 2, 3, 4, 5, 11, 21, 31, 41, 51, 61, 99, 0] as const;
export type IdentityGroup = (typeof identityGroupCodes)[number];

export interface IdentityGroupInfo {
  group: IdentityGroup;
  labelZh: string;
  labelEn: string;
}

/** In display order (the member list's grouping): students by year, graduate students, then the rest. */
export const identityGroups: readonly IdentityGroupInfo[] = [
  { group: 1, labelZh: '大一', labelEn: 'Year 1' },
  { group: 2, labelZh: '大二', labelEn: 'Year 2' },
  { group: 3, labelZh: '大三', labelEn: 'Year 3' },
  { group: 4, labelZh: '大四', labelEn: 'Year 4' },
  { group: 5, labelZh: '大五以上', labelEn: 'Year 5 and above' },
  { group: 11, labelZh: '碩士班', labelEn: "Master's" },
  { group: 21, labelZh: '博士班', labelEn: 'Doctoral' },
  { group: 31, labelZh: '外籍生／交換生', labelEn: 'Foreign or exchange student' },
  { group: 41, labelZh: '在職／其他', labelEn: 'In-service or other' },
  { group: 51, labelZh: '校友', labelEn: 'Alumni' },
  { group: 61, labelZh: '外校生', labelEn: 'Other school' },
  { group: 99, labelZh: '校外人士', labelEn: 'Public' },
  { group: 0, labelZh: '未知', labelEn: 'Unknown' },
];

const groupsByCode = new Map<number, IdentityGroupInfo>(identityGroups.map((info) => [info.group, info]));

export const isIdentityGroup = (value: unknown): value is IdentityGroup =>
  typeof value === 'number' && groupsByCode.has(value);

/** The labels of a group; throws for a code outside the list (callers hold a validated code). */
export const identityGroupInfo = (group: IdentityGroup): IdentityGroupInfo => {
  const info = groupsByCode.get(group);
  if (!info) throw new Error(`unknown identity group: ${group}`);
  return info;
};

/** Grade options of the registration form (document 1, section 3) and the group each means. */
const groupOfGrade: ReadonlyMap<string, IdentityGroup> = new Map<string, IdentityGroup>([
  ['大一', 1],
  ['大二', 2],
  ['大三', 3],
  ['大四', 4],
  ['大五以上', 5],
  ['碩一', 11],
  ['碩二以上', 11],
  ['博士班', 21],
]);

/**
 * The identity group of a registration:
 * - identity 1 (university student): by grade; a missing or unknown grade gives 0 (unknown);
 * - identity 3 (other-school student): 61, whatever the grade;
 * - identity 4 (graduated or other, which cannot apply online and is set by staff): 51 alumni;
 * - identity 5 (foreigner): 31;
 * - anything else: 0.
 * 41 (in-service) and 99 (public) are not derivable from a registration; they are kept for records
 * that carry the group itself.
 */
export function identityGroupOf(registration: {
  identity: Identity | number;
  grade?: string | null;
}): IdentityGroup {
  switch (registration.identity) {
    case 1:
      return groupOfGrade.get((registration.grade ?? '').trim()) ?? 0;
    case 3:
      return 61;
    case 4:
      return 51;
    case 5:
      return 31;
    default:
      return 0;
  }
}

/** Orders groups as identityGroups lists them (unknown last). */
export const compareIdentityGroups = (a: IdentityGroup, b: IdentityGroup): number =>
  identityGroupCodes.indexOf(a) - identityGroupCodes.indexOf(b);
