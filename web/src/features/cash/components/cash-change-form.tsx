import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type CashDirection, type SearchedUser, useChangeCash } from '../api/user-cash';
import { wholeNumberOf } from '../lib/deposit';
import { newRequestId } from '../lib/request-id';

/** Add value (cash received) or take back (cash handed back) for one person; needs addvalue. */
export function CashChangeForm({ user, onClose }: { user: SearchedUser; onClose: () => void }) {
  const { t } = useLingui();
  const change = useChangeCash();
  const [direction, setDirection] = useState<CashDirection>('addvalue');
  const [amount, setAmount] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const name = user.name;
  const balance = user.balance;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = wholeNumberOf(amount);
    if (value === null || value === 0 || (direction === 'addvalue' && value % 100 !== 0)) {
      toast.danger(direction === 'addvalue' ? t`儲值金額須為 100 的倍數` : t`請輸入正整數金額`);
      return;
    }
    try {
      const response = await change.mutateAsync({ direction, userpk: user.pk, amount: value, requestId });
      if (response.status === 'ok') {
        const after = response.user.balance;
        toast.success(
          direction === 'addvalue'
            ? t`已為 ${name} 儲值 ${value} 元，餘額 ${after} 元`
            : t`已退還 ${name} ${value} 元，餘額 ${after} 元`,
        );
        setAmount('');
        setRequestId(newRequestId());
        onClose();
        return;
      }
      switch (response.reason) {
        case 'amount':
          toast.danger(direction === 'addvalue' ? t`儲值金額須為 100 的倍數` : t`請輸入正整數金額`);
          break;
        case 'insufficient_balance':
          toast.danger(t`餘額不足`);
          break;
        case 'self':
          toast.danger(t`不能為自己的帳戶儲值或退款`);
          break;
        case 'notfound':
          toast.danger(t`查無此人`);
          break;
        default:
          toast.danger(t`未知錯誤`);
      }
    } catch (error) {
      console.error('cash change failed', error);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <Text fw={700}>
          <Trans>
            {name} 的儲值帳戶：餘額 {balance} 元
          </Trans>
        </Text>
        <SegmentedControl
          value={direction}
          onChange={(value) => setDirection(value as CashDirection)}
          data={[
            { value: 'addvalue', label: t`儲值（收現金）` },
            { value: 'takeback', label: t`退款（付現金）` },
          ]}
        />
        <TextInput
          label={t`金額（元）`}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {direction === 'addvalue' ? <Trans>確認儲值</Trans> : <Trans>確認退款</Trans>}
          </Button>
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
