import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PersonPicker } from '../../../shared/components/person-picker';
import type { PersonRef } from '../../../shared/api/user-search';
import { toast } from '../../../shared/ui/toast';
import type { AccountParty, TransactionDetail } from '../api/transactions';
import { hasText, newRequestId, parseWholeAmount } from '../lib/correction-form';
import { useSubmitCorrection } from './use-submit-correction';

const personOf = (party: AccountParty): PersonRef => ({ pk: party.pk, pkstr: party.pkstr, name: party.name });

/**
 * The modify form (spec doc 3, section 7: modifyUser, modifyAmount, modifySummary): the transaction is
 * reversed and booked again from the same payer to the chosen person with the new amount and summary.
 */
export function ModifyForm({ pk, detail }: { pk: string; detail: TransactionDetail }) {
  const { t } = useLingui();
  const { submit, isPending } = useSubmitCorrection(pk);
  const { obj } = detail;
  const payer = obj.delta < 0 ? obj.user : obj.symuser;
  const recipient = obj.delta < 0 ? obj.symuser : obj.user;
  const [user, setUser] = useState<PersonRef | null>(personOf(recipient));
  const [amount, setAmount] = useState(String(Math.abs(obj.delta)));
  const [summary, setSummary] = useState(obj.summary);
  const [requestId, setRequestId] = useState(newRequestId);
  const payerName = payer.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const modifyAmount = parseWholeAmount(amount);
    if (user === null) return toast.danger(t`請選擇對象`);
    if (modifyAmount === null) return toast.danger(t`請輸入金額（正整數）`);
    if (!hasText(summary)) return toast.danger(t`請輸入摘要`);
    const ok = await submit(
      { cmd: 'modify', modifyUser: user, modifyAmount, modifySummary: summary.trim() },
      requestId,
    );
    if (ok) setRequestId(newRequestId());
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="modify-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="modify-title">
            <Trans>修改</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>原交易會被沖銷，再由 {payerName} 付出修改後的金額。</Trans>
          </Text>
          <PersonPicker
            label={t`收款人`}
            value={user}
            onChange={setUser}
            extra={[recipient, payer].filter((party) => !party.account.startsWith('cash-')).map(personOf)}
            required
          />
          <TextInput
            label={t`金額`}
            inputMode="numeric"
            required
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
          <TextInput
            label={t`摘要`}
            required
            value={summary}
            onChange={(event) => setSummary(event.currentTarget.value)}
          />
          <Button type="submit" loading={isPending}>
            <Trans>修改</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
