import type { LanguageSetting } from '../shared/session/user';

/** The UI languages. zh-Hant is the source language; the server calls it 'tw'. */
export const APP_LOCALES = ['zh-Hant', 'en'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const SOURCE_LOCALE: AppLocale = 'zh-Hant';

/** Key in localStorage for a visitor's own choice (a signed-in person's choice lives on the server). */
export const STORED_LOCALE_KEY = 'club.locale';

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);

/** The user's setting as a locale; '' (follow the browser) gives null. */
export function localeFromSetting(lang: LanguageSetting | undefined): AppLocale | null {
  if (lang === 'tw') return 'zh-Hant';
  if (lang === 'en') return 'en';
  return null;
}

export const settingFromLocale = (locale: AppLocale): LanguageSetting => (locale === 'en' ? 'en' : 'tw');

/** Traditional Chinese unless the browser prefers English over any Chinese. */
export function localeFromBrowser(languages: readonly string[]): AppLocale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-Hant';
    if (lower.startsWith('en')) return 'en';
  }
  return SOURCE_LOCALE;
}

/** The user's setting wins, then a visitor's stored choice, then the browser. */
export function resolveLocale(input: {
  setting: LanguageSetting | undefined;
  stored: string | null;
  browserLanguages: readonly string[];
}): AppLocale {
  return (
    localeFromSetting(input.setting) ??
    (isAppLocale(input.stored) ? input.stored : null) ??
    localeFromBrowser(input.browserLanguages)
  );
}
