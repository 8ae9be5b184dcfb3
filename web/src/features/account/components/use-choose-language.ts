import { useLingui } from '@lingui/react';
import { activateLocale, preferredLocale, storeLocale } from '../../../i18n/i18n';
import { type AppLocale, localeFromSetting, settingFromLocale } from '../../../i18n/locale';
import { useCurrentUser } from '../../../shared/session/current-user';
import type { LanguageSetting } from '../../../shared/session/user';
import { useUpdateSettings } from '../api/update-settings';

/**
 * Switches the interface language at once. The choice is remembered in this browser, and a signed-in
 * person's is also saved on the server (PUT /api/user/settings/update), where it wins on any device.
 */
export function useChooseLanguage() {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const settingsMutation = useUpdateSettings();

  const choose = async (setting: LanguageSetting): Promise<boolean> => {
    const locale: AppLocale = localeFromSetting(setting) ?? preferredLocale('');
    await activateLocale(locale);
    // Remembered in this browser too, so the page keeps the language after logging out.
    storeLocale(localeFromSetting(setting));
    if (user === null) return true;
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
