// The decider of one calendar entry (stream `calendar-entry-{pk}`) and the form rules it applies
// (document 1: calendar save, calendar form). The spec leaves server-side checks open ("not shown"); the
// portal applies the form's own rules on the server too, so a hand-made request cannot store what the
// page could not: title, start and end required ('missing', the page's '資料有少'), real dates, start not
// after end ('order'), staff-only entries always colour 7 and public ones 0 to 6 ('colour').
import { assertNever, type Decider, reject, type Rejection } from '../decider.ts';
import { dayNumberOf } from './dates.ts';
import {
  type CalendarEvent,
  type CalendarFields,
  MAX_TITLE_LENGTH,
  PUBLIC_COLOURS,
  STAFF_COLOUR,
} from './events.ts';

/** The form as sent: any of it may be missing or wrong. */
export interface CalendarInput {
  title: string;
  start: string;
  end: string;
  colorindex: number;
  staff: boolean;
}

/** A calendar entry as the state and the read model keep it. */
export interface CalendarEntry extends CalendarFields {
  pk: number;
}

export type CalendarRejection =
  | 'missing'
  | 'baddate'
  | 'order'
  | 'colour'
  | 'toolong'
  | 'notfound'
  | 'mismatch';

export type CalendarState =
  | { status: 'absent' }
  | { status: 'active'; entry: CalendarEntry }
  | { status: 'deleted'; entry: CalendarEntry };

export type CalendarCommand =
  | { type: 'CreateEntry'; pk: number; byPk: number; input: CalendarInput }
  | { type: 'ChangeEntry'; pk: number; byPk: number; input: CalendarInput }
  | { type: 'DeleteEntry'; pk: number; byPk: number };

/**
 * The form rules: the fields to store, or why not. Titles are trimmed (line breaks inside are kept);
 * choosing staff-only stores colour 7 whatever colour was sent, as the form itself does.
 */
export function checkCalendarInput(input: CalendarInput): CalendarFields | Rejection<CalendarRejection> {
  const title = input.title.replace(/\r\n?/g, '\n').trim();
  const start = input.start.trim();
  const end = input.end.trim();
  if (title === '' || start === '' || end === '') return reject('missing');
  if (title.length > MAX_TITLE_LENGTH) return reject('toolong');
  const from = dayNumberOf(start);
  const to = dayNumberOf(end);
  if (from === null || to === null) return reject('baddate');
  if (from > to) return reject('order');
  if (input.staff) return { title, start, end, colorindex: STAFF_COLOUR, staff: true };
  if (!Number.isInteger(input.colorindex) || input.colorindex < 0 || input.colorindex >= PUBLIC_COLOURS)
    return reject('colour');
  return { title, start, end, colorindex: input.colorindex, staff: false };
}

const sameFields = (a: CalendarFields, b: CalendarFields) =>
  a.title === b.title &&
  a.start === b.start &&
  a.end === b.end &&
  a.colorindex === b.colorindex &&
  a.staff === b.staff;

function decide(
  command: CalendarCommand,
  state: CalendarState,
): CalendarEvent[] | Rejection<CalendarRejection> {
  switch (command.type) {
    case 'CreateEntry': {
      const fields = checkCalendarInput(command.input);
      if ('rejected' in fields) return fields;
      // A retried create finds its own entry: the same content is a no-op, other content a mismatch.
      if (state.status !== 'absent') return sameFields(state.entry, fields) ? [] : reject('mismatch');
      return [{ type: 'CalendarEntryCreated', data: { ...fields, pk: command.pk, byPk: command.byPk } }];
    }
    case 'ChangeEntry': {
      if (state.status !== 'active') return reject('notfound');
      const fields = checkCalendarInput(command.input);
      if ('rejected' in fields) return fields;
      if (sameFields(state.entry, fields)) return [];
      return [{ type: 'CalendarEntryChanged', data: { ...fields, pk: command.pk, byPk: command.byPk } }];
    }
    case 'DeleteEntry':
      if (state.status === 'absent') return reject('notfound');
      if (state.status === 'deleted') return [];
      return [{ type: 'CalendarEntryDeleted', data: { pk: command.pk, byPk: command.byPk } }];
    default:
      return assertNever(command);
  }
}

const entryOf = (data: CalendarFields & { pk: number }): CalendarEntry => ({
  pk: data.pk,
  title: data.title,
  start: data.start,
  end: data.end,
  colorindex: data.colorindex,
  staff: data.staff,
});

function evolve(state: CalendarState, event: CalendarEvent): CalendarState {
  switch (event.type) {
    case 'CalendarEntryCreated':
    case 'CalendarEntryChanged':
      return { status: 'active', entry: entryOf(event.data) };
    case 'CalendarEntryDeleted':
      return state.status === 'active' ? { status: 'deleted', entry: state.entry } : state;
    default:
      return state;
  }
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState, CalendarRejection> = {
  initialState: () => ({ status: 'absent' }),
  decide: (command, state) => decide(command, state),
  evolve,
};
