// The reservation grid's pure parts: the 15 days, the slots of a day, who holds each room-slot, the form's
// defaults and checks, and the auto-exclusion of rooms already booked in the chosen range (document 2,
// sections 5 and 8).
import {
  CLICKED_SLOT_RANGE_MINUTES,
  DAY_END_MINUTE,
  DAY_START_MINUTE,
  DEFAULT_RANGE,
  instantOf,
  RESERVE_DAYS,
  SLOT_MINUTES,
  taipeiDay,
} from '@club/core/reservations/rules';

export interface GridReservation {
  pk: string;
  room: string[];
  startmoment: string;
  endmoment: string;
}

/** The 15 days from the first ('YYYY-MM-DD', Taipei). */
export function daysFrom(startDateMoment: string): string[] {
  const first = Date.parse(startDateMoment);
  return Array.from({ length: RESERVE_DAYS }, (_, index) =>
    taipeiDay(new Date(first + index * 86_400_000 + 3600_000)),
  );
}

/** Slot starts of a day, minutes since midnight: 480, 510, ..., 1290. */
export const slotMinutes: readonly number[] = Array.from(
  { length: (DAY_END_MINUTE - DAY_START_MINUTE) / SLOT_MINUTES },
  (_, index) => DAY_START_MINUTE + index * SLOT_MINUTES,
);

export const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The reservation holding `room` at the slot starting `minute` of `day`, if any. */
export function holderOf<R extends GridReservation>(
  list: readonly R[],
  room: string,
  day: string,
  minute: number,
): R | undefined {
  const at = instantOf(day, minute).getTime();
  return list.find(
    (row) => row.room.includes(room) && Date.parse(row.startmoment) <= at && at < Date.parse(row.endmoment),
  );
}

/** A new reservation's range: 12:00-15:00, or 2 hours from a clicked slot (cut at 22:00). */
export function defaultRange(clickedMinute?: number): [number, number] {
  if (clickedMinute === undefined) return [DEFAULT_RANGE[0], DEFAULT_RANGE[1]];
  return [clickedMinute, Math.min(DAY_END_MINUTE, clickedMinute + CLICKED_SLOT_RANGE_MINUTES)];
}

/** The range of a reservation on its day, minutes since Taipei midnight. */
export function rangeOf(row: GridReservation): { day: string; range: [number, number] } {
  const day = taipeiDay(new Date(row.startmoment));
  const midnight = instantOf(day, 0).getTime();
  return {
    day,
    range: [
      (Date.parse(row.startmoment) - midnight) / 60_000,
      (Date.parse(row.endmoment) - midnight) / 60_000,
    ],
  };
}

/** Rooms among `rooms` that another reservation (not `ownPk`) holds at some slot of the range. */
export function bookedRooms(
  list: readonly GridReservation[],
  rooms: readonly string[],
  day: string,
  range: readonly [number, number],
  ownPk: string | null,
): string[] {
  const others = list.filter((row) => row.pk !== ownPk);
  return rooms.filter((room) =>
    slotMinutes.some(
      (minute) => minute >= range[0] && minute < range[1] && holderOf(others, room, day, minute),
    ),
  );
}

export type FormProblem = 'notime' | 'noroom';

/** The spec's order: time first ('please choose time'), then rooms ('please choose space/equipment'). */
export function formProblem(range: readonly [number, number], rooms: readonly string[]): FormProblem | null {
  if (range[1] <= range[0]) return 'notime';
  if (rooms.length === 0) return 'noroom';
  return null;
}
