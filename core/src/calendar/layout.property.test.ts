// Property tests of the month layout: for random months and random entries, no two bars share a lane and
// a column in one week, and every day of every entry inside the grid is covered by exactly one bar.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from './dates.ts';
import { type DatedEntry, gridRange, layoutMonth, monthAgenda } from './layout.ts';

const monthArb = fc.record({
  year: fc.integer({ min: 1990, max: 2100 }),
  month: fc.integer({ min: 1, max: 12 }),
});

/** Entries around the month: starting from 45 days before the 1st, up to 60 days long. */
const entriesArb = (year: number, month: number) =>
  fc
    .array(
      fc.record({ offset: fc.integer({ min: -45, max: 45 }), length: fc.integer({ min: 0, max: 60 }) }),
      {
        maxLength: 25,
      },
    )
    .map((specs) =>
      specs.map((spec, index): DatedEntry => {
        const start = addDays(`${year}-${String(month).padStart(2, '0')}-01`, spec.offset);
        return { pk: index + 1, start, end: addDays(start, spec.length) };
      }),
    );

const withEntries = monthArb.chain(({ year, month }) =>
  entriesArb(year, month).map((entries) => ({ year, month, entries })),
);

describe('month layout', () => {
  it('has 4 to 6 Sunday-first weeks that hold every day of the month', () => {
    fc.assert(
      fc.property(monthArb, ({ year, month }) => {
        const grid = layoutMonth(year, month, []);
        expect(grid.weeks.length).toBeGreaterThanOrEqual(4);
        expect(grid.weeks.length).toBeLessThanOrEqual(6);
        expect(new Date(`${grid.firstDay}T00:00:00Z`).getUTCDay()).toBe(0);
        const shown = grid.weeks.flatMap((week) => week.days);
        const first = `${year}-${String(month).padStart(2, '0')}-01`;
        expect(shown).toContain(first);
        expect(shown.indexOf(first)).toBeLessThan(7);
        const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
        // The last week holds the month's last day; a week more would be wholly the next month's.
        expect(shown.indexOf(addDays(next, -1))).toBeGreaterThanOrEqual(shown.length - 7);
        expect(gridRange(year, month).weeks).toBe(grid.weeks.length);
      }),
    );
  });

  it('never puts two bars on one lane and column of a week', () => {
    fc.assert(
      fc.property(withEntries, ({ year, month, entries }) => {
        for (const week of layoutMonth(year, month, entries).weeks) {
          const taken = new Set<string>();
          for (const bar of week.bars) {
            expect(bar.startColumn).toBeLessThanOrEqual(bar.endColumn);
            expect(bar.lane).toBeLessThan(week.laneCount);
            for (let column = bar.startColumn; column <= bar.endColumn; column++) {
              const cell = `${bar.lane}:${column}`;
              expect(taken.has(cell)).toBe(false);
              taken.add(cell);
            }
          }
        }
      }),
    );
  });

  it('covers every day of every entry inside the grid exactly once, and no other day', () => {
    fc.assert(
      fc.property(withEntries, ({ year, month, entries }) => {
        const grid = layoutMonth(year, month, entries);
        const covered = new Map<number, string[]>();
        for (const week of grid.weeks)
          for (const bar of week.bars)
            for (let column = bar.startColumn; column <= bar.endColumn; column++) {
              const days = covered.get(bar.entry.pk) ?? [];
              days.push(week.days[column]!);
              covered.set(bar.entry.pk, days);
            }
        for (const entry of entries) {
          const expected: string[] = [];
          for (let day = entry.start; day <= entry.end; day = addDays(day, 1))
            if (day >= grid.firstDay && day <= grid.lastDay) expected.push(day);
          expect((covered.get(entry.pk) ?? []).sort()).toEqual(expected);
        }
      }),
    );
  });

  it('marks bars that continue from or into another week', () => {
    fc.assert(
      fc.property(withEntries, ({ year, month, entries }) => {
        for (const week of layoutMonth(year, month, entries).weeks)
          for (const bar of week.bars) {
            expect(bar.continuesBefore).toBe(bar.entry.start < week.days[0]!);
            expect(bar.continuesAfter).toBe(bar.entry.end > week.days[6]!);
          }
      }),
    );
  });

  it('gives a longer entry a lane no higher than a shorter one starting the same week day', () => {
    // Longest first: the longest entry of a week always gets lane 0 at its first column.
    fc.assert(
      fc.property(withEntries, ({ year, month, entries }) => {
        for (const week of layoutMonth(year, month, entries).weeks) {
          if (week.bars.length === 0) continue;
          const length = (entry: DatedEntry) => dayNumber(entry.end) - dayNumber(entry.start);
          const longest = Math.max(...week.bars.map((bar) => length(bar.entry)));
          const first = week.bars.find((bar) => length(bar.entry) === longest)!;
          expect(first.lane).toBe(0);
        }
      }),
    );
  });

  it('lays out a three-day entry across a week boundary as two bars', () => {
    // November 2026 starts on a Sunday; Saturday 11-07 to Monday 11-09 crosses into the second week.
    const grid = layoutMonth(2026, 11, [{ pk: 1, start: '2026-11-07', end: '2026-11-09' }]);
    expect(grid.firstDay).toBe('2026-11-01');
    expect(grid.weeks.map((week) => week.bars.map((bar) => [bar.startColumn, bar.endColumn]))).toEqual([
      [[6, 6]],
      [[0, 1]],
      [],
      [],
      [],
    ]);
  });

  it('lists the agenda by first day, longer first on the same day, only entries touching the month', () => {
    const agenda = monthAgenda(2026, 11, [
      { pk: 1, start: '2026-11-10', end: '2026-11-10' },
      { pk: 2, start: '2026-11-10', end: '2026-11-12' },
      { pk: 3, start: '2026-10-30', end: '2026-11-01' },
      { pk: 4, start: '2026-12-01', end: '2026-12-02' },
    ]);
    expect(agenda.map((entry) => entry.pk)).toEqual([3, 2, 1]);
  });
});
