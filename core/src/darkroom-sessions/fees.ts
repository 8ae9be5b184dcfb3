// The darkroom's fees (document 1, training table) and what the member fee covers each semester, as pure
// functions of a session's lines and the allowance left. docs/darkroom-sessions.md has the decisions:
//   - black-and-white film developing: 30 NTD a roll; the member fee covers 10 rolls a semester;
//   - black-and-white enlarging: 30 NTD a session for chemicals; the member fee covers 5 sessions a semester;
//   - colour film developing: 50 NTD a roll, nothing covered;
//   - colour enlarging and paper: nothing charged here (shared paper is paid through the sharing paper boxes).
// Sheet film counts in quarter rolls by area (4x5: a quarter, 5x7: a half, 8x10: a roll), rounded up per
// session, so a session's units are sums and never depend on the order the lines were entered.

/** Process kinds by the spec's index (document 3: Darkroom log, values.kind). */
export const PROCESS_KINDS = ['bw_film', 'bw_print', 'colour_film', 'colour_print'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];
export const PROCESS_KIND_COUNT = PROCESS_KINDS.length;

/** Quantity keys (document 3: 135, 120, 4x5, 5x7, 8x10 and others). */
export const FILM_FORMATS = ['135', '120', '4x5', '5x7', '8x10', 'other'] as const;
export const PRINT_FORMATS = ['3x5', '4x6', '5x7', '8x10', '11x14', '16x20', 'other'] as const;
export const FORMATS = ['135', '120', '4x5', '5x7', '8x10', '3x5', '4x6', '11x14', '16x20', 'other'] as const;
export type Format = (typeof FORMATS)[number];

export const isFilmKind = (kind: number): boolean => kind === 0 || kind === 2;

/** Whether a format belongs to a kind: film formats for developing, paper sizes for enlarging. */
export const formatFits = (kind: number, format: string): boolean =>
  (isFilmKind(kind) ? (FILM_FORMATS as readonly string[]) : (PRINT_FORMATS as readonly string[])).includes(
    format,
  );

/** Quarter rolls per unit of a film format (by area: an 8x10 sheet is about a roll of 135 or 120). */
const QUARTER_ROLLS: Record<string, number> = { '135': 4, '120': 4, '4x5': 1, '5x7': 2, '8x10': 4, other: 4 };

export const BW_ROLL_CENTS = 3000;
export const BW_PRINT_SESSION_CENTS = 3000;
export const COLOUR_ROLL_CENTS = 5000;

/** What the member fee covers each semester (document 1). */
export const SEMESTER_ALLOWANCE = { bwRolls: 10, bwPrintSessions: 5 } as const;

export interface Allowance {
  bwRolls: number;
  bwPrintSessions: number;
}

export interface FeeLine {
  kind: number;
  format: string;
  quantity: number;
}

export type FeeItemCode = 'bw_film_roll' | 'bw_print_session' | 'colour_film_roll';

export interface FeeItem {
  code: FeeItemCode;
  quantity: number;
  covered: number;
  unitCents: number;
  amountCents: number;
}

export interface Charge {
  items: FeeItem[];
  totalCents: number;
  allowanceUsed: Allowance;
}

/** Rolls of one film kind in a session: its quarter rolls summed, rounded up. */
export function rollsOf(lines: readonly FeeLine[], kind: number): number {
  let quarters = 0;
  for (const line of lines)
    if (line.kind === kind) quarters += (QUARTER_ROLLS[line.format] ?? 4) * line.quantity;
  return Math.ceil(quarters / 4);
}

const item = (code: FeeItemCode, quantity: number, covered: number, unitCents: number): FeeItem => ({
  code,
  quantity,
  covered,
  unitCents,
  amountCents: (quantity - covered) * unitCents,
});

/**
 * A session's charge, given the allowance left in its semester. Covered units come off the allowance
 * first; only items with units appear. Pure: the same lines in any order give the same charge.
 */
export function sessionCharge(lines: readonly FeeLine[], left: Allowance): Charge {
  const bwRolls = rollsOf(lines, 0);
  const colourRolls = rollsOf(lines, 2);
  const bwPrinting = lines.some((line) => line.kind === 1 && line.quantity > 0) ? 1 : 0;
  const coveredRolls = Math.min(bwRolls, Math.max(0, left.bwRolls));
  const coveredSessions = Math.min(bwPrinting, Math.max(0, left.bwPrintSessions));
  const items: FeeItem[] = [];
  if (bwRolls > 0) items.push(item('bw_film_roll', bwRolls, coveredRolls, BW_ROLL_CENTS));
  if (bwPrinting > 0)
    items.push(item('bw_print_session', bwPrinting, coveredSessions, BW_PRINT_SESSION_CENTS));
  if (colourRolls > 0) items.push(item('colour_film_roll', colourRolls, 0, COLOUR_ROLL_CENTS));
  return {
    items,
    totalCents: items.reduce((sum, fee) => sum + fee.amountCents, 0),
    allowanceUsed: { bwRolls: coveredRolls, bwPrintSessions: coveredSessions },
  };
}

/** The allowance left after what the semester's sessions used. */
export const allowanceLeft = (used: Allowance): Allowance => ({
  bwRolls: Math.max(0, SEMESTER_ALLOWANCE.bwRolls - used.bwRolls),
  bwPrintSessions: Math.max(0, SEMESTER_ALLOWANCE.bwPrintSessions - used.bwPrintSessions),
});
