// The label page's own checks (document 2, sections 5 and 9), the same as the server's
// (core/src/labels/rules.ts), so a person is told before the call is made.

export const LABEL_KINDS = ['user', 'book', 'stock', 'sharingpaper', 'property', 'test', 'any'] as const;
export type LabelKindKey = (typeof LABEL_KINDS)[number];

export const LABEL_SHEET_CAPS: { readonly [Kind in LabelKindKey]: number } = {
  user: 10,
  sharingpaper: 5,
  stock: 100,
  property: 5,
  book: 5,
  test: 10,
  any: 10,
};

export const SPECIAL_LABEL_USER_PK = 2;
export const LABEL_PREVIEW_DEBOUNCE_MS = 200;
export const LABEL_PRINT_LOCK_MS = 700;

/** A typed quantity: the clamped value, or 'format' (the page then says so and resets it to 1). */
export function readQuantity(
  kind: LabelKindKey,
  text: string,
): { quantity: number; clamped: boolean } | 'format' {
  if (!/^\s*\d{1,9}\s*$/.test(text)) return 'format';
  const value = Number(text.trim());
  if (value < 1) return 'format';
  const cap = LABEL_SHEET_CAPS[kind];
  return value > cap ? { quantity: cap, clamped: true } : { quantity: value, clamped: false };
}

/** The film expiry as sent: slashes become dots. */
export const normalizeExpiry = (text: string): string => text.trim().replaceAll('/', '.');

/** YYYY.MM, 'auto' or empty. */
export const isExpiryValid = (text: string): boolean =>
  /^(|auto|\d{4}\.(0?[1-9]|1[0-2]))$/i.test(normalizeExpiry(text));
