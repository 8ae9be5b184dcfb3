// Calendar dates as 'YYYY-MM-DD' strings and whole day numbers (days since 1970-01-01), with no time zone:
// a calendar entry is a set of club days, and which day "today" is comes from the portal's clock in Taipei
// (semester.ts: taipeiDate).

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a valid 'YYYY-MM-DD', or null for anything else (including 2026-02-30). */
export function dayNumberOf(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms / DAY_MS;
}

/** The day number of a date the caller knows is valid. */
export function dayNumber(date: string): number {
  const day = dayNumberOf(date);
  if (day === null) throw new Error(`not a calendar date: ${date}`);
  return day;
}

export const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumber(date) + days);

/** 0 Sunday to 6 Saturday. */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The first day of a month. */
export const firstOfMonth = (year: number, month: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The years the calendar accepts in a path; anything else resets to the current month. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2200;

/** A year and month from path parameters, or null when either is not a valid one. */
export function parseYearMonth(year: string, month: string): { year: number; month: number } | null {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month)) return null;
  const y = Number(year);
  const m = Number(month);
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12) return null;
  return { year: y, month: m };
}

/** The month before or after (delta -1 or +1, or any whole number). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
