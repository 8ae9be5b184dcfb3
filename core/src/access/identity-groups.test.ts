import { describe, expect, it } from 'vitest';
import { GRADE_OPTIONS } from '../accounts/registration-rules.ts';
import {
  compareIdentityGroups,
  identityGroupCodes,
  identityGroupInfo,
  identityGroupOf,
  identityGroups,
} from './identity-groups.ts';

describe('identityGroupOf', () => {
  it('maps a university student by grade', () => {
    const expected: Record<(typeof GRADE_OPTIONS)[number], number> = {
      大一: 1,
      大二: 2,
      大三: 3,
      大四: 4,
      大五以上: 5,
      碩一: 11,
      碩二以上: 11,
      博士班: 21,
    };
    for (const grade of GRADE_OPTIONS) expect(identityGroupOf({ identity: 1, grade })).toBe(expected[grade]);
    expect(identityGroupOf({ identity: 1, grade: ' 大二 ' })).toBe(2);
  });

  it('gives unknown (0) for a university student without a known grade', () => {
    expect(identityGroupOf({ identity: 1, grade: '' })).toBe(0);
    expect(identityGroupOf({ identity: 1, grade: null })).toBe(0);
    expect(identityGroupOf({ identity: 1 })).toBe(0);
    expect(identityGroupOf({ identity: 1, grade: '高三' })).toBe(0);
  });

  it('maps other-school students to 61, graduated/other to 51 alumni and foreigners to 31, whatever the grade', () => {
    expect(identityGroupOf({ identity: 3, grade: '大二' })).toBe(61);
    expect(identityGroupOf({ identity: 4, grade: '' })).toBe(51);
    expect(identityGroupOf({ identity: 5, grade: '碩一' })).toBe(31);
  });

  it('gives unknown (0) for an identity outside the registration form', () => {
    expect(identityGroupOf({ identity: 2, grade: '大一' })).toBe(0);
  });
});

describe('identity groups', () => {
  it('labels every group in both languages, in display order with unknown last', () => {
    expect(identityGroups.map((info) => info.group)).toEqual([...identityGroupCodes]);
    for (const code of identityGroupCodes) {
      expect(identityGroupInfo(code).labelZh).not.toBe('');
      expect(identityGroupInfo(code).labelEn).not.toBe('');
    }
    expect([0, 61, 1, 11, 5].sort((a, b) => compareIdentityGroups(a as 0, b as 0))).toEqual([
      1, 5, 11, 61, 0,
    ]);
  });
});
