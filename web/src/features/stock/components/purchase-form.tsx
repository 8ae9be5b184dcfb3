import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { invalidateStock, runStockCommand, type StockItem } from '../api/stock';
import { BatchDateInput } from './batch-date-input';
import { checkPurchase, normalizeYearMonth, requiredDate } from '../lib/stock-forms';
import { newRequestId } from '../lib/request-id';
import { ReceiptBox, type ReceiptFile } from './receipt-box';
import { useStockMessages } from './stock-messages';

/**
 * The purchase tab (stockpurchase): one purchase of this item. The quantity is a non-negative number,
 * the total a positive whole NTD, dates YYYY/MM; E24 needs the manufacturing date, F the expiry date.
 */
export function PurchaseForm({ pk, stock }: { pk: string; stock: StockItem }) {
  const { t } = useLingui();
  const messages = useStockMessages();
  const queryClient = useQueryClient();
  const needed = requiredDate(stock.account.prefix);
  const empty = { delta: '', amount: '', origin: '', expireddate: '', manufacturedate: '', comment: '' };
  const [form, setForm] = useState(empty);
  const [purchasepk, setPurchasepk] = useState<number | null>(null);
  const [receipts, setReceipts] = useState<ReceiptFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const set = (key: keyof typeof form, value: string) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = checkPurchase(form, stock.account.prefix, false);
    if (refused) return toast.danger(messages.text(refused));
    setBusy(true);
    try {
      const answer = await runStockCommand(pk, {
        cmd: 'purchase',
        purchase: {
          delta: form.delta.trim(),
          amount: form.amount.trim(),
          origin: form.origin.trim(),
          expireddate: normalizeYearMonth(form.expireddate),
          manufacturedate: normalizeYearMonth(form.manufacturedate),
          comment: form.comment,
          ...(purchasepk === null ? {} : { purchasepk }),
          receiptList: receipts.map((receipt) => receipt.pk),
        },
        requestId,
      });
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason));
      setRequestId(newRequestId());
      setForm(empty);
      setPurchasepk(null);
      setReceipts([]);
      await invalidateStock(queryClient);
      toast.success(t`已記錄進貨`);
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`進貨數量（${stock.unit}）`}
            inputMode="decimal"
            required
            value={form.delta}
            onChange={(event) => set('delta', event.currentTarget.value)}
          />
          <TextInput
            label={t`總金額（元）`}
            inputMode="numeric"
            required
            value={form.amount}
            onChange={(event) => set('amount', event.currentTarget.value)}
          />
          <TextInput
            label={t`進貨來源`}
            value={form.origin}
            onChange={(event) => set('origin', event.currentTarget.value)}
          />
          <BatchDateInput
            needed={needed}
            manufacturedate={form.manufacturedate}
            expireddate={form.expireddate}
            onChange={set}
          />
        </SimpleGrid>
        <Textarea
          label={t`備註`}
          autosize
          minRows={2}
          value={form.comment}
          onChange={(event) => set('comment', event.currentTarget.value)}
        />
        <Fieldset legend={t`收據`}>
          <ReceiptBox
            purchasepk={purchasepk}
            onBatch={setPurchasepk}
            receipts={receipts}
            onReceipts={setReceipts}
          />
        </Fieldset>
        <Button type="submit" loading={busy}>
          <Trans>記錄進貨</Trans>
        </Button>
      </Stack>
    </form>
  );
}
