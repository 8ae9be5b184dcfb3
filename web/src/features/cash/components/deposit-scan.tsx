import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useScanPocket } from '../api/deposit';
import { wholeNumberOf } from '../lib/deposit';
import { depositReasonMessage } from './cash-messages';

interface Mismatch {
  barcode: string;
  amount: number;
  declared: number | null;
}

/** The counted amount differs from the declared one: recount, then confirm to count it anyway. */
function MismatchWarning({
  mismatch,
  busy,
  onForce,
}: {
  mismatch: Mismatch;
  busy: boolean;
  onForce: () => void;
}) {
  const { declared, amount } = mismatch;
  return (
    <Alert color="red" title={<Trans>金額不符</Trans>}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {declared === null ? (
            <Trans>點收的金額與申報的不同，請重新點過。</Trans>
          ) : (
            <Trans>
              申報 {declared} 元，點收 {amount} 元。請重新點過再確認。
            </Trans>
          )}
        </Text>
        <Button size="xs" color="red" loading={busy} onClick={onForce}>
          <Trans>已重新點過，以 {amount} 元點收</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** Scan: a pouch's barcode and the amount counted in it; a differing amount needs a recount to force. */
export function DepositScan({
  countedCount,
  countedTotal,
  onBack,
  onSettle,
}: {
  countedCount: number;
  countedTotal: number;
  onBack: () => void;
  onSettle: () => void;
}) {
  const { t, i18n } = useLingui();
  const scan = useScanPocket();
  const [barcode, setBarcode] = useState('');
  const [amount, setAmount] = useState('');
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const barcodeInput = useRef<HTMLInputElement>(null);

  const send = async (pocket: string, counted: number, force: boolean) => {
    try {
      const response = await scan.mutateAsync({ scanedPocket: pocket, amount: counted, force });
      if (response.status === 'ok') {
        toast.success(t`已點收 ${pocket}：${counted} 元`);
        setMismatch(null);
        setBarcode('');
        setAmount('');
        barcodeInput.current?.focus();
        return;
      }
      if (response.reason === 'amount') {
        setMismatch({ barcode: pocket, amount: counted, declared: response.declared ?? null });
        return;
      }
      toast.danger(i18n._(depositReasonMessage(response.reason)));
    } catch (error) {
      console.error('pouch scan failed', error);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const counted = wholeNumberOf(amount);
    if (counted === null) {
      toast.danger(t`請檢查金額`);
      return;
    }
    const pocket = barcode.trim();
    if (pocket === '') {
      toast.danger(i18n._(depositReasonMessage('unknown')));
      return;
    }
    void send(pocket, counted, false);
  };

  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
        <Stack gap="xs">
          <Group align="flex-end">
            <TextInput
              ref={barcodeInput}
              label={t`儲值袋條碼`}
              value={barcode}
              onChange={(event) => {
                setBarcode(event.currentTarget.value);
                setMismatch(null);
              }}
              autoComplete="off"
              data-autofocus
            />
            <TextInput
              label={t`點收金額`}
              inputMode="numeric"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setMismatch(null);
              }}
              autoComplete="off"
            />
            <Button type="submit" loading={scan.isPending}>
              <Trans>點收</Trans>
            </Button>
          </Group>
          {mismatch !== null && (
            <MismatchWarning
              mismatch={mismatch}
              busy={scan.isPending}
              onForce={() => void send(mismatch.barcode, mismatch.amount, true)}
            />
          )}
        </Stack>
      </Paper>
      <Text fw={700}>
        <Trans>
          本批已點收 {countedCount} 袋，共 {countedTotal} 元
        </Trans>
      </Text>
      <Group>
        <Button variant="default" onClick={onBack}>
          <Trans>回列表</Trans>
        </Button>
        <Button onClick={onSettle} disabled={countedCount === 0}>
          <Trans>結算</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
