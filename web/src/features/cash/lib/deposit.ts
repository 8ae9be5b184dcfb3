// Pure rules of the deposit-bag counting screen (AdminDeposit, document 3, sections 4 and 5).

/** Banknote denominations counted at settle 2, in NTD (document 3, section 9). */
export const BANKNOTE_DENOMINATIONS = [2000, 1000, 500, 200, 100] as const;
export type Denomination = (typeof BANKNOTE_DENOMINATIONS)[number];

/** The screen's steps: the list, scanning bags, settle 1 (bag count), settle 2 (banknotes). */
export type DepositStep = 'list' | 'scan' | 'settle1' | 'settle2';

/** A whole non-negative number typed into a field, or null ('' counts as nothing typed). */
export function wholeNumberOf(text: string | number): number | null {
  const value = typeof text === 'number' ? text : /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

export type BanknoteCounts = Record<Denomination, string>;

export const emptyBanknotes = (): BanknoteCounts => ({ 2000: '', 1000: '', 500: '', 200: '', 100: '' });

/**
 * The banknotes and coins as whole numbers (an empty field counts as 0), or null when a field is not a
 * whole non-negative number ('amount input numbers only').
 */
export function parseBanknotes(
  counts: BanknoteCounts,
  coins: string,
): { notes: Record<Denomination, number>; coins: number } | null {
  const notes = {} as Record<Denomination, number>;
  for (const denomination of BANKNOTE_DENOMINATIONS) {
    const text = counts[denomination].trim();
    const value = text === '' ? 0 : wholeNumberOf(text);
    if (value === null) return null;
    notes[denomination] = value;
  }
  const coinText = coins.trim();
  const coinValue = coinText === '' ? 0 : wholeNumberOf(coinText);
  if (coinValue === null) return null;
  return { notes, coins: coinValue };
}

/** Notes times their value, plus coins. */
export const banknoteTotal = (notes: Record<Denomination, number>, coins: number): number =>
  BANKNOTE_DENOMINATIONS.reduce((sum, denomination) => sum + denomination * notes[denomination], coins);

/** Barcodes typed or scanned one per line (or separated by spaces or commas), without repeats. */
export const barcodesOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((barcode) => barcode.trim())
      .filter((barcode) => barcode !== ''),
  ),
];
