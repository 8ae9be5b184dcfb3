// A point record's status is a pure function of its stored times and `now`, so no job has to move
// records from 'not yet effective' to 'valid' to 'expired'. The decider state and the read models keep
// `effectiveAt` and `expiresAt` (ISO-8601 UTC instants) and compute the status when asked.

import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { isCanonicalIso } from '../iso-instants.ts';

dayjs.extend(utc);

/** 0 review failed (審核未通過), 1 not yet effective (尚未生效), 2 valid (有效), 3 expired (已過期). */
export type PointStatus = 0 | 1 | 2 | 3;

export const PointStatuses = {
  invalid: 0,
  pending: 1,
  valid: 2,
  expired: 3,
} as const satisfies Record<string, PointStatus>;

/** A member's request takes effect this long after it is made (spec: 'after three days'). */
export const MEMBER_REQUEST_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

/** Months a point stays valid after it takes effect (spec: 'last half a year'). */
export const VALIDITY_MONTHS = 6;

// Taiwan has kept UTC+8 without daylight saving since 1979, so a fixed offset is exact for every
// instant this portal will see and needs no time-zone database.
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** What the status depends on; both the decider state and the read models have these fields. */
export interface PointTiming {
  /** True once the point authority set the record invalid (and has not set it valid since). */
  invalidated: boolean;
  /** ISO-8601 instant from which the points count. */
  effectiveAt: string;
  /** ISO-8601 instant from which they no longer count; always `pointExpiresAt(effectiveAt)`. */
  expiresAt: string;
}

/**
 * When a new record takes effect: at once when entered by a holder of the 'point' authority, otherwise
 * exactly 72 hours after it was requested (three days as elapsed time, not three calendar dates).
 */
export const pointEffectiveAt = (requestedAt: Date, byPointAuthority: boolean): Date =>
  byPointAuthority
    ? new Date(requestedAt.getTime())
    : new Date(requestedAt.getTime() + MEMBER_REQUEST_DELAY_MS);

/**
 * When points that took effect at `effectiveAt` expire. 'Half a year' is read as 6 calendar months on
 * the Taipei wall clock (UTC+8), the way a member reads it: effective 2026-03-15 10:00 expires
 * 2026-09-15 10:00 Taipei time. Calendar months rather than 182 days so the expiry a member is told
 * falls on the same day of the month.
 *
 * When that day does not exist in the target month (effective on 08-31; February has no 31st), the
 * points last through the month's last day and expire at 00:00 of the next month's first day. Clamping
 * to the last day at the same clock time instead would let a record made effective a minute later
 * expire almost a day earlier (08-30 23:59 -> 02-28 23:59, but 08-31 00:00 -> 02-28 00:00); this way
 * a later effective time never gives an earlier expiry.
 */
export const pointExpiresAt = (effectiveAt: Date): Date => {
  const wallClock = dayjs.utc(effectiveAt.getTime() + TAIPEI_OFFSET_MS);
  const sixMonthsOn = wallClock.add(VALIDITY_MONTHS, 'month');
  // dayjs clamps a missing day to the month's last day; detect that and move to the next month's start.
  const expiry =
    sixMonthsOn.date() === wallClock.date() ? sixMonthsOn : sixMonthsOn.startOf('month').add(1, 'month');
  return new Date(expiry.valueOf() - TAIPEI_OFFSET_MS);
};

/** The ISO times a record stores for its effective period. */
export const pointTimes = (effectiveAt: Date): { effectiveAt: string; expiresAt: string } => ({
  effectiveAt: effectiveAt.toISOString(),
  expiresAt: pointExpiresAt(effectiveAt).toISOString(),
});

const instant = (iso: string): number => {
  const milliseconds = Date.parse(iso);
  if (Number.isNaN(milliseconds)) throw new Error(`not an ISO instant: ${iso}`);
  return milliseconds;
};

/**
 * The status of many records at one `now`, for scans over every record (the point statistics, totals):
 * stored times in `toISOString` form are compared with now's as strings (iso-instants.ts), others parsed.
 * Always the same answer as `pointStatus(timing, now)`.
 */
export const pointStatusAt = (now: Date): ((timing: PointTiming) => PointStatus) => {
  const nowMs = now.getTime();
  const nowIso = Number.isNaN(nowMs) ? '' : now.toISOString();
  const nowIsBefore = (iso: string): boolean =>
    isCanonicalIso(nowIso) && isCanonicalIso(iso) ? nowIso < iso : nowMs < instant(iso);
  return (timing) => {
    if (timing.invalidated) return PointStatuses.invalid;
    if (nowIsBefore(timing.effectiveAt)) return PointStatuses.pending;
    if (nowIsBefore(timing.expiresAt)) return PointStatuses.valid;
    return PointStatuses.expired;
  };
};

/**
 * The status at `now`: invalidated records are 0 whatever the time; otherwise 1 before `effectiveAt`,
 * 2 from `effectiveAt` (inclusive) until `expiresAt` (exclusive), 3 from `expiresAt` on.
 */
export const pointStatus = (timing: PointTiming, now: Date): PointStatus => {
  if (timing.invalidated) return PointStatuses.invalid;
  const nowMs = now.getTime();
  if (nowMs < instant(timing.effectiveAt)) return PointStatuses.pending;
  if (nowMs < instant(timing.expiresAt)) return PointStatuses.valid;
  return PointStatuses.expired;
};
