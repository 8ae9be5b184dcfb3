import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useRegisterCard, useUserCard } from '../api/card';

const CARD_ID = /^\d{10}$/;

/**
 * Registers a member's club card, or replaces a lost one (the old id stops working). For the user
 * detail page (staff with the user authority); `pk` is the member's.
 */
export function CardForm({ pk }: { pk: number }) {
  const { t } = useLingui();
  const current = useUserCard(pk);
  const register = useRegisterCard();
  const [cardid, setCardid] = useState('');
  const messages: Record<string, string> = {
    card_format: t`卡號是 10 位數字`,
    duplicated_card: t`這張卡已經登記給其他人`,
    notfound: t`找不到這位使用者`,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = cardid.trim();
    if (!CARD_ID.test(value)) {
      toast.danger(messages.card_format!);
      return;
    }
    try {
      const answer = await register.mutateAsync({ pk, cardid: value });
      if (answer.status === 'ok') {
        toast.success(t`卡號已登記`);
        setCardid('');
      } else toast.danger(messages[answer.reason] ?? t`未知錯誤，請連絡粉專`);
    } catch (error) {
      console.error('card registration failed', error);
      toast.danger(t`未知錯誤，請連絡粉專`);
    }
  };

  const registered = current.data?.cardid ?? null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm">
          {registered === null ? <Trans>尚未登記社員卡</Trans> : <Trans>目前卡號：{registered}</Trans>}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={registered === null ? t`社員卡號` : t`新卡號（遺失換卡）`}
            inputMode="numeric"
            maxLength={10}
            value={cardid}
            onChange={(event) => setCardid(event.currentTarget.value)}
          />
          <Button type="submit" loading={register.isPending}>
            {registered === null ? <Trans>登記卡號</Trans> : <Trans>換卡</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
