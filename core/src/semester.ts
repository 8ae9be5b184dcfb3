// Semesters: the first runs 8/1–1/31, the second 2/1–7/31, in Taipei time (UTC+8, no daylight saving).
// Tags use the ROC year of the academic year's start: 2025-08-01..2026-01-31 is 114-1.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { isCanonicalIso } from './iso-instants.ts';

dayjs.extend(utc);

const TAIPEI_OFFSET_MINUTES = 8 * 60;
const ROC_YEAR_OFFSET = 1911;

export interface Semester {
  /** For example '115-1'. */
  tag: string;
  /** Inclusive start and exclusive end instants. */
  start: Date;
  end: Date;
}

const taipei = (instant: Date) => dayjs.utc(instant).utcOffset(TAIPEI_OFFSET_MINUTES);

/** Midnight Taipei time on the given calendar date, as an instant. */
const taipeiMidnight = (year: number, monthIndex: number, day: number): Date =>
  new Date(Date.UTC(year, monthIndex, day) - TAIPEI_OFFSET_MINUTES * 60_000);

function fromAcademicYear(startYear: number, term: 1 | 2): Semester {
  const tag = `${startYear - ROC_YEAR_OFFSET}-${term}`;
  return term === 1
    ? { tag, start: taipeiMidnight(startYear, 7, 1), end: taipeiMidnight(startYear + 1, 1, 1) }
    : { tag, start: taipeiMidnight(startYear + 1, 1, 1), end: taipeiMidnight(startYear + 1, 7, 1) };
}

/**
 * The last two semesters computed: nearly every call asks about now or the next semester, and the time
 * zone maths is the cost on a hot read path.
 */
const recentSemesters: Semester[] = [];

export function semesterOf(instant: Date): Semester {
  for (const semester of recentSemesters)
    if (instant >= semester.start && instant < semester.end) return semester;
  const semester = semesterAt(instant);
  recentSemesters.unshift(semester);
  recentSemesters.length = Math.min(recentSemesters.length, 2);
  return semester;
}

/**
 * A finder of the semester tags of ISO instants, for a scan over a log: it remembers the semester of the
 * last instant, so a run of instants in one semester (a log in time order) costs two string comparisons
 * each (iso-instants.ts); any other form is parsed. Statistics scan every record of years this way.
 */
export function semesterTagFinder(): (iso: string) => string {
  let startIso = '';
  let endIso = '';
  let tag = '';
  return (iso) => {
    if (isCanonicalIso(iso) && iso >= startIso && iso < endIso) return tag;
    const semester = semesterAt(new Date(iso));
    // An unreadable time gets what semesterOf gives it, and nothing to remember.
    if (Number.isNaN(semester.start.getTime())) return semester.tag;
    startIso = semester.start.toISOString();
    endIso = semester.end.toISOString();
    tag = semester.tag;
    return tag;
  };
}

function semesterAt(instant: Date): Semester {
  const local = taipei(instant);
  const month = local.month() + 1;
  const year = local.year();
  if (month >= 8) return fromAcademicYear(year, 1);
  if (month === 1) return fromAcademicYear(year - 1, 1);
  return fromAcademicYear(year - 1, 2);
}

export function parseSemesterTag(tag: string): Semester | null {
  const match = /^(\d{2,3})-([12])$/.exec(tag);
  if (!match) return null;
  return fromAcademicYear(Number(match[1]) + ROC_YEAR_OFFSET, Number(match[2]) as 1 | 2);
}

export const nextSemester = (semester: Semester): Semester => semesterOf(semester.end);
export const previousSemester = (semester: Semester): Semester =>
  semesterOf(new Date(semester.start.getTime() - 1));

/** Compares tags chronologically: negative when a is earlier. */
export function compareSemesterTags(a: string, b: string): number {
  const [ay, at] = a.split('-').map(Number);
  const [by, bt] = b.split('-').map(Number);
  return (ay ?? 0) - (by ?? 0) || (at ?? 0) - (bt ?? 0);
}

/** The Taipei calendar date of an instant, YYYY-MM-DD. */
export const taipeiDate = (instant: Date): string => taipei(instant).format('YYYY-MM-DD');

// --- Term and holidays ---
// The fee semesters above cover the whole year; classes do not. The spec's door rules close earlier "in
// the holidays" without giving their dates, so the portal fixes them here (docs/door.md): the winter
// holidays run 1/16 to 2/14 and the summer holidays 7/1 to 8/31, inclusive Taipei dates; every other
// day is term.

/** Inclusive Taipei month-day ranges of the holidays, as 'MM-DD'. */
export const HOLIDAY_PERIODS: readonly { readonly from: string; readonly to: string }[] = [
  { from: '01-16', to: '02-14' },
  { from: '07-01', to: '08-31' },
];

/** Whether an instant falls in term or in the holidays, by its Taipei calendar date. */
export function termOrHolidays(instant: Date): 'term' | 'holidays' {
  const monthDay = taipeiDate(instant).slice(5);
  return HOLIDAY_PERIODS.some(({ from, to }) => monthDay >= from && monthDay <= to) ? 'holidays' : 'term';
}

/** Minutes since Taipei midnight of an instant (0 to 1439). */
export function taipeiMinuteOfDay(instant: Date): number {
  const local = taipei(instant);
  return local.hour() * 60 + local.minute();
}
