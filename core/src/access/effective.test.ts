import { describe, expect, it } from 'vitest';
import {
  comparePositionTitles,
  effectiveAuthorities,
  hasStaffPowers,
  isStaff,
  keywordMatchesPosition,
  positionSortKey,
  sortStaffEntries,
} from './effective.ts';
import type { Grant } from './grants.ts';
import type { StaffEntry } from './staff-roster.ts';

const roster = (...entries: StaffEntry[]) => ({
  entries: new Map(entries.map((entry) => [entry.userPk, entry])),
});

const userGrant = (grantPk: number, key: Grant['key'], userPk: number): Grant => ({
  grantPk,
  key,
  target: { kind: 'user', userPk },
});
const keywordGrant = (grantPk: number, key: Grant['key'], keyword: string): Grant => ({
  grantPk,
  key,
  target: { kind: 'keyword', keyword },
});

// 101 is the treasurer (總務長), 102 a darkroom staff member, 103 not staff.
const currentRoster = roster({ userPk: 101, position: '總務長' }, { userPk: 102, position: '暗房組員' });
const grants: Grant[] = [
  userGrant(1, 'transfer', 101),
  keywordGrant(2, 'addvalue', '總務'),
  keywordGrant(3, 'sql', '總務長'),
  keywordGrant(4, 'stock', '暗房'),
  userGrant(5, 'opendoor', 103),
  // The same key twice, personally and by position: listed once.
  userGrant(6, 'addvalue', 101),
  keywordGrant(7, 'system', '社長'),
];

describe('isStaff and hasStaffPowers', () => {
  it('isstaff means on the current roster, membership aside', () => {
    expect(isStaff(101, currentRoster)).toBe(true);
    expect(isStaff(103, currentRoster)).toBe(false);
  });

  it('staff powers need both the roster and membership', () => {
    expect(hasStaffPowers(101, currentRoster, true)).toBe(true);
    expect(hasStaffPowers(101, currentRoster, false)).toBe(false);
    expect(hasStaffPowers(103, currentRoster, true)).toBe(false);
  });
});

describe('keywordMatchesPosition', () => {
  it('matches when the keyword is a substring of the title, after NFKC, trimming and lower-casing', () => {
    expect(keywordMatchesPosition('總務', '總務長')).toBe(true);
    expect(keywordMatchesPosition('總務長', '總務長')).toBe(true);
    expect(keywordMatchesPosition(' 暗房 ', '數位暗房長')).toBe(true);
    expect(keywordMatchesPosition('ｗｅｂ', 'Webmaster')).toBe(true);
  });

  it('does not match the other way round, nor an empty keyword', () => {
    expect(keywordMatchesPosition('總務長', '總務')).toBe(false);
    expect(keywordMatchesPosition('', '總務長')).toBe(false);
    expect(keywordMatchesPosition('   ', '總務長')).toBe(false);
  });
});

describe('effectiveAuthorities', () => {
  it('is the union of personal grants and keyword grants the position contains, in canonical order', () => {
    expect(effectiveAuthorities({ userPk: 101, grants, currentRoster, isMember: true })).toEqual([
      'sql',
      'transfer',
      'addvalue',
    ]);
    expect(effectiveAuthorities({ userPk: 102, grants, currentRoster, isMember: true })).toEqual(['stock']);
  });

  it('drops the position grants of staff who are not members this semester, keeping personal grants', () => {
    expect(effectiveAuthorities({ userPk: 101, grants, currentRoster, isMember: false })).toEqual([
      'transfer',
      'addvalue',
    ]);
    expect(effectiveAuthorities({ userPk: 102, grants, currentRoster, isMember: false })).toEqual([]);
  });

  it('gives people off the roster only their personal grants, member or not', () => {
    expect(effectiveAuthorities({ userPk: 103, grants, currentRoster, isMember: true })).toEqual([
      'opendoor',
    ]);
    expect(effectiveAuthorities({ userPk: 103, grants, currentRoster, isMember: false })).toEqual([
      'opendoor',
    ]);
    expect(effectiveAuthorities({ userPk: 104, grants, currentRoster, isMember: true })).toEqual([]);
  });

  it('uses only the current roster: last semester’s position gives nothing', () => {
    expect(effectiveAuthorities({ userPk: 101, grants, currentRoster: roster(), isMember: true })).toEqual([
      'transfer',
      'addvalue',
    ]);
  });

  it('accepts any iterable of grants (a map of grants in force)', () => {
    const map = new Map(grants.map((grant) => [grant.grantPk, grant]));
    expect(
      effectiveAuthorities({ userPk: 102, grants: map.values(), currentRoster, isMember: true }),
    ).toEqual(['stock']);
  });
});

describe('position sort order', () => {
  it('lists the club positions in order: president, vice, academic, darkroom, ... web admin, then others', () => {
    const expected = [
      '社長',
      '副社長',
      '學術長',
      '暗房長',
      '數位暗房長',
      '總務長',
      '文書長',
      '公關長',
      '器材長',
      '圖書長',
      '美宣長',
      '攝影長',
      '網管',
      '活動長',
      '顧問',
    ];
    const shuffled = [...expected].reverse();
    shuffled.push(shuffled.shift()!);
    expect(shuffled.sort(comparePositionTitles)).toEqual(expected);
  });

  it('sorts a head slightly earlier and members and advisors slightly later within a group', () => {
    const expected = ['學術長', '學術副組長', '學術', '學術組員', '學術顧問', '暗房長'];
    expect([...expected].reverse().sort(comparePositionTitles)).toEqual(expected);
    expect(positionSortKey('學術長')).toBeLessThan(positionSortKey('學術'));
    expect(positionSortKey('學術組員')).toBeGreaterThan(positionSortKey('學術'));
    expect(positionSortKey('學術指導老師')).toBeGreaterThan(positionSortKey('學術組員'));
    expect(positionSortKey('學術顧問')).toBeLessThan(positionSortKey('暗房長'));
  });

  it('puts vice president after president although 副社長 contains 社長, and digital darkroom after darkroom', () => {
    expect(positionSortKey('社長')).toBeLessThan(positionSortKey('副社長'));
    expect(positionSortKey('副社長')).toBeLessThan(positionSortKey('學術長'));
    expect(positionSortKey('暗房組員')).toBeLessThan(positionSortKey('數位暗房長'));
    expect(positionSortKey('數暗長')).toBe(positionSortKey('數位暗房長'));
    expect(positionSortKey('攝影社社長')).toBe(positionSortKey('社長'));
  });

  it('knows the English titles too', () => {
    const expected = [
      'President',
      'Vice President',
      'Head of Academic',
      'Darkroom',
      'Treasurer',
      'Webmaster',
      'Cook',
    ];
    expect([...expected].reverse().sort(comparePositionTitles)).toEqual(expected);
  });

  it('orders a roster by position, then by user pk for equal titles', () => {
    const entries: StaffEntry[] = [
      { userPk: 9, position: '總務組員' },
      { userPk: 5, position: '社長' },
      { userPk: 8, position: '暗房組員' },
      { userPk: 7, position: '暗房組員' },
    ];
    expect(sortStaffEntries(entries).map((entry) => entry.userPk)).toEqual([5, 7, 8, 9]);
  });
});
