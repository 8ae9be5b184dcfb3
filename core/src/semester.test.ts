import { describe, expect, it } from 'vitest';
import {
  compareSemesterTags,
  nextSemester,
  parseSemesterTag,
  semesterOf,
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
