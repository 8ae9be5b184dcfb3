import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { SessionUser } from '../../../shared/session/user';
import { type ClientScope, type SearchUser, type Transaction, useTransfer } from '../api/money';
import { displayLocale, partyLabel } from '../lib/money-display';
import { parseAmount, transferProblem } from '../lib/transfer-rules';
import { serverErrorMessage, transferMessage } from './money-messages';
import { newRequestId, useFeedback } from './feedback';
import { UserPicker } from './user-picker';

type Step =
  | { step: 'enter' }
  | { step: 'confirm'; recipient: SearchUser; amount: number; summary: string; requestId: string }
  | { step: 'done'; recipient: SearchUser; amount: number; trans: Transaction; balance: number };

const stepIndex = { enter: 0, confirm: 1, done: 2 } as const;

/**
 * The transfer wizard (doc 1, sections 2, 4, 5 and 8): step 1 enter (recipient, amount, summary), step 2
 * confirm (back to 1 is allowed), step 3 done (start another). Every check of the spec runs before step
 * 2, in the spec's order, and the server checks again.
 */
export function TransferWizard({
  user,
  entries,
  initialRecipient,
  scope,
}: {
  user: SessionUser;
  entries: readonly SearchUser[];
  initialRecipient: SearchUser | null;
  scope: ClientScope;
}) {
  const { t, i18n } = useLingui();
  const locale = displayLocale(i18n.locale);
  const links = useRouteLinks();
  const feedback = useFeedback(scope);
  const transferMutation = useTransfer();
  const [state, setState] = useState<Step>({ step: 'enter' });
  const [recipient, setRecipient] = useState<SearchUser | null>(initialRecipient);
  const [amountText, setAmountText] = useState('');
  const [summary, setSummary] = useState('');
  const balance = user.balance;

  const next = (event: FormEvent) => {
    event.preventDefault();
    feedback.clear();
    const problem = transferProblem({ recipient, amountText, summary, user });
    if (problem !== null || recipient === null) {
      feedback.danger(transferMessage(problem ?? 'no_recipient'));
      return;
    }
    setState({
      step: 'confirm',
      recipient,
      amount: parseAmount(amountText)!,
      summary: summary.trim(),
      requestId: newRequestId(),
    });
  };

  const confirm = async () => {
    if (state.step !== 'confirm') return;
    feedback.clear();
    try {
      const response = await transferMutation.mutateAsync({
        touserid: state.recipient.pk,
        amount: state.amount,
        summary: state.summary,
        requestId: state.requestId,
        scope,
      });
      if (response.status === 'ok') {
        setState({
          step: 'done',
          recipient: state.recipient,
          amount: state.amount,
          trans: response.trans,
          balance: response.balance,
        });
      } else {
        feedback.danger(transferMessage(response.reason));
      }
    } catch (error) {
      // The same requestId is kept, so pressing confirm again cannot move the money twice.
      console.error('transfer failed', error);
      feedback.danger(serverErrorMessage);
    }
  };

  const startAnother = () => {
    setRecipient(null);
    setAmountText('');
    setSummary('');
    feedback.clear();
    setState({ step: 'enter' });
  };

  return (
    <Stack>
      <Stepper active={stepIndex[state.step]} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`輸入`} />
        <Stepper.Step label={t`確認`} />
        <Stepper.Step label={t`完成`} />
      </Stepper>
      {feedback.inlineError}
      {state.step === 'enter' && (
        <Paper withBorder p="md" radius="md">
          <form onSubmit={next} noValidate>
            <Stack>
              <Text>
                <Trans>目前餘額：{balance} 元</Trans>
              </Text>
              <UserPicker entries={entries} value={recipient} onChange={setRecipient} label={t`轉帳對象`} />
              <TextInput
                label={t`金額（元）`}
                inputMode="numeric"
                value={amountText}
                onChange={(event) => setAmountText(event.currentTarget.value)}
              />
              <TextInput
                label={t`摘要`}
                description={t`至少 2 個字，對方的交易紀錄也會看到`}
                value={summary}
                onChange={(event) => setSummary(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button type="submit">
                  <Trans>下一步</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {state.step === 'confirm' && (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Text fw={700}>
              <Trans>請確認轉帳內容</Trans>
            </Text>
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={120}>
                    <Trans>轉帳對象</Trans>
                  </Table.Th>
                  <Table.Td>{partyLabel(state.recipient, locale)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>
                    <Trans>金額</Trans>
                  </Table.Th>
                  <Table.Td>
                    <Trans>{state.amount} 元</Trans>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>
                    <Trans>摘要</Trans>
                  </Table.Th>
                  <Table.Td>{state.summary}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setState({ step: 'enter' })}>
                <Trans>上一步</Trans>
              </Button>
              <Button onClick={() => void confirm()} loading={transferMutation.isPending}>
                <Trans>確認轉帳</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {state.step === 'done' && (
        <DoneStep
          recipientLabel={partyLabel(state.recipient, locale)}
          amount={state.amount}
          trans={state.trans}
          balance={state.balance}
          onAnother={startAnother}
          transLogPath={links.isAvailable('TransLog') ? links.pathOf('TransLog') : null}
        />
      )}
    </Stack>
  );
}

function DoneStep({
  recipientLabel,
  amount,
  trans,
  balance,
  onAnother,
  transLogPath,
}: {
  recipientLabel: string;
  amount: number;
  trans: Transaction;
  balance: number;
  onAnother: () => void;
  transLogPath: string | null;
}) {
  const transNumber = trans.pkstr;
  return (
    <Alert color="green" title={<Trans>轉帳完成</Trans>}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            已轉帳 {amount} 元給 {recipientLabel}，交易編號 {transNumber}。
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>目前餘額：{balance} 元</Trans>
        </Text>
        <Group>
          <Button onClick={onAnother}>
            <Trans>再轉一筆</Trans>
          </Button>
          {transLogPath !== null && (
            <Button component={Link} to={transLogPath} variant="light">
              <Trans>查看交易紀錄</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
