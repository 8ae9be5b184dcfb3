import { describe, expect, it } from 'vitest';
import { normalizeSearch, type PickerEntry, pickerMatches, pickerScore, toHalfWidth } from './search-picker';

const entry = (pk: number, name: string, overrides: Partial<PickerEntry> = {}): PickerEntry => ({
  pk,
  pkstr: `U${String(pk).padStart(5, '0')}`,
  semester: '',
  name,
  shortname: '',
  prefix: false,
  ...overrides,
});

const entries = [
  entry(4, '底片庫存', { shortname: 'Film stock', prefix: true }),
  entry(10, '社費收入', { shortname: 'Member fee income', prefix: true }),
  entry(101, '王小明', { semester: '115-1' }),
  entry(102, '王大明', { semester: '114-2' }),
  entry(103, '李小華'),
  entry(104, '陳明'),
  entry(105, '林明'),
  entry(106, '張明'),
  entry(107, '黃明'),
];

describe('search picker', () => {
  it('turns full-width text half-width, trims and lowers it', () => {
    expect(toHalfWidth('Ｕ００１０１')).toBe('U00101');
    expect(normalizeSearch('　ＦＩＬＭ ')).toBe('film');
  });

  it('matches any key: pk, pkstr, semester, name, shortname', () => {
    expect(pickerMatches(entries, '101').map((match) => match.pk)).toEqual([101]);
    expect(pickerMatches(entries, 'u00103').map((match) => match.pk)).toEqual([103]);
    expect(pickerMatches(entries, '114-2').map((match) => match.pk)).toEqual([102]);
    expect(pickerMatches(entries, 'film').map((match) => match.pk)).toEqual([4]);
    expect(pickerMatches(entries, '小').map((match) => match.pk)).toEqual([101, 103]);
    expect(pickerMatches(entries, '')).toEqual([]);
    expect(pickerMatches(entries, 'nobody')).toEqual([]);
  });

  it('ranks an exact key first and shows at most 6', () => {
    expect(pickerMatches(entries, '明')).toHaveLength(6);
    expect(pickerMatches(entries, '陳明')[0]!.pk).toBe(104);
    expect(pickerScore(entries[5]!, '陳明')).toBeGreaterThan(pickerScore(entries[2]!, '明') ?? 0);
  });

  it('leaves out the club accounts for the human-only option', () => {
    expect(pickerMatches(entries, 'U000', { humanOnly: true })).toEqual([]);
    expect(pickerMatches(entries, 'U000').map((match) => match.pk)).toEqual([4, 10]);
  });
});
