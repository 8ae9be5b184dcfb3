import { useLingui } from '@lingui/react';
import { activateLocale, preferredLocale, storeLocale } from '../../../i18n/i18n';
import { type AppLocale, localeFromSetting, settingFromLocale } from '../../../i18n/locale';
import { useCurrentUser } from '../../../shared/session/current-user';
import type { LanguageSetting } from '../../../shared/session/user';
import { useUpdateSettings } from '../api/update-settings';

/**
 * Switches the interface language at once; a signed-in person's choice is saved on the server
 * (PUT /api/user/settings/update), a visitor's in this browser.
 */
export function useChooseLanguage() {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const settingsMutation = useUpdateSettings();

  const choose = async (setting: LanguageSetting): Promise<boolean> => {
    const locale: AppLocale = localeFromSetting(setting) ?? preferredLocale('');
    await activateLocale(locale);
    if (user === null) {
      storeLocale(localeFromSetting(setting));
      return true;
    }
    try {
      const response = await settingsMutation.mutateAsync({ settings: { lang: setting } });
      return response.status === 'ok';
    } catch {
      return false;
    }
  };

  return {
    locale: i18n.locale as AppLocale,
    setting: user?.settings.lang,
    saving: settingsMutation.isPending,
    choose,
    chooseLocale: (locale: AppLocale) => choose(settingFromLocale(locale)),
  };
}
