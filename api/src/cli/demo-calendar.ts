// The demo's calendar: a handful of entries this month and next (one over several days, one staff-only),
// created by the head through the calendar service, so the calendar page and its feeds are alive. Safe to
// run again: a calendar that already has entries is left as it is.
import { addDays, shiftMonth } from '@club/core/calendar/dates';
import type { CalendarInput } from '@club/core/calendar/decider';
import { taipeiDate } from '@club/core/semester';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

export async function loadDemoCalendar(services: PortalServices, headPk: number): Promise<void> {
  if (services.projections.models.calendar.entries.size > 0) return;
  const today = taipeiDate(services.now());
  const next = shiftMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
  const nextMonth = (day: number) =>
    `${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const entries: CalendarInput[] = [
    {
      title: '幹部例會\n社辦，帶學期預算表',
      start: addDays(today, 1),
      end: addDays(today, 1),
      colorindex: 7,
      staff: true,
    },
    { title: '期初社員大會', start: addDays(today, 3), end: addDays(today, 3), colorindex: 0, staff: false },
    { title: '暗房開放週', start: addDays(today, 5), end: addDays(today, 8), colorindex: 2, staff: false },
    { title: '外拍：陽明山', start: nextMonth(10), end: nextMonth(10), colorindex: 4, staff: false },
    { title: '期末社展', start: nextMonth(15), end: nextMonth(18), colorindex: 5, staff: false },
  ];
  for (const [index, input] of entries.entries()) {
    const created = await services.calendar.create(headPk, input, {
      ...cliContext(services, `demo-calendar-${index}`),
      actor: String(headPk),
    });
    if (!created.ok) throw new Error(`demo calendar entry refused: ${created.reason}`);
    await services.projections.waitFor(created.position);
  }
}
