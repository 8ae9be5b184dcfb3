// Rules of the chemical stock (document 3: Chemical, the adjust form, chemicalNeedReplenish).

/** The shared "float with optional sign" pattern of document 3 (section 5), used by the adjust form. */
export const SIGNED_FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Bottles as typed to whole millilitres (a bottle count of 2.5 with 1000 ml bottles is 2500 ml). */
export function bottlesToMl(bottles: number, bottle2ml: number): number {
  return Math.round(bottles * bottle2ml);
}

/** Millilitres as bottles, to two decimals (the list's "bottle" column). */
export function mlToBottles(volumeMl: number, bottle2ml: number): number {
  return Math.round((volumeMl / bottle2ml) * 100) / 100;
}

/** Parses the adjust form's quantity: a signed float, else null ('please fill in new bottle count'). */
export function parseBottleCount(text: string | number | null | undefined): number | null {
  const raw = typeof text === 'number' ? String(text) : (text ?? '').trim();
  if (!SIGNED_FLOAT.test(raw)) return null;
  const value = Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= 100_000 ? value : null;
}

export const needsReplenish = (volumeMl: number, replenishBelowMl: number): boolean =>
  volumeMl < replenishBelowMl;
