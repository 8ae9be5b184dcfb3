import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Paper, Radio, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { LanguageSetting } from '../../../shared/session/user';
import { toast } from '../../../shared/ui/toast';
import { useChooseLanguage } from '../components/use-choose-language';

const isLanguageSetting = (value: string): value is LanguageSetting =>
  value === 'tw' || value === 'en' || value === '';

/** The language setting (spec doc 2): saved on the server and applied at once. */
export default function LangSettingPage() {
  const { t } = useLingui();
  const { setting, saving, choose } = useChooseLanguage();
  // The choice shows at once; the saved setting takes over once the server has answered.
  const [pending, setPending] = useState<LanguageSetting | null>(null);

  return (
    <Box maw={420}>
      <Stack>
        <Title order={2}>
          <Trans>語言設定</Trans>
        </Title>
        <Paper withBorder p="md" radius="md">
          <Radio.Group
            label={t`介面語言`}
            value={pending ?? setting ?? ''}
            onChange={async (value) => {
              if (!isLanguageSetting(value)) return;
              setPending(value);
              const saved = await choose(value);
              setPending(null);
              if (saved) toast.success(t`已更新`);
              else toast.danger(t`網路或伺服器錯誤，請重試或連絡粉專`);
            }}
          >
            <Stack mt="xs">
              {/* Language names are shown in their own language so anyone can find theirs. */}
              <Radio value="tw" label="繁體中文" disabled={saving} />
              <Radio value="en" label="English" disabled={saving} />
              <Radio value="" label={t`跟隨瀏覽器設定`} disabled={saving} />
            </Stack>
          </Radio.Group>
        </Paper>
      </Stack>
    </Box>
  );
}
