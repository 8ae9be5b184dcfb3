import { useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import type { AppLocale } from '../../../i18n/locale';
import { toast } from '../../../shared/ui/toast';
import { useChooseLanguage } from './use-choose-language';

// Language names are shown in their own language on purpose, so anyone can find theirs.
const choices: { locale: AppLocale; label: string }[] = [
  { locale: 'zh-Hant', label: '中文' },
  { locale: 'en', label: 'English' },
];

/** The language switch of the menu: switches at once and remembers the choice. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const { locale, chooseLocale } = useChooseLanguage();
  return (
    <Group gap={0} role="group" aria-label={t`語言`} wrap="nowrap">
      {choices.map((choice) => (
        <Button
          key={choice.locale}
          size="compact-sm"
          variant={locale === choice.locale ? 'filled' : 'default'}
          aria-pressed={locale === choice.locale}
          onClick={async () => {
            if (locale === choice.locale) return;
            if (!(await chooseLocale(choice.locale))) toast.danger(t`網路或伺服器錯誤，請重試或連絡粉專`);
          }}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
