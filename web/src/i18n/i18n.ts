import { i18n, type Messages } from '@lingui/core';
import type { LanguageSetting } from '../shared/session/user';
import { type AppLocale, resolveLocale, STORED_LOCALE_KEY } from './locale';

// Each catalog is its own chunk; the Lingui Vite plugin compiles the .po file when it is imported.
const catalogLoaders: Record<AppLocale, () => Promise<{ messages: Messages }>> = {
  'zh-Hant': () => import('../locales/zh-Hant/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

let pending: Promise<void> = Promise.resolve();

/**
 * Starts loading a catalog without switching to it (the start-up's guess, fetched while the person is
 * still being asked for). activateLocale loads it again through the same module, so it is fetched once;
 * a failure shows there, not here.
 */
export function prefetchCatalog(locale: AppLocale): void {
  catalogLoaders[locale]().catch(() => undefined);
}

/** Loads the catalog if needed and switches every Lingui consumer to `locale`. */
export function activateLocale(locale: AppLocale): Promise<void> {
  pending = pending.then(async () => {
    if (i18n.locale === locale) return;
    const { messages } = await catalogLoaders[locale]();
    i18n.loadAndActivate({ locale, messages });
    document.documentElement.lang = locale;
  });
  return pending;
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(STORED_LOCALE_KEY);
  } catch {
    return null;
  }
}

/** Remembers a visitor's choice in this browser (a signed-in person's choice is saved on the server). */
export function storeLocale(locale: AppLocale | null): void {
  try {
    if (locale === null) window.localStorage.removeItem(STORED_LOCALE_KEY);
    else window.localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** The locale for a person's setting (or a visitor), falling back to a stored choice and the browser. */
export const preferredLocale = (setting: LanguageSetting | undefined): AppLocale =>
  resolveLocale({ setting, stored: readStoredLocale(), browserLanguages: navigator.languages ?? [] });

export { i18n };
