import { Trans, useLingui } from '@lingui/react/macro';
import { Button, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useBindKiosk } from '../api/card';
import { CardForm } from '../components/card-form';

/**
 * Staff's card page: register a member's card by pk (the user detail page shows the same form), and
 * make this browser the counter kiosk of a card reader.
 */
export default function AdminCardPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [pk, setPk] = useState<number>(0);
  const [reader, setReader] = useState('counter');
  const bind = useBindKiosk();

  const bindHere = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await bind.mutateAsync(reader.trim());
      if (answer.status !== 'ok') {
        toast.danger(t`刷卡機名稱只能有小寫英文、數字和 -`);
        return;
      }
      navigate('/card/kiosk');
    } catch (error) {
      console.error('kiosk binding failed', error);
      toast.danger(t`未知錯誤，請連絡粉專`);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={2}>
        <Trans>社員卡</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <NumberInput
            label={t`使用者編號`}
            min={1}
            allowDecimal={false}
            value={pk || ''}
            onChange={(value) => setPk(typeof value === 'number' ? value : 0)}
          />
          {pk > 0 && <CardForm key={pk} pk={pk} />}
        </Stack>
      </Paper>
      <Title order={3}>
        <Trans>櫃台刷卡機</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={bindHere} noValidate>
          <Stack>
            <Text size="sm">
              <Trans>把這台瀏覽器設為刷卡機後，社員在這台讀卡機刷卡就會在這台瀏覽器登入（櫃台模式）。</Trans>
            </Text>
            <TextInput
              label={t`讀卡機名稱`}
              value={reader}
              onChange={(event) => setReader(event.currentTarget.value)}
            />
            <Button type="submit" loading={bind.isPending}>
              <Trans>將這台瀏覽器設為刷卡機</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
