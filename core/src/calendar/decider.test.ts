import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type CalendarCommand, type CalendarInput, calendarDecider, checkCalendarInput } from './decider.ts';
import type { CalendarEvent } from './events.ts';

const form: CalendarInput = {
  title: ' 暗房講座 ',
  start: '2026-11-24',
  end: '2026-11-26',
  colorindex: 3,
  staff: false,
};
const created: CalendarEvent = {
  type: 'CalendarEntryCreated',
  data: {
    pk: 5,
    byPk: 1,
    title: '暗房講座',
    start: '2026-11-24',
    end: '2026-11-26',
    colorindex: 3,
    staff: false,
  },
};

/** Given these events, when this command, then: the decision. */
const given = (events: CalendarEvent[], command: CalendarCommand) =>
  calendarDecider.decide(command, fold(calendarDecider, events), new Date('2026-11-23T01:00:00Z'));

describe('calendar form rules', () => {
  it.each([
    ['title', { title: '  ' }],
    ['start', { start: '' }],
    ['end', { end: ' ' }],
  ])('a missing %s is 資料有少 (missing)', (_field, change) => {
    expect(checkCalendarInput({ ...form, ...change })).toEqual({ rejected: 'missing' });
  });

  it('refuses a start after the end, and dates that do not exist', () => {
    expect(checkCalendarInput({ ...form, start: '2026-11-27' })).toEqual({ rejected: 'order' });
    expect(checkCalendarInput({ ...form, end: '2026-02-30' })).toEqual({ rejected: 'baddate' });
    expect(checkCalendarInput({ ...form, start: '24/11/2026' })).toEqual({ rejected: 'baddate' });
  });

  it('accepts a one-day entry (start equals end)', () => {
    expect(checkCalendarInput({ ...form, end: form.start })).toMatchObject({
      start: '2026-11-24',
      end: '2026-11-24',
    });
  });

  it('stores staff-only entries in colour 7 whatever colour was sent', () => {
    expect(checkCalendarInput({ ...form, staff: true, colorindex: 2 })).toMatchObject({
      colorindex: 7,
      staff: true,
    });
  });

  it('keeps colour 7 for staff-only entries: a public entry in 7 (or out of range) is refused', () => {
    expect(checkCalendarInput({ ...form, colorindex: 7 })).toEqual({ rejected: 'colour' });
    expect(checkCalendarInput({ ...form, colorindex: -1 })).toEqual({ rejected: 'colour' });
    expect(checkCalendarInput({ ...form, colorindex: 1.5 })).toEqual({ rejected: 'colour' });
  });

  it('trims the title and keeps its inner line breaks', () => {
    expect(checkCalendarInput({ ...form, title: ' 第一行\r\n第二行 ' })).toMatchObject({
      title: '第一行\n第二行',
    });
  });
});

describe('calendar entry decider', () => {
  it('creates an entry with the checked fields', () => {
    expect(given([], { type: 'CreateEntry', pk: 5, byPk: 1, input: form })).toEqual([created]);
  });

  it('treats a retried create as a no-op, and other content on the same pk as a mismatch', () => {
    expect(given([created], { type: 'CreateEntry', pk: 5, byPk: 1, input: form })).toEqual([]);
    expect(given([created], { type: 'CreateEntry', pk: 5, byPk: 1, input: { ...form, title: 'x' } })).toEqual(
      {
        rejected: 'mismatch',
      },
    );
  });

  it('changes an entry, and changing nothing records nothing', () => {
    expect(
      given([created], { type: 'ChangeEntry', pk: 5, byPk: 2, input: { ...form, staff: true } }),
    ).toEqual([
      { type: 'CalendarEntryChanged', data: { ...created.data, byPk: 2, colorindex: 7, staff: true } },
    ]);
    expect(given([created], { type: 'ChangeEntry', pk: 5, byPk: 2, input: form })).toEqual([]);
  });

  it('refuses to change or delete an entry that does not exist; deleting twice is a no-op', () => {
    const deleted: CalendarEvent = { type: 'CalendarEntryDeleted', data: { pk: 5, byPk: 1 } };
    expect(given([], { type: 'ChangeEntry', pk: 5, byPk: 1, input: form })).toEqual({ rejected: 'notfound' });
    expect(given([], { type: 'DeleteEntry', pk: 5, byPk: 1 })).toEqual({ rejected: 'notfound' });
    expect(given([created], { type: 'DeleteEntry', pk: 5, byPk: 1 })).toEqual([deleted]);
    expect(given([created, deleted], { type: 'DeleteEntry', pk: 5, byPk: 1 })).toEqual([]);
    expect(given([created, deleted], { type: 'ChangeEntry', pk: 5, byPk: 1, input: form })).toEqual({
      rejected: 'notfound',
    });
  });
});
