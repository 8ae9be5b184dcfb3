import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { PickerKind } from '../../../shared/search-picker/kinds';
import { stockKind } from '../../../shared/search-picker/kinds';
import { SearchPicker } from '../../../shared/search-picker/search-picker';
import { toast } from '../../../shared/ui/toast';
import type { StockItem } from '../api/stock';
import { newRequestId } from '../lib/request-id';
import { BatchDateInput } from './batch-date-input';
import { checkPurchase, normalizeYearMonth, requiredDate } from '../lib/stock-forms';
import { useStockMessages } from './stock-messages';

/** One item of the wizard as the overview lists it and the final call sends it. */
export interface WizardItem {
  /** Tells the rows of the overview apart (an item may be bought twice, at two prices). */
  id: string;
  stock: StockItem;
  quantity: string;
  amount: string;
  expireddate: string;
  manufacturedate: string;
  comment: string;
}

/** The stock picker (document 3: pk, barcodes from 4 characters, name), labelled with the item's number. */
const itemKind: PickerKind<StockItem> = {
  keysOf: (entry, search) => stockKind.keysOf(entry, search),
  labelOf: (entry) => `${entry.name} (${entry.pkstr})`,
};

/**
 * The wizard's step 2, add item: quantity and total price positive integers, the manufacturing date for
 * E24 and the expiry date for F (YYYY/MM), comment optional.
 */
export function WizardItemForm({
  stocklist,
  onAdd,
  onCancel,
}: {
  stocklist: StockItem[];
  onAdd: (item: WizardItem) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const messages = useStockMessages();
  const [stock, setStock] = useState<StockItem | null>(null);
  const [form, setForm] = useState({
    quantity: '',
    amount: '',
    expireddate: '',
    manufacturedate: '',
    comment: '',
  });
  const set = (key: keyof typeof form, value: string) =>
    setForm((previous) => ({ ...previous, [key]: value }));
  const needed = stock ? requiredDate(stock.account.prefix) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (stock === null) return toast.danger(t`請選擇品項`);
    const refused = checkPurchase({ ...form, delta: form.quantity }, stock.account.prefix, true);
    if (refused) return toast.danger(messages.text(refused));
    onAdd({
      id: newRequestId(),
      stock,
      quantity: form.quantity.trim(),
      amount: form.amount.trim(),
      expireddate: normalizeYearMonth(form.expireddate),
      manufacturedate: normalizeYearMonth(form.manufacturedate),
      comment: form.comment,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={640}>
        <SearchPicker
          kind={itemKind}
          entries={stocklist}
          value={stock}
          onChange={setStock}
          label={t`品項`}
          description={t`輸入品名、編號或條碼（條碼至少 4 碼）`}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={stock ? t`數量（${stock.unit}）` : t`數量`}
            inputMode="numeric"
            required
            value={form.quantity}
            onChange={(event) => set('quantity', event.currentTarget.value)}
          />
          <TextInput
            label={t`總價（元）`}
            inputMode="numeric"
            required
            value={form.amount}
            onChange={(event) => set('amount', event.currentTarget.value)}
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
          minRows={1}
          value={form.comment}
          onChange={(event) => set('comment', event.currentTarget.value)}
        />
        <Group>
          <Button type="submit">
            <Trans>加入明細</Trans>
          </Button>
          <Button variant="default" onClick={onCancel}>
            <Trans>返回明細</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
