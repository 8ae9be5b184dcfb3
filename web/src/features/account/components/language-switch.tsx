import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';
import { toast } from '../../../shared/ui/toast';
import { isAppLocale } from '../../../i18n/locale';
import { useChooseLanguage } from './use-choose-language';

/** The language switch of the menu. Language names are shown in their own language on purpose. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const { locale, chooseLocale } = useChooseLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`語言`}
      value={locale}
      onChange={async (value) => {
        if (isAppLocale(value) && !(await chooseLocale(value))) toast.danger(t`網路或伺服器錯誤，請重試或連絡粉專`);
      }}
      data={[
        { value: 'zh-Hant', label: '中文' },
        { value: 'en', label: 'English' },
      ]}
    />
  );
}
