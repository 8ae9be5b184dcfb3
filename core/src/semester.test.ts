import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSemesterTags,
  nextSemester,
  parseSemesterTag,
  semesterOf,
  semesterTagFinder,
  taipeiDate,
  taipeiMinuteOfDay,
  termOrHolidays,
} from './semester.ts';

describe('semesterOf', () => {
  it('tags the first term from August to January in the ROC year of its start', () => {
    expect(semesterOf(new Date('2026-11-22T04:00:00Z')).tag).toBe('115-1');
    expect(semesterOf(new Date('2025-08-01T00:00:00+08:00')).tag).toBe('114-1');
    expect(semesterOf(new Date('2026-01-31T23:59:59+08:00')).tag).toBe('114-1');
  });

  it('tags February to July as the second term, switching at Taipei midnight', () => {
    expect(semesterOf(new Date('2026-02-01T00:00:00+08:00')).tag).toBe('114-2');
    // 2026-01-31T16:30Z is already 2026-02-01 00:30 in Taipei.
    expect(semesterOf(new Date('2026-01-31T16:30:00Z')).tag).toBe('114-2');
    expect(semesterOf(new Date('2026-07-31T23:00:00+08:00')).tag).toBe('114-2');
    expect(semesterOf(new Date('2026-08-01T00:00:00+08:00')).tag).toBe('115-1');
  });

  it('gives start and end instants, and the next semester', () => {
    const semester = semesterOf(new Date('2026-11-22T04:00:00Z'));
    expect(semester.start.toISOString()).toBe('2026-07-31T16:00:00.000Z');
    expect(semester.end.toISOString()).toBe('2027-01-31T16:00:00.000Z');
    expect(nextSemester(semester).tag).toBe('115-2');
    expect(nextSemester(nextSemester(semester)).tag).toBe('116-1');
  });

  it('parses tags and orders them', () => {
    expect(parseSemesterTag('114-2')?.start.toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(parseSemesterTag('114-3')).toBeNull();
    expect(compareSemesterTags('114-2', '115-1')).toBeLessThan(0);
    expect(compareSemesterTags('99-1', '100-1')).toBeLessThan(0);
    expect(taipeiDate(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02-01');
  });
});

describe('termOrHolidays', () => {
  it('puts 1/16 to 2/14 and 7/1 to 8/31 (Taipei dates) in the holidays, the rest in term', () => {
    expect(termOrHolidays(new Date('2026-01-15T23:59:00+08:00'))).toBe('term');
    expect(termOrHolidays(new Date('2026-01-16T00:00:00+08:00'))).toBe('holidays');
    expect(termOrHolidays(new Date('2026-02-14T23:59:00+08:00'))).toBe('holidays');
    expect(termOrHolidays(new Date('2026-02-15T00:00:00+08:00'))).toBe('term');
    expect(termOrHolidays(new Date('2026-06-30T12:00:00+08:00'))).toBe('term');
    expect(termOrHolidays(new Date('2026-07-01T00:00:00+08:00'))).toBe('holidays');
    expect(termOrHolidays(new Date('2026-08-31T23:59:00+08:00'))).toBe('holidays');
    expect(termOrHolidays(new Date('2026-09-01T00:00:00+08:00'))).toBe('term');
  });

  it('judges by the Taipei date, not the UTC one', () => {
    // 2026-06-30T16:30Z is already 7/1 00:30 in Taipei.
    expect(termOrHolidays(new Date('2026-06-30T16:30:00Z'))).toBe('holidays');
    expect(taipeiMinuteOfDay(new Date('2026-06-30T16:30:00Z'))).toBe(30);
  });
});

describe('semesterTagFinder', () => {
  // Semester boundaries of several years, a millisecond either side, in every written form a store could
  // hold: toISOString's, without milliseconds, and with an offset instead of Z.
  const boundaries = [2022, 2023, 2024, 2025, 2026, 2027].flatMap((year) =>
    [`${year}-07-31T16:00:00.000Z`, `${year}-01-31T16:00:00.000Z`].flatMap((iso) => {
      const ms = Date.parse(iso);
      return [ms - 1, ms, ms + 1];
    }),
  );
  const forms = (ms: number): string[] => {
    const iso = new Date(ms).toISOString();
    const taipei = new Date(ms + 8 * 3600_000).toISOString().replace('Z', '+08:00');
    return [iso, iso.replace(/\.\d{3}Z$/, 'Z'), taipei];
  };

  it('gives every instant the tag semesterOf gives, at the boundaries and in any order', () => {
    const instant = fc.oneof(
      fc.constantFrom(...boundaries),
      fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2030-01-01') }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.integer({ min: 0, max: 2 })), { maxLength: 60 }), (items) => {
        const find = semesterTagFinder();
        for (const [ms, form] of items) {
          const iso = forms(ms)[form]!;
          expect(find(iso)).toBe(semesterOf(new Date(iso)).tag);
        }
      }),
    );
  });

  it('answers an unreadable time as semesterOf does, without throwing, and goes on finding', () => {
    const find = semesterTagFinder();
    expect(find('2026-12-06T05:04:30.994Z')).toBe('115-1');
    expect(find('not a time')).toBe(semesterOf(new Date('not a time')).tag);
    expect(find('2026-12-06T05:04:30.994Z')).toBe('115-1');
  });

  it('ends a semester at its end instant, not a millisecond later', () => {
    const find = semesterTagFinder();
    expect(find('2026-07-31T15:59:59.999Z')).toBe('114-2');
    expect(find('2026-07-31T16:00:00.000Z')).toBe('115-1');
    expect(find('2026-07-31T15:59:59.999Z')).toBe('114-2');
  });
});
