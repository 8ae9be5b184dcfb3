// Pure rules of the fee collection screen (AdminReceiveMemberFee, document 3, sections 4 and 5): the lookup
// keyword, what is payable, the total, where cancel goes, and which refusals start over.
import type { FeeCollectionRow, FeePayer, PendingWorkshop } from '../api/fee-collection';

/** Student ID: letter, 2 digits, letter or digit, 2 digits, letter or digit, 2 digits. */
export const STUID_KEYWORD_PATTERN = /^[A-Z]\d{2}[A-Z0-9]\d{2}[A-Z0-9]\d{2}$/;
/** A 10-digit mobile number. */
export const MOBILE_KEYWORD_PATTERN = /^\d{10}$/;

export const MEMBER_FEE_NTD = 600;
export const WORKSHOP_DEPOSIT_NTD = 500;

/** The screen's steps: 1 rules, 2 lookup and today's list, 3 confirm, 4 confirm cancel, 5 receipt. */
export type FeeStep = 1 | 2 | 3 | 4 | 5;

/** The input is upper-cased and trimmed before it is checked and sent. */
export const normalizeFeeKeyword = (keyword: string): string => keyword.trim().toUpperCase();

export const isFeeKeyword = (normalized: string): boolean =>
  STUID_KEYWORD_PATTERN.test(normalized) || MOBILE_KEYWORD_PATTERN.test(normalized);

/** Nothing to collect: both semesters' fees are paid and no workshop deposit is pending. */
export const nothingPayable = (payer: FeePayer, workshops: readonly PendingWorkshop[]): boolean =>
  payer.memberfeeSemester === null && workshops.length === 0;

/** Cancel on step 3 goes straight back to the lookup when nothing is payable, else asks first. */
export const stepAfterCancel = (payer: FeePayer, workshops: readonly PendingWorkshop[]): FeeStep =>
  nothingPayable(payer, workshops) ? 2 : 4;

/** The fee is ticked at first only when it is for the current semester. */
export const memberfeeCheckedAtFirst = (payer: FeePayer, semesterNow: string): boolean =>
  payer.memberfeeSemester !== null && payer.memberfeeSemester === semesterNow;

export const totalNeedPay = (memberfeeChecked: boolean, workshopsChecked: number): number =>
  (memberfeeChecked ? MEMBER_FEE_NTD : 0) + WORKSHOP_DEPOSIT_NTD * workshopsChecked;

/** Refusals after which the form starts over at the lookup; 'other' keeps it so staff can retry. */
export const resetsForm = (reason: string): boolean => reason !== 'other' && reason !== 'mismatch';

/** The rows of one receipt: those paid together with the given row, in their order. */
export const receiptRows = (loglist: readonly FeeCollectionRow[], collection: string): FeeCollectionRow[] =>
  loglist.filter((row) => row.collection === collection);

/** The sum of a receipt's rows, whole NTD. */
export const receiptTotal = (rows: readonly FeeCollectionRow[]): number =>
  rows.reduce((sum, row) => sum + row.trans.delta, 0);

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An ISO instant as Taipei wall-clock time, 'YYYY-MM-DD HH:mm'. */
export const formatTaipeiTime = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
};
