// The loan rules as pure functions (document 3, section 9; docs/loans.md): the library's fine, the
// equipment's deposit and rent, and shared paper's sheets by weight. Money is integer cents; times are
// instants and every "day" boundary is Taipei's (UTC+8, no daylight saving).

export const LIBRARY_MAX_BOOKS = 5;
export const LIBRARY_LOAN_DAYS = 30;
export const LIBRARY_FINE_CENTS_PER_BOOK_DAY = 5_00;

/** Equipment: the deposit is 3 × the day fee; in-club personal use costs at most 5 a day after the first. */
export const DEPOSIT_DAY_FEES = 3;
export const IN_CLUB_DAILY_CAP_CENTS = 5_00;
/** Shared paper: a box with fewer sheets than this needs replenishing. */
export const PAPER_LOW_SHEETS = 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TAIPEI_OFFSET_MS = 8 * HOUR_MS;

/** The Taipei calendar day of an instant, as a day number (days since 1970-01-01 in Taipei). */
export const taipeiDayNumber = (at: Date): number => Math.floor((at.getTime() + TAIPEI_OFFSET_MS) / DAY_MS);

/** The instant the Taipei day of `at` ends (next midnight). */
export const endOfTaipeiDay = (at: Date): Date =>
  new Date((taipeiDayNumber(at) + 1) * DAY_MS - TAIPEI_OFFSET_MS);

// --- Library ---

export const bookDueAt = (borrowedAt: Date): Date =>
  new Date(borrowedAt.getTime() + LIBRARY_LOAN_DAYS * DAY_MS);

/** Overdue days at `at`: 0 up to the due instant, then each started 24 hours counts one day. */
export function overdueDays(dueAt: Date, at: Date): number {
  const late = at.getTime() - dueAt.getTime();
  return late <= 0 ? 0 : Math.ceil(late / DAY_MS);
}

/** The fine of one book returned at `returnedAt`: 5 NTD per overdue day. */
export const bookFineCents = (dueAt: Date, returnedAt: Date): number =>
  overdueDays(dueAt, returnedAt) * LIBRARY_FINE_CENTS_PER_BOOK_DAY;

// --- Equipment ---

/** Usage kinds (document 3): 1 personal use in the club, 2 personal loan, 5 staff official activity. */
export type ActivityType = 1 | 2 | 5;
export const isActivityType = (value: unknown): value is ActivityType =>
  value === 1 || value === 2 || value === 5;

/** The deposit held when an item is lent: 3 × the day fee, none for official activity. */
export const depositCents = (dayFeeCents: number, activityType: ActivityType): number =>
  activityType === 5 ? 0 : DEPOSIT_DAY_FEES * dayFeeCents;

/**
 * The rent of a personal loan lasting `durationMs`: under 6 hours, 1/6 of the day fee per started hour
 * (rounded up to whole NTD, so an hour never costs less than its share); 6 to 24 hours, one day; after
 * that, one day fee per started day.
 */
export function personalLoanRentCents(dayFeeCents: number, durationMs: number): number {
  if (durationMs <= 0) return 0;
  if (durationMs < 6 * HOUR_MS) {
    const hours = Math.ceil(durationMs / HOUR_MS);
    return Math.ceil((hours * dayFeeCents) / 6 / 100) * 100;
  }
  return Math.max(1, Math.ceil(durationMs / DAY_MS)) * dayFeeCents;
}

/**
 * The rent of a loan: official activity is free; in-club personal use is free when returned the same
 * (Taipei) day, then each later day costs the day fee but at most 5 NTD; a personal loan pays
 * `personalLoanRentCents`.
 */
export function rentCents(input: {
  activityType: ActivityType;
  dayFeeCents: number;
  lentAt: Date;
  returnedAt: Date;
}): number {
  const { activityType, dayFeeCents, lentAt, returnedAt } = input;
  switch (activityType) {
    case 5:
      return 0;
    case 1: {
      const laterDays = Math.max(0, taipeiDayNumber(returnedAt) - taipeiDayNumber(lentAt));
      return laterDays * Math.min(dayFeeCents, IN_CLUB_DAILY_CAP_CENTS);
    }
    case 2:
      return personalLoanRentCents(dayFeeCents, returnedAt.getTime() - lentAt.getTime());
  }
}

/**
 * How a return settles the rent against the deposit held: the rent is paid from the deposit first, the
 * rest of the deposit goes back to the member, and rent beyond the deposit is charged to the member.
 */
export function settleRent(heldCents: number, rent: number) {
  const fromDepositCents = Math.min(heldCents, rent);
  return {
    fromDepositCents,
    releaseCents: heldCents - fromDepositCents,
    extraRentCents: rent - fromDepositCents,
  };
}

/** The default expected return: in-club use the end of the day, a loan or an activity one day later. */
export const defaultExpectedReturn = (activityType: ActivityType, lentAt: Date): Date =>
  activityType === 1 ? endOfTaipeiDay(lentAt) : new Date(lentAt.getTime() + DAY_MS);

// --- Shared paper ---

/** Weights are kept in milligrams (integers), read from grams with at most three decimals. */
export function parseGramsToMg(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const mg = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return mg > 0 ? mg : null;
}

/** Sheets in a box weighing `weightMg` (whole sheets, nearest: a scale's noise is below half a sheet). */
export const sheetsIn = (weightMg: number, boxWeightMg: number, unitWeightMg: number): number =>
  Math.max(0, Math.round((weightMg - boxWeightMg) / unitWeightMg));

/** Sheets used between weighing out and in: never negative (a box heavier on return used none). */
export const sheetsUsed = (outMg: number, inMg: number, unitWeightMg: number): number =>
  Math.max(0, Math.round((outMg - inMg) / unitWeightMg));
