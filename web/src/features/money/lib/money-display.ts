// Pure display helpers of the money pages: times on the Taipei clock, signed amounts, account names in
// the current language. No Lingui here, so unit tests run without the macro.

export type DisplayLocale = 'zh-Hant' | 'en';

export const displayLocale = (locale: string): DisplayLocale => (locale === 'en' ? 'en' : 'zh-Hant');

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant on the Taipei wall clock, 'YYYY-MM-DD HH:mm' (Taiwan keeps UTC+8 all year). */
export const formatTaipeiTime = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
};

/** A signed amount with its sign always shown: +300, -120, 0. */
export const formatDelta = (ntd: number): string => (ntd > 0 ? `+${ntd}` : String(ntd));

/** The name of an account in the current language: club accounts carry an English name. */
export const partyName = (party: { name: string; nameEn?: string }, locale: DisplayLocale): string =>
  locale === 'en' && party.nameEn ? party.nameEn : party.name;

/** How the picker and the confirmation show a person or an account: 'name (U00101)'. */
export const partyLabel = (
  party: { name: string; pkstr: string; nameEn?: string; shortname?: string; prefix?: boolean },
  locale: DisplayLocale,
): string => {
  const english = party.nameEn ?? (party.prefix ? party.shortname : undefined);
  const name = locale === 'en' && english ? english : party.name;
  return `${name} (${party.pkstr})`;
};
