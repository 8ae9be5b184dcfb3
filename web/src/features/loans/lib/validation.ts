// The form checks of document 3, section 5 (shared patterns: positive integer, positive float).

/** A day fee: a positive integer. */
export const isPositiveInteger = (text: string): boolean => /^[1-9]\d{0,6}$/.test(text.trim());

/** A weight: a positive float (at most three decimals, as the API keeps milligrams). */
export const isPositiveFloat = (text: string): boolean =>
  /^\d{1,7}(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0;
