import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useRegisterPouches } from '../api/deposit';
import { barcodesOf } from '../lib/deposit';

/** Registers numbered pouches (their labels are printed elsewhere): barcodes one per line. */
export function RegisterPouches() {
  const { t } = useLingui();
  const register = useRegisterPouches();
  const [text, setText] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const barcodes = barcodesOf(text);
    if (barcodes.length === 0) {
      toast.danger(t`請輸入條碼`);
      return;
    }
    try {
      const response = await register.mutateAsync(barcodes);
      if (response.status !== 'ok') {
        const barcode = response.barcode ?? '';
        toast.danger(t`條碼格式錯誤：${barcode}`);
        return;
      }
      const count = response.registered.length;
      const existing = response.existing.length;
      toast.success(t`已登記 ${count} 個儲值袋（${existing} 個先前已登記）`);
      setText('');
    } catch (error) {
      console.error('pouch registration failed', error);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <Text fw={700}>
          <Trans>登記儲值袋</Trans>
        </Text>
        <Textarea
          label={t`儲值袋條碼`}
          description={t`一行一個，可用掃描器連續輸入`}
          autosize
          minRows={2}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }}>
          <Trans>登記</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
