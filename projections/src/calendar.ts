// The calendar read model: the live entries by pk (deleted ones leave), and each staff member's current
// personal feed generation (core/src/calendar/feed.ts).
import type { CalendarEntry } from '@club/core/calendar/decider';
import {
  CALENDAR_EVENT_TYPES,
  CALENDAR_FEED_EVENT_TYPES,
  type CalendarEvent,
  type CalendarFeedIssuedEvent,
} from '@club/core/calendar/events';
import type { Projection } from './runner.ts';

export interface CalendarModel {
  entries: Map<number, CalendarEntry>;
  feedGenerations: Map<number, number>;
}

export const calendarProjection: Projection<CalendarModel> = {
  handles: new Set([...CALENDAR_EVENT_TYPES, ...CALENDAR_FEED_EVENT_TYPES]),
  initial: () => ({ entries: new Map(), feedGenerations: new Map() }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CalendarEvent | CalendarFeedIssuedEvent;
    switch (event.type) {
      case 'CalendarEntryCreated':
      case 'CalendarEntryChanged': {
        const { byPk: _byPk, ...entry } = event.data;
        model.entries.set(entry.pk, entry);
        break;
      }
      case 'CalendarEntryDeleted':
        model.entries.delete(event.data.pk);
        break;
      case 'CalendarFeedIssued':
        model.feedGenerations.set(event.data.userPk, event.data.generation);
        break;
    }
    return model;
  },
};

/** The entries that touch the days from `firstDay` to `lastDay` (inclusive), staff-only ones if allowed. */
export function calendarEntriesBetween(
  model: CalendarModel,
  firstDay: string,
  lastDay: string,
  includeStaff: boolean,
): CalendarEntry[] {
  const found: CalendarEntry[] = [];
  for (const entry of model.entries.values())
    if (entry.end >= firstDay && entry.start <= lastDay && (includeStaff || !entry.staff)) found.push(entry);
  return found.sort((a, b) => (a.start !== b.start ? (a.start < b.start ? -1 : 1) : a.pk - b.pk));
}
