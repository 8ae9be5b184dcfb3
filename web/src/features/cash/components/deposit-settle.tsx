import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useCommitDeposit } from '../api/deposit';
import {
  BANKNOTE_DENOMINATIONS,
  type BanknoteCounts,
  banknoteTotal,
  emptyBanknotes,
  parseBanknotes,
  wholeNumberOf,
} from '../lib/deposit';
import { newRequestId } from '../lib/request-id';
import { depositReasonMessage } from './cash-messages';

/** Settle 1: the number of pouches in hand must equal the counted ones. */
export function DepositSettle1({
  countedCount,
  onBack,
  onNext,
}: {
  countedCount: number;
  onBack: () => void;
  onNext: (pocketCount: number) => void;
}) {
  const { t } = useLingui();
  const [count, setCount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pocketCount = wholeNumberOf(count);
    if (pocketCount === null) {
      toast.danger(t`請輸入儲值袋數量`);
      return;
    }
    if (pocketCount !== countedCount) {
      toast.danger(t`數量不一致`);
      return;
    }
    onNext(pocketCount);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Stack>
        <Text fw={700}>
          <Trans>結算一：清點儲值袋數量</Trans>
        </Text>
        <TextInput
          label={t`手上的儲值袋數量`}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group>
          <Button variant="default" onClick={onBack}>
            <Trans>返回</Trans>
          </Button>
          <Button type="submit">
            <Trans>下一步</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Settle 2: banknotes of each denomination and coins must add up to the counted total; then commit. */
export function DepositSettle2({
  pocketCount,
  countedTotal,
  onBack,
  onCommitted,
}: {
  pocketCount: number;
  countedTotal: number;
  onBack: () => void;
  onCommitted: () => void;
}) {
  const { t, i18n } = useLingui();
  const commit = useCommitDeposit();
  const [counts, setCounts] = useState<BanknoteCounts>(emptyBanknotes);
  const [coins, setCoins] = useState('');
  const [requestId] = useState(newRequestId);
  const parsed = parseBanknotes(counts, coins);
  const sum = parsed ? banknoteTotal(parsed.notes, parsed.coins) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parsed === null || sum === null) {
      toast.danger(t`金額只能輸入數字`);
      return;
    }
    if (sum !== countedTotal) {
      toast.danger(t`總金額不符`);
      return;
    }
    try {
      const response = await commit.mutateAsync({
        pocketCount,
        banknotes: parsed.notes,
        coins: parsed.coins,
        banknoteTotal: sum,
        requestId,
      });
      if (response.status !== 'ok') {
        toast.danger(i18n._(depositReasonMessage(response.reason)));
        return;
      }
      const total = response.total;
      toast.success(t`已存入 ${total} 元`);
      onCommitted();
    } catch (error) {
      console.error('deposit commit failed', error);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text fw={700}>
          <Trans>結算二：清點鈔票與硬幣</Trans>
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 3 }}>
          {BANKNOTE_DENOMINATIONS.map((denomination) => (
            <TextInput
              key={denomination}
              label={t`${denomination} 元鈔票張數`}
              inputMode="numeric"
              value={counts[denomination]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setCounts((previous) => ({ ...previous, [denomination]: value }));
              }}
              autoComplete="off"
            />
          ))}
          <TextInput
            label={t`硬幣總額（元）`}
            inputMode="numeric"
            value={coins}
            onChange={(event) => setCoins(event.currentTarget.value)}
            autoComplete="off"
          />
        </SimpleGrid>
        <Text>
          {sum === null ? (
            <Trans>金額只能輸入數字</Trans>
          ) : (
            <Trans>
              合計 {sum} 元，應為 {countedTotal} 元
            </Trans>
          )}
        </Text>
        <Group>
          <Button variant="default" onClick={onBack} disabled={commit.isPending}>
            <Trans>返回</Trans>
          </Button>
          <Button type="submit" loading={commit.isPending}>
            <Trans>存入</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
