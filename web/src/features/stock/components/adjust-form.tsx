import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { invalidateStock, runStockCommand, type StockItem } from '../api/stock';
import { checkAdjust, formatQuantity } from '../lib/stock-forms';
import { newRequestId } from '../lib/request-id';
import { useStockMessages } from './stock-messages';

/** The quantityadjust tab (stock): the counted quantity (a non-negative number) and why it differs. */
export function AdjustForm({ pk, stock }: { pk: string; stock: StockItem }) {
  const { t } = useLingui();
  const messages = useStockMessages();
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const current = `${formatQuantity(stock.quantity)} ${stock.unit}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = checkAdjust({ quantity, reason }, stock.quantity);
    if (refused) return toast.danger(messages.text(refused));
    setBusy(true);
    try {
      const answer = await runStockCommand(pk, {
        cmd: 'adjustQuantity',
        stock: { quantity: quantity.trim() },
        reason: reason.trim(),
        requestId,
      });
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason));
      setRequestId(newRequestId());
      setQuantity('');
      setReason('');
      await invalidateStock(queryClient);
      const now = `${formatQuantity(answer.stock.quantity)} ${answer.stock.unit}`;
      toast.success(t`已調整，目前庫存 ${now}`);
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={480}>
        <Text>
          <Trans>目前庫存 {current}</Trans>
        </Text>
        <TextInput
          label={t`盤點後數量`}
          inputMode="decimal"
          required
          value={quantity}
          onChange={(event) => setQuantity(event.currentTarget.value)}
        />
        <TextInput
          label={t`原因`}
          description={t`例如 盤點、損壞、樣品`}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          <Trans>調整數量</Trans>
        </Button>
      </Stack>
    </form>
  );
}
