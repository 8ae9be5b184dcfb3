// The club calendar (document 1: Calendar, calendar event, calls; document 3: colours) and its iCal feeds
// (beyond the spec; docs/calendar.md). The month is public; staff-only entries only reach staff.
import { z } from 'zod';
import { endpoint, failSchema, looseNumberSchema, okSchema, requestIdSchema } from './shared.ts';

/** A calendar event as the spec names its fields; start and end are dates, end inclusive. */
export const calendarEntrySchema = z.object({
  pk: z.number(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  /** 0 to 6 public colours; 7 staff-only. */
  colorindex: z.number(),
  staff: z.boolean(),
});

/**
 * Reasons of a save: 'missing' (title, start or end empty: the page's '資料有少'), 'baddate' (not a date),
 * 'order' (start after end), 'colour' (public entries take 0 to 6), 'toolong' (title over 500 characters),
 * 'notfound' (no such entry, or deleted), 'mismatch' (a request id reused for another form).
 */
export const calendarReasons = [
  'missing',
  'baddate',
  'order',
  'colour',
  'toolong',
  'notfound',
  'mismatch',
] as const;

export const calendarMonth = endpoint({
  method: 'GET',
  path: '/calendar/:year/:month',
  /** Any text: a year or month that is not a valid one resets to the current month (document 1). */
  params: z.object({ year: z.string().max(20), month: z.string().max(20) }),
  ok: okSchema.extend({
    /** The entries touching the month's grid (its leading and trailing days too). */
    loglist: z.array(calendarEntrySchema),
    /** The first day of the month shown, 'YYYY-MM-DD'. */
    dateSelectedmoment: z.string(),
    year: z.number(),
    month: z.number(),
    /** Today in Taipei, 'YYYY-MM-DD'. */
    today: z.string(),
    /** The parameters were not a valid month, so the current month is shown. */
    reset: z.boolean(),
    /** Whether the viewer may create, edit and delete (active staff). */
    canedit: z.boolean(),
  }),
  fail: failSchema,
});

/** The form as the page sends it; every field may be missing (answered 'missing', not 400). */
const calendarFormSchema = z.object({
  title: z.string().max(5000).optional(),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
  colorindex: looseNumberSchema.optional(),
  staff: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  requestId: requestIdSchema,
});

export const createCalendarEntry = endpoint({
  method: 'POST',
  path: '/admin/calendar',
  body: calendarFormSchema.extend({ pk: z.literal('new').optional() }),
  ok: okSchema.extend({ pk: z.number() }),
  fail: failSchema,
});

export const changeCalendarEntry = endpoint({
  method: 'PUT',
  path: '/admin/calendar',
  body: calendarFormSchema.extend({ pk: looseNumberSchema }),
  ok: okSchema.extend({ pk: z.number() }),
  fail: failSchema,
});

/** The spec sends the whole event as the body; only its pk is read. */
export const deleteCalendarEntry = endpoint({
  method: 'DELETE',
  path: '/admin/calendar',
  body: z.object({ pk: looseNumberSchema }).passthrough(),
  ok: okSchema.extend({ pk: z.number() }),
  fail: failSchema,
});

/** The public iCal feed: public entries only (text/calendar). */
export const publicCalendarFeed = endpoint({
  method: 'GET',
  path: '/calendar.ics',
  ok: z.unknown().describe('an iCalendar (RFC 5545) document'),
});

/** A staff member's personal feed, staff-only entries included; `file` is '{token}.ics'. */
export const personalCalendarFeed = endpoint({
  method: 'GET',
  path: '/calendar/feed/:file',
  params: z.object({ file: z.string().max(100) }),
  ok: z.unknown().describe('an iCalendar (RFC 5545) document'),
  fail: failSchema,
});

/** The viewer's personal feed path, or null before one was made. */
export const myCalendarFeed = endpoint({
  method: 'GET',
  path: '/admin/calendar/feed',
  ok: okSchema.extend({ path: z.string().nullable() }),
  fail: failSchema,
});

/** Makes a new personal feed path for the viewer; the previous one stops working. */
export const renewCalendarFeed = endpoint({
  method: 'POST',
  path: '/admin/calendar/feed',
  body: z.object({}).passthrough(),
  ok: okSchema.extend({ path: z.string() }),
  fail: failSchema,
});
