// The door's opening hours (document 1, section 9): the club room closes at 22:00 in term and at 17:00 in
// the holidays, and members must leave 10 minutes before closing, so a member cannot open the door in the
// last 10 minutes. The opening time is not in the spec: the portal opens the door from 08:00 (docs/door.md).
// All times are Taipei wall-clock times; term and holidays come from core/src/semester.ts.
import { taipeiMinuteOfDay, termOrHolidays } from '../semester.ts';

/** 08:00: the first minute the door may be opened. */
export const DOOR_OPENS_AT_MINUTE = 8 * 60;
/** 22:00 in term. */
export const TERM_CLOSES_AT_MINUTE = 22 * 60;
/** 17:00 in the holidays. */
export const HOLIDAYS_CLOSES_AT_MINUTE = 17 * 60;
/** Members leave this long before closing, so they cannot open the door in that time. */
export const MEMBERS_LEAVE_BEFORE_CLOSING_MINUTES = 10;

/**
 * Why a person may open the door: as a member, or through the `opendoor` authority (which is held by
 * people who look after the room, so the members' 10-minute rule does not bind them).
 */
export type DoorOpener = 'member' | 'authority';

export interface OpeningWindow {
  period: 'term' | 'holidays';
  /** Minutes since Taipei midnight: the door may be opened from `opensAtMinute` until before `lastMinute`. */
  opensAtMinute: number;
  closesAtMinute: number;
  /** The end (exclusive) of the time this opener may open the door. */
  lastMinute: number;
}

/** The day's opening window for `opener`, in the period (term or holidays) of `now`. */
export function openingWindow(now: Date, opener: DoorOpener): OpeningWindow {
  const period = termOrHolidays(now);
  const closesAtMinute = period === 'term' ? TERM_CLOSES_AT_MINUTE : HOLIDAYS_CLOSES_AT_MINUTE;
  const lastMinute =
    opener === 'member' ? closesAtMinute - MEMBERS_LEAVE_BEFORE_CLOSING_MINUTES : closesAtMinute;
  return { period, opensAtMinute: DOOR_OPENS_AT_MINUTE, closesAtMinute, lastMinute };
}

/** Whether `opener` may open the door at `now` (08:00 inclusive, the last minute exclusive). */
export function withinOpeningHours(now: Date, opener: DoorOpener): boolean {
  const window = openingWindow(now, opener);
  const minute = taipeiMinuteOfDay(now);
  return minute >= window.opensAtMinute && minute < window.lastMinute;
}
