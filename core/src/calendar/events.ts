// Club calendar entries (document 1: Calendar, calendar event; document 3: calendar colours). Each entry is
// a stream `calendar-entry-{pk}`: created, then changed any number of times, then deleted. Entries are whole
// days in the club's time zone (Asia/Taipei): start and end are calendar dates 'YYYY-MM-DD', end inclusive.
// Personal feed tokens (the iCal feed for staff, docs/calendar.md) are a stream `calendar-feed-{userPk}`.
import { z } from 'zod';

export const calendarEntryStream = (pk: number): string => `calendar-entry-${pk}`;
export const calendarFeedStream = (userPk: number): string => `calendar-feed-${userPk}`;

/** Colours 0 to 6 are for public entries; 7 is reserved for staff-only entries (document 3). */
export const PUBLIC_COLOURS = 7;
export const STAFF_COLOUR = 7;
/** The longest title kept (the spec's field is multi-line text; this bounds it). */
export const MAX_TITLE_LENGTH = 500;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What the form saves: title, first and last day (inclusive), colour index, staff-only. */
export const calendarFieldsSchema = z.object({
  title: z.string().min(1).max(MAX_TITLE_LENGTH),
  start: isoDate,
  end: isoDate,
  colorindex: z.number().int().min(0).max(STAFF_COLOUR),
  staff: z.boolean(),
});
export type CalendarFields = z.infer<typeof calendarFieldsSchema>;

export const calendarEntryCreatedSchema = z.object({
  type: z.literal('CalendarEntryCreated'),
  data: calendarFieldsSchema.extend({ pk: z.number().int().positive(), byPk: z.number().int() }),
});
export const calendarEntryChangedSchema = z.object({
  type: z.literal('CalendarEntryChanged'),
  data: calendarFieldsSchema.extend({ pk: z.number().int().positive(), byPk: z.number().int() }),
});
export const calendarEntryDeletedSchema = z.object({
  type: z.literal('CalendarEntryDeleted'),
  data: z.object({ pk: z.number().int().positive(), byPk: z.number().int() }),
});

export const calendarEventSchema = z.discriminatedUnion('type', [
  calendarEntryCreatedSchema,
  calendarEntryChangedSchema,
  calendarEntryDeletedSchema,
]);
export type CalendarEntryCreatedEvent = z.infer<typeof calendarEntryCreatedSchema>;
export type CalendarEntryChangedEvent = z.infer<typeof calendarEntryChangedSchema>;
export type CalendarEntryDeletedEvent = z.infer<typeof calendarEntryDeletedSchema>;
export type CalendarEvent = CalendarEntryCreatedEvent | CalendarEntryChangedEvent | CalendarEntryDeletedEvent;

export const CALENDAR_EVENT_TYPES = new Set<string>([
  'CalendarEntryCreated',
  'CalendarEntryChanged',
  'CalendarEntryDeleted',
]);

/**
 * A staff member's personal feed: the feed URL's token is derived from the portal's secret, the user and
 * this generation, so the log holds no secret; issuing a new generation revokes the old URL.
 */
export const calendarFeedIssuedSchema = z.object({
  type: z.literal('CalendarFeedIssued'),
  data: z.object({ userPk: z.number().int().positive(), generation: z.number().int().positive() }),
});
export type CalendarFeedIssuedEvent = z.infer<typeof calendarFeedIssuedSchema>;
export const CALENDAR_FEED_EVENT_TYPES = new Set<string>(['CalendarFeedIssued']);
