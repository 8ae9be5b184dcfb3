// A user's points at a moment: the sum of their records that are valid (status 2) then. Points are never
// spent (using a discount does not deduct them); they simply stop counting when they expire.

import { type PointTiming, PointStatuses, pointStatusAt } from './status.ts';
import { HUNDREDTHS_PER_POINT } from './scale.ts';

/** What totals need from a record; the decider's PointRecord and the read models both provide it. */
export interface CountablePoint extends PointTiming {
  recipientPk: number;
  amountHundredths: number;
}

/** The points of `userPk` at `now`, in hundredths: the sum of their status-2 records. */
export const userPointsHundredths = (
  records: Iterable<CountablePoint>,
  userPk: number,
  now: Date,
): number => {
  const statusOf = pointStatusAt(now);
  let totalHundredths = 0;
  for (const record of records) {
    if (record.recipientPk === userPk && statusOf(record) === PointStatuses.valid) {
      totalHundredths += record.amountHundredths;
    }
  }
  return totalHundredths;
};

/** Every recipient's points at `now`, in hundredths; users with no valid points are absent. */
export const pointsByRecipientHundredths = (
  records: Iterable<CountablePoint>,
  now: Date,
): Map<number, number> => {
  const statusOf = pointStatusAt(now);
  const totals = new Map<number, number>();
  for (const record of records) {
    if (statusOf(record) !== PointStatuses.valid) continue;
    totals.set(record.recipientPk, (totals.get(record.recipientPk) ?? 0) + record.amountHundredths);
  }
  return totals;
};

const assertHundredths = (hundredths: number): void => {
  if (!Number.isSafeInteger(hundredths)) throw new Error(`points must be integer hundredths: ${hundredths}`);
};

/**
 * Points for display, rounded half away from zero to one decimal; a whole number shows no decimal
 * (150 -> '1.5', 1000 -> '10', 125 -> '1.3', 101 -> '1'), as the home page's points button does.
 */
export const formatPoints = (hundredths: number): string => {
  assertHundredths(hundredths);
  const sign = hundredths < 0 ? '-' : '';
  const tenths = Math.floor((Math.abs(hundredths) + 5) / 10);
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  if (tenths === 0) return '0';
  return tenth === 0 ? `${sign}${whole}` : `${sign}${whole}.${tenth}`;
};

export type PointLocale = 'zh-Hant' | 'en';

/**
 * Points read as working time (1 point = 1 hour), to the nearest minute: 150 -> '1 小時 30 分' or
 * '1 h 30 min'. A zero part is left out ('2 小時', '45 min'); nothing at all is '0 分' / '0 min'.
 */
export const hoursAndMinutes = (hundredths: number, locale: PointLocale): string => {
  assertHundredths(hundredths);
  if (hundredths < 0) throw new Error(`working time cannot be negative: ${hundredths}`);
  // Minutes = hundredths * 60 / 100, rounded half up, in integers.
  const totalMinutes = Math.floor((hundredths * 60 + HUNDREDTHS_PER_POINT / 2) / HUNDREDTHS_PER_POINT);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const [hourUnit, minuteUnit] = locale === 'zh-Hant' ? ['小時', '分'] : ['h', 'min'];
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hourUnit}`);
  if (minutes > 0 || hours === 0) parts.push(`${minutes} ${minuteUnit}`);
  return parts.join(' ');
};
