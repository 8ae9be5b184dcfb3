// Sign-in rules that are pure functions: the sheet's defaults, the attendance table of a workshop and the
// workshop deposit deduction (document 3, section 9: 100 per missed class below 7 attended).

/** A new sheet is open from its creation for three hours unless staff set the period (docs/signin-vote.md). */
export const DEFAULT_OPEN_PERIOD_MS = 3 * 60 * 60 * 1000;

/** The default code: four random digits. `random` is a number in [0, 1) drawn by the caller. */
export const randomCode = (random: number): string =>
  String(Math.floor(random * 10_000) % 10_000).padStart(4, '0');

/** Classes a workshop participant must attend for the whole deposit back. */
export const REQUIRED_CLASSES = 7;
/** Deducted per missed class below REQUIRED_CLASSES, NTD. */
export const DEDUCTION_PER_MISSED_CLASS_NTD = 100;
/** The workshop deposit (document 3, section 9): the deduction never exceeds it. */
export const WORKSHOP_DEPOSIT_NTD = 500;

/**
 * The deposit deduction of one participant, NTD: 100 for every class missed below 7 attended. When fewer
 * than 7 classes were held, the bar is the number held (nobody pays for classes that did not happen).
 * Capped at the deposit.
 */
export function depositDeductionNtd(attended: number, classesHeld: number): number {
  if (!Number.isInteger(attended) || !Number.isInteger(classesHeld) || attended < 0 || classesHeld < 0)
    throw new Error(`bad attendance counts: ${attended} of ${classesHeld}`);
  const required = Math.min(REQUIRED_CLASSES, classesHeld);
  const missed = Math.max(0, required - attended);
  return Math.min(WORKSHOP_DEPOSIT_NTD, missed * DEDUCTION_PER_MISSED_CLASS_NTD);
}

export interface AttendanceRow {
  userPk: number;
  /** One flag per sheet, in the order of the sheets given. */
  attended: boolean[];
  attendedCount: number;
  deductionNtd: number;
}

/**
 * The attendance table of one workshop: the roster's people against its class sheets (users × sheets).
 * Sign-ins of people not on the roster are listed too (after the roster), so staff see them.
 */
export function attendanceTable(
  rosterPks: readonly number[],
  sheetIds: readonly string[],
  signedIn: (sheetId: string, userPk: number) => boolean,
  extraPks: readonly number[] = [],
): AttendanceRow[] {
  const people = [...rosterPks, ...extraPks.filter((pk) => !rosterPks.includes(pk))];
  return people.map((userPk) => {
    const attended = sheetIds.map((sheetId) => signedIn(sheetId, userPk));
    const attendedCount = attended.filter(Boolean).length;
    return {
      userPk,
      attended,
      attendedCount,
      deductionNtd: depositDeductionNtd(attendedCount, sheetIds.length),
    };
  });
}
