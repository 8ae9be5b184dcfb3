import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { usePouchTopUp } from '../api/money';
import { useFeedback } from '../components/feedback';
import { pouchMessage, serverErrorMessage } from '../components/money-messages';
import { StoreBackButton } from '../components/store-back-button';
import { useClientScope } from '../components/use-client-scope';
import { parsePouchAmount } from '../lib/transfer-rules';

/**
 * UserPouchTopUp (/user/topup, an addition to the spec's route table; docs/api.md): a member puts cash
 * in a numbered pouch, enters its barcode and the amount (multiples of 100 NTD) and is credited at once;
 * staff count the pouches later (AdminDeposit).
 */
export default function PouchTopUpPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const scope = useClientScope();
  const feedback = useFeedback(scope);
  const topUpMutation = usePouchTopUp();
  const [barcode, setBarcode] = useState('');
  const [amountText, setAmountText] = useState('');
  const [done, setDone] = useState<{ amount: number; balance: number } | null>(null);
  const balance = user?.balance ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    feedback.clear();
    setDone(null);
    const code = barcode.trim();
    if (code === '') {
      feedback.danger(pouchMessage('barcode_required'));
      return;
    }
    const amount = parsePouchAmount(amountText);
    if (amount === null) {
      feedback.danger(pouchMessage('amount_invalid'));
      return;
    }
    try {
      const response = await topUpMutation.mutateAsync({ barcode: code, amount, scope });
      if (response.status === 'ok') {
        setDone({ amount, balance: response.balance });
        setBarcode('');
        setAmountText('');
      } else {
        feedback.danger(pouchMessage(response.reason));
      }
    } catch (error) {
      // A retry of the same pouch and amount answers as the first attempt did; nothing is credited twice.
      console.error('pouch top-up failed', error);
      feedback.danger(serverErrorMessage);
    }
  };

  return (
    <Stack>
      <StoreBackButton scope={scope} />
      <Title order={2}>
        <Trans>儲值袋儲值</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          把現金放進編號儲值袋並封好，輸入（或掃描）袋上的條碼和放入的金額（100
          元的倍數）。金額會立即存入你的帳戶，幹部之後會清點儲值袋。
        </Trans>
      </Text>
      {done !== null && (
        <Alert color="green" title={<Trans>儲值成功</Trans>}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                已存入 {done.amount} 元，目前餘額 {done.balance} 元。
              </Trans>
            </Text>
            {links.isAvailable('TransLog') && (
              <Anchor component={Link} to={links.pathOf('TransLog')} size="sm">
                <Trans>查看交易紀錄</Trans>
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {feedback.inlineError}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Text>
              <Trans>目前餘額：{balance} 元</Trans>
            </Text>
            <TextInput
              label={t`儲值袋條碼`}
              value={barcode}
              autoComplete="off"
              onChange={(event) => setBarcode(event.currentTarget.value)}
            />
            <TextInput
              label={t`金額（元）`}
              description={t`100 元的倍數`}
              inputMode="numeric"
              value={amountText}
              onChange={(event) => setAmountText(event.currentTarget.value)}
            />
            <Button type="submit" loading={topUpMutation.isPending}>
              <Trans>儲值</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
