// The rules of the label printer (document 2, sections 5, 6 and 9): the label kinds, the sheet caps per
// kind, the quantity check, the film-expiry format, who may use the extra options, and the charge for
// user labels beyond the day's free sheets.

/** What a label is for: a member's own name label, a library book, a stock item, ... */
export const LABEL_KINDS = ['user', 'book', 'stock', 'sharingpaper', 'property', 'test', 'any'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const isLabelKind = (value: unknown): value is LabelKind =>
  typeof value === 'string' && (LABEL_KINDS as readonly string[]).includes(value);

/** Most sheets one print may ask for, per kind (document 2, section 5). */
export const LABEL_SHEET_CAPS: { readonly [Kind in LabelKind]: number } = {
  user: 10,
  sharingpaper: 5,
  stock: 100,
  property: 5,
  book: 5,
  test: 10,
  any: 10,
};

/** The special user who sees the location and logo choices (document 2, sections 6 and 9). */
export const SPECIAL_LABEL_USER_PK = 2;

/** Where the special user's labels are printed. */
export const LABEL_LOCATIONS = ['ntup', 'sql'] as const;
export type LabelLocation = (typeof LABEL_LOCATIONS)[number];

/** The logos a label can carry; everyone but the special user gets the club's. */
export const LABEL_LOGOS = ['club', 'ntu', 'none'] as const;
export type LabelLogo = (typeof LABEL_LOGOS)[number];

/**
 * User labels a person may print per calendar day (Taipei) without charge; each sheet beyond costs
 * LABEL_EXTRA_SHEET_CENTS. See docs/labels.md for why the allowance is per day and not per print.
 */
export const FREE_USER_SHEETS_PER_DAY = 10;
/** 0.5 NTD per extra user-label sheet. */
export const LABEL_EXTRA_SHEET_CENTS = 50;

/** How the label page debounces its preview and locks its print button (document 2, section 9). */
export const LABEL_PREVIEW_DEBOUNCE_MS = 200;
export const LABEL_PRINT_LOCK_MS = 700;

export type QuantityCheck =
  | { ok: true; quantity: number; clamped: boolean }
  /** 'please check input format': the page resets the value to 1. */
  | { ok: false; reason: 'format' };

/**
 * A quantity as typed: a positive integer (digits, or a number), clamped to the kind's cap. Anything
 * else (0, negatives, fractions, text) is refused.
 */
export function checkQuantity(kind: LabelKind, raw: unknown): QuantityCheck {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && /^\s*\d{1,9}\s*$/.test(raw)) value = Number(raw.trim());
  else return { ok: false, reason: 'format' };
  if (!Number.isSafeInteger(value) || value < 1) return { ok: false, reason: 'format' };
  const cap = LABEL_SHEET_CAPS[kind];
  return value > cap
    ? { ok: true, quantity: cap, clamped: true }
    : { ok: true, quantity: value, clamped: false };
}

/** A film expiry as stored: YYYY.MM, 'auto' (the nearest batch's date), or '' for none. */
export type Expiry = { kind: 'date'; text: string } | { kind: 'auto' } | { kind: 'none' };

/**
 * Reads a typed film expiry: YYYY.MM (slashes become dots, so 2027/5 and 2027/05 both read 2027.05),
 * 'auto', or empty. Null when it is none of these.
 */
export function parseExpiry(raw: string | null | undefined): Expiry | null {
  const text = (raw ?? '').trim().replaceAll('/', '.');
  if (text === '') return { kind: 'none' };
  if (text.toLowerCase() === 'auto') return { kind: 'auto' };
  const match = /^(\d{4})\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { kind: 'date', text: `${match[1]}.${String(month).padStart(2, '0')}` };
}

/**
 * The charge of a print: user-label sheets beyond the day's free ones, at 0.5 NTD each. `sheetsBefore`
 * are the user-label sheets this person already printed (or has queued) today.
 */
export function labelChargeCents(kind: LabelKind, quantity: number, sheetsBefore: number): number {
  if (kind !== 'user') return 0;
  const chargeable = Math.min(quantity, Math.max(0, sheetsBefore + quantity - FREE_USER_SHEETS_PER_DAY));
  return chargeable * LABEL_EXTRA_SHEET_CENTS;
}

/** The options of a label as the draw call receives them, after the extras are checked. */
export interface LabelOptions {
  comment: string;
  logo: LabelLogo;
  datetoday: boolean;
  timetoday: boolean;
  expiry: Expiry;
  /** Text shown instead of the target's name ('' keeps the name). */
  namereplace: string;
  landscape: boolean;
  /** Barcode and id only, no logo or extras. */
  simple: boolean;
  location: LabelLocation;
  rounded: boolean;
}

/**
 * The logo and location a person may use: the special user chooses; everyone else gets the club logo
 * and the default location, whatever they sent.
 */
export function extrasFor(
  userPk: number,
  requested: { selectlogo?: string | null | undefined; location?: string | null | undefined },
): { logo: LabelLogo; location: LabelLocation } {
  if (userPk !== SPECIAL_LABEL_USER_PK) return { logo: 'club', location: 'ntup' };
  const logo = (LABEL_LOGOS as readonly string[]).includes(requested.selectlogo ?? '')
    ? (requested.selectlogo as LabelLogo)
    : 'club';
  const location = (LABEL_LOCATIONS as readonly string[]).includes(requested.location ?? '')
    ? (requested.location as LabelLocation)
    : 'ntup';
  return { logo, location };
}

/** The most characters of free text (comment, name replacement, the any/test text) a label takes. */
export const LABEL_TEXT_MAX = 40;

/** The Taipei calendar day of an instant, as YYYYMMDD (the charge allowance is counted per such day). */
export function taipeiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
}
