import { useLingui } from '@lingui/react';
import { type AppLocale, isAppLocale, SOURCE_LOCALE } from '../../i18n/locale';
import { type ContentPage, pageContent } from './content';

/** The current UI language, as a content file's language. */
export function useContentLocale(): AppLocale {
  const { i18n } = useLingui();
  return isAppLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/** A page's markdown in the current language, placeholders filled. */
export function useContent(page: ContentPage): string {
  return pageContent(page, useContentLocale());
}
