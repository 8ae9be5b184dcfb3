// The iCal documents of the calendar feeds, written with ical-generator. Entries are whole club days, so
// each is an all-day VEVENT (DTSTART;VALUE=DATE) whose DTEND is the day after its last day (RFC 5545: the
// end of an all-day event is exclusive). The dates are the club's own (Taipei) days, written floating
// with no time zone conversion; X-WR-TIMEZONE tells clients the calendar's zone.
import { addDays } from '@club/core/calendar/dates';
import type { CalendarEntry } from '@club/core/calendar/decider';
import ical from 'ical-generator';

/** Midnight UTC of a date: ical-generator writes an all-day date from the UTC fields when no zone is set. */
const utcMidnight = (date: string) => new Date(`${date}T00:00:00.000Z`);

export function calendarIcs(
  entries: readonly CalendarEntry[],
  options: { name: string; host: string; stamp: Date },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'photography club portal', product: 'calendar', language: 'ZH' },
    // Clients poll a subscription; hourly is enough for a club calendar.
    ttl: 60 * 60,
    x: [['X-WR-TIMEZONE', 'Asia/Taipei']],
  });
  for (const entry of entries) {
    const [summary, ...rest] = entry.title.split('\n');
    calendar.createEvent({
      id: `calendar-entry-${entry.pk}@${options.host}`,
      allDay: true,
      start: utcMidnight(entry.start),
      end: utcMidnight(addDays(entry.end, 1)),
      summary: summary ?? entry.title,
      description: rest.length > 0 ? entry.title : null,
      stamp: options.stamp,
    });
  }
  return calendar.toString();
}
