import { i18n, type Messages } from '@lingui/core';
import type { LanguageSetting } from '../shared/session/user';
import { type AppLocale, resolveLocale, STORED_LOCALE_KEY } from './locale';

// Each catalog is its own chunk; the Lingui Vite plugin compiles the .po file when it is imported. The
// start-up catalog (`?startup`, web/startup-catalog-plugin.ts) holds only the messages of the layout and
// the start-up pages, so the first paint does not wait for the whole catalog; every other page waits for
// the whole one (`wholeCatalogReady`) before it renders.
type CatalogLoaders = Record<AppLocale, () => Promise<{ messages: Messages }>>;
const startupLoaders: CatalogLoaders = {
  'zh-Hant': () => import('../locales/zh-Hant/messages.po?startup'),
  en: () => import('../locales/en/messages.po?startup'),
};
const wholeLoaders: CatalogLoaders = {
  'zh-Hant': () => import('../locales/zh-Hant/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

let pending: Promise<void> = Promise.resolve();
let markActivated: () => void = () => undefined;
/** Settles when the start-up has chosen and activated a language. */
const firstActivation = new Promise<void>((resolve) => {
  markActivated = resolve;
});
const wholeLoaded = new Map<AppLocale, Promise<void>>();

/** Loads the whole catalog of `locale` into Lingui (merged with what is there); once per locale. */
function loadWhole(locale: AppLocale): Promise<void> {
  let loading = wholeLoaded.get(locale);
  if (loading === undefined) {
    loading = wholeLoaders[locale]().then(({ messages }) => i18n.load(locale, messages));
    // A failure (the network, a new deployment) is tried again by the next page that needs it.
    loading.catch(() => wholeLoaded.delete(locale));
    wholeLoaded.set(locale, loading);
  }
  return loading;
}

/**
 * Starts loading the start-up catalog without switching to it (the start-up's guess, fetched while the
 * person is still being asked for). activateLocale loads it again through the same module, so it is
 * fetched once; a failure shows there, not here.
 */
export function prefetchCatalog(locale: AppLocale): void {
  startupLoaders[locale]().catch(() => undefined);
}

/**
 * Switches every Lingui consumer to `locale` (nothing to do if it is active), loading its catalog first: at
 * start-up only the start-up catalog (`scope: 'startup'`), on a switch the whole one, since any page may be
 * on screen.
 */
export function activateLocale(locale: AppLocale, scope: 'startup' | 'whole' = 'whole'): Promise<void> {
  pending = pending.then(async () => {
    if (i18n.locale === locale) return;
    if (scope === 'whole') await loadWhole(locale);
    else if (!wholeLoaded.has(locale)) i18n.load(locale, (await startupLoaders[locale]()).messages);
    i18n.activate(locale);
    document.documentElement.lang = locale;
    markActivated();
  });
  return pending;
}

/** Settles once the whole catalog of the active language is loaded: pages outside the start-up set wait. */
export const wholeCatalogReady = (): Promise<void> =>
  firstActivation.then(() => pending).then(() => loadWhole(i18n.locale as AppLocale));

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
