import { findPointKind, type PointKind, pointKinds } from '@club/core/points/kinds';
import { hoursAndMinutes } from '@club/core/points/totals';

// Pure helpers for the points pages: amounts as working time, times on the Taipei clock, kinds in the
// current language, and the form's rules (document 1, sections 4 to 6). No Lingui here, so unit tests
// run without the macro; the pages translate.

/** The most points one recipient may get for one work date (document 1, section 9). */
export const DAILY_LIMIT_POINTS = 10;

export type DisplayLocale = 'zh-Hant' | 'en';

export const displayLocale = (locale: string): DisplayLocale => (locale === 'en' ? 'en' : 'zh-Hant');

/** Points in integer hundredths (the form allows two decimals). */
const toHundredths = (points: number): number => Math.round(points * 100);

/** True when the amount is not a whole number of points (so it reads better as hours and minutes). */
export const isFractionalPoints = (points: number): boolean => toHundredths(points) % 100 !== 0;

/** 1 point = 1 hour: 1.5 -> '1 小時 30 分' / '1 h 30 min'. */
export const pointsAsWorkingTime = (points: number, locale: DisplayLocale): string =>
  hoursAndMinutes(Math.max(0, toHundredths(points)), locale);

/** An amount as the logs show it: whole points as a number, fractions as hours and minutes. */
export const formatPointAmount = (points: number, locale: DisplayLocale): string =>
  isFractionalPoints(points) ? pointsAsWorkingTime(points, locale) : String(Math.round(points));

/** Points rounded to one decimal for display (document 3, section 9): 2.25 -> '2.3', 3 -> '3'. */
export const formatPointsOneDecimal = (points: number): string => {
  const tenths = Math.round(toHundredths(points) / 10);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
};

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant on the Taipei wall clock, 'YYYY-MM-DD HH:mm' (Taiwan keeps UTC+8 all year). */
export const formatTaipeiTime = (iso: string | null): string => {
  if (iso === null) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
};

/** The kinds in the spec's order, for the form's drop-down. */
export const kindOptions = (locale: DisplayLocale): { value: string; label: string }[] =>
  pointKinds.map((kind) => ({ value: kind.key, label: locale === 'en' ? kind.nameEn : kind.nameZh }));

/** A kind (by key or Chinese name) in the current language; an unknown one is shown as it came. */
export const kindName = (keyOrName: string, locale: DisplayLocale): string => {
  const kind = findPointKind(keyOrName);
  if (!kind) return keyOrName;
  return locale === 'en' ? kind.nameEn : kind.nameZh;
};

/** The advice shown beside the form for a kind, or '' for none chosen. */
export const kindGuidance = (keyOrName: string, locale: DisplayLocale): string => {
  const kind: PointKind | undefined = findPointKind(keyOrName);
  if (!kind) return '';
  return locale === 'en' ? kind.guidanceEn : kind.guidanceZh;
};

/** The form's amount check: a positive number with at most two decimals. */
export const isValidApplyPoint = (points: number | null): points is number =>
  points !== null &&
  Number.isFinite(points) &&
  points > 0 &&
  Math.abs(points * 100 - toHundredths(points)) < 1e-6;

/** The point authority's review choices, and which are offered for a record's status. */
export const confirmChoices = (
  status: number | null,
): { set: boolean; valid: boolean; invalid: boolean } => ({
  // Keeping the set effective time only makes sense while the record is not yet effective.
  set: status === 1,
  valid: status !== null && status !== 3,
  invalid: status !== null && status !== 3,
});

/** The choice preselected on the admin form: whatever leaves the record as it is. */
export const defaultConfirmtype = (status: number | null): 'set' | 'valid' | 'invalid' => {
  if (status === 0) return 'invalid';
  if (status === 1) return 'set';
  return 'valid';
};
