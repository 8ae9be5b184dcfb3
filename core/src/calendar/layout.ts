// The month grid and the bars on it (document 1: Calendar; document 3: 7 columns, up to 6 week rows).
// The grid starts on the Sunday on or before the 1st and has as many weeks as the month touches (4 to 6).
// An entry spanning weeks is split into one bar per week; within a week, bars take the lowest free lane,
// and entries are placed longest first (then earlier start, then lower pk), so long bars keep one lane
// through the weeks where they can and short ones fill the gaps. Pure: the web draws what this returns.
import { dateOfDayNumber, daysInMonth, dayNumber, firstOfMonth, weekdayOf } from './dates.ts';

export interface DatedEntry {
  pk: number;
  /** First day, 'YYYY-MM-DD'. */
  start: string;
  /** Last day (inclusive), not before start. */
  end: string;
}

export interface WeekBar<Entry extends DatedEntry> {
  entry: Entry;
  /** Columns 0 (Sunday) to 6 (Saturday), inclusive. */
  startColumn: number;
  endColumn: number;
  /** The row inside the week, from 0. */
  lane: number;
  /** The entry began in an earlier week (or before the grid) / goes on after this week. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

export interface GridWeek<Entry extends DatedEntry> {
  /** The week's seven dates, Sunday first. */
  days: string[];
  bars: WeekBar<Entry>[];
  /** How many lanes the bars use. */
  laneCount: number;
}

export interface MonthGrid<Entry extends DatedEntry> {
  year: number;
  month: number;
  /** The first and last date shown (a Sunday and a Saturday). */
  firstDay: string;
  lastDay: string;
  weeks: GridWeek<Entry>[];
}

/** The Sunday-first range of dates a month's grid shows. */
export function gridRange(year: number, month: number): { firstDay: string; lastDay: string; weeks: number } {
  const first = dayNumber(firstOfMonth(year, month));
  const gridStart = first - weekdayOf(first);
  const weeks = Math.ceil((first - gridStart + daysInMonth(year, month)) / 7);
  return { firstDay: dateOfDayNumber(gridStart), lastDay: dateOfDayNumber(gridStart + weeks * 7 - 1), weeks };
}

/** Longest first, then earlier start, then lower pk: the order bars are given lanes. */
export function layoutOrder<Entry extends DatedEntry>(a: Entry, b: Entry): number {
  const lengthA = dayNumber(a.end) - dayNumber(a.start);
  const lengthB = dayNumber(b.end) - dayNumber(b.start);
  if (lengthA !== lengthB) return lengthB - lengthA;
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  return a.pk - b.pk;
}

export function layoutMonth<Entry extends DatedEntry>(
  year: number,
  month: number,
  entries: readonly Entry[],
): MonthGrid<Entry> {
  const range = gridRange(year, month);
  const gridStart = dayNumber(range.firstDay);
  const ordered = entries
    .map((entry) => ({ entry, from: dayNumber(entry.start), to: dayNumber(entry.end) }))
    .filter(({ from, to }) => {
      if (to < from) throw new Error('a calendar entry ends before it starts');
      return true;
    })
    .sort((a, b) => layoutOrder(a.entry, b.entry));

  const weeks: GridWeek<Entry>[] = [];
  for (let week = 0; week < range.weeks; week++) {
    const weekStart = gridStart + week * 7;
    const weekEnd = weekStart + 6;
    const days = Array.from({ length: 7 }, (_, column) => dateOfDayNumber(weekStart + column));
    // occupied[lane][column]: a lane's columns already taken by a bar.
    const occupied: boolean[][] = [];
    const bars: WeekBar<Entry>[] = [];
    for (const { entry, from, to } of ordered) {
      if (to < weekStart || from > weekEnd) continue;
      const startColumn = Math.max(from, weekStart) - weekStart;
      const endColumn = Math.min(to, weekEnd) - weekStart;
      let lane = 0;
      while (occupied[lane]?.slice(startColumn, endColumn + 1).some(Boolean)) lane++;
      occupied[lane] ??= Array<boolean>(7).fill(false);
      for (let column = startColumn; column <= endColumn; column++) occupied[lane]![column] = true;
      bars.push({
        entry,
        startColumn,
        endColumn,
        lane,
        continuesBefore: from < weekStart,
        continuesAfter: to > weekEnd,
      });
    }
    weeks.push({ days, bars, laneCount: occupied.length });
  }
  return { year, month, firstDay: range.firstDay, lastDay: range.lastDay, weeks };
}

/**
 * The agenda a phone shows instead of the grid: the entries touching the month, by first day (entries
 * that began earlier first), longer ones first on the same day.
 */
export function monthAgenda<Entry extends DatedEntry>(
  year: number,
  month: number,
  entries: readonly Entry[],
): Entry[] {
  const first = firstOfMonth(year, month);
  const last = dateOfDayNumber(dayNumber(first) + daysInMonth(year, month) - 1);
  return entries
    .filter((entry) => entry.end >= first && entry.start <= last)
    .sort((a, b) => (a.start !== b.start ? (a.start < b.start ? -1 : 1) : layoutOrder(a, b)));
}
