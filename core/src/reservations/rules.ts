// The reservation rules (document 2, sections 5 and 9): 15 days shown from today, 08:00 to 22:00 in
// 30-minute slots, Taipei time (UTC+8 all year, no daylight saving).

/** Days shown and bookable, today included. */
export const RESERVE_DAYS = 15;
export const SLOT_MINUTES = 30;
/** Minutes since Taipei midnight: the first slot starts at 08:00, the last ends at 22:00. */
export const DAY_START_MINUTE = 8 * 60;
export const DAY_END_MINUTE = 22 * 60;
/** The form's default range for a new reservation: 12:00 to 15:00. */
export const DEFAULT_RANGE: readonly [number, number] = [12 * 60, 15 * 60];
/** A clicked slot gives a range of this many minutes from it. */
export const CLICKED_SLOT_RANGE_MINUTES = 120;
/** The page refreshes its data this often. */
export const REFRESH_MS = 180_000;

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** 'YYYY-MM-DD' of the Taipei day of `instant`. */
export const taipeiDay = (instant: Date): string =>
  new Date(instant.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);

/** The instant of Taipei midnight starting `day` ('YYYY-MM-DD'). */
export const taipeiMidnightOf = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - TAIPEI_OFFSET_MS);

/** The instant `minute` minutes after Taipei midnight of `day`. */
export const instantOf = (day: string, minute: number): Date =>
  new Date(taipeiMidnightOf(day).getTime() + minute * 60_000);

/** The first bookable day (today in Taipei) and the day after the last. */
export function bookableWindow(now: Date): { first: string; end: string } {
  const first = taipeiDay(now);
  return { first, end: taipeiDay(new Date(taipeiMidnightOf(first).getTime() + RESERVE_DAYS * DAY_MS)) };
}

/** A slot's name in its claim stream: the Taipei wall-clock start as 'YYYYMMDDHHmm'. */
export const slotName = (instant: Date): string =>
  new Date(instant.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace(/[-T:]/g, '');

/** What a requested time range is, once checked. */
export interface CheckedRange {
  day: string;
  start: Date;
  end: Date;
  /** The slots it covers, as slot names. */
  slots: string[];
}

/**
 * invalid: not a day, not on half-hour boundaries, empty or reversed, or outside 08:00 to 22:00;
 * outofrange: the day is not one of the 15 bookable days, or the range has already ended.
 */
export type RangeRejection = 'invalid' | 'outofrange';

/** Checks a request's date and hourRange (minutes since midnight) against the rules at `now`. */
export function checkRange(
  day: string,
  hourRange: readonly [number, number],
  now: Date,
): CheckedRange | { rejected: RangeRejection } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    return { rejected: 'invalid' };
  if (taipeiDay(taipeiMidnightOf(day)) !== day) return { rejected: 'invalid' };
  const [from, to] = hourRange;
  if (!Number.isInteger(from) || !Number.isInteger(to)) return { rejected: 'invalid' };
  if (from % SLOT_MINUTES !== 0 || to % SLOT_MINUTES !== 0) return { rejected: 'invalid' };
  if (from < DAY_START_MINUTE || to > DAY_END_MINUTE || to <= from) return { rejected: 'invalid' };
  const window = bookableWindow(now);
  if (day < window.first || day >= window.end) return { rejected: 'outofrange' };
  const start = instantOf(day, from);
  const end = instantOf(day, to);
  if (end.getTime() <= now.getTime()) return { rejected: 'outofrange' };
  return { day, start, end, slots: slotsBetween(start, end) };
}

/** The slot names from `start` (inclusive) to `end` (exclusive). */
export function slotsBetween(start: Date, end: Date): string[] {
  const slots: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += SLOT_MINUTES * 60_000)
    slots.push(slotName(new Date(t)));
  return slots;
}

/** Room-slot keys ('room|slot') a reservation of these rooms over these slots holds. */
export const roomSlots = (rooms: readonly string[], slots: readonly string[]): string[] =>
  rooms.flatMap((room) => slots.map((slot) => `${room}|${slot}`));
