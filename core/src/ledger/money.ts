// Money constants of the ledger. Every amount inside core is an integer number of cents (1 NTD = 100
// cents); the API converts whole NTD at its edge.

export const CENTS_PER_NTD = 100;

/** Member fee per semester (document 3, section 9): 600 NTD. */
export const MEMBER_FEE_CENTS = 600 * CENTS_PER_NTD;

/** Workshop deposit per workshop (document 3, section 9): 500 NTD. */
export const WORKSHOP_DEPOSIT_CENTS = 500 * CENTS_PER_NTD;

/** Cash-pouch top-ups and deposit amounts are multiples of 100 NTD. */
export const POUCH_AMOUNT_STEP_CENTS = 100 * CENTS_PER_NTD;

/** A transfer's summary needs at least this many characters after trimming (document 1, section 9). */
export const SUMMARY_MIN_LENGTH = 2;

/** Banknote denominations counted at a deposit (document 3, section 9), in NTD. */
export const BANKNOTE_DENOMINATIONS_NTD = [2000, 1000, 500, 200, 100] as const;
export type BanknoteDenomination = (typeof BANKNOTE_DENOMINATIONS_NTD)[number];

/** A positive amount that fits a JavaScript number exactly. */
export const isPositiveCents = (value: number): boolean => Number.isSafeInteger(value) && value > 0;

/** Characters as a person counts them (code points, so one CJK character counts once). */
export const characterCount = (text: string): number => [...text.trim()].length;
