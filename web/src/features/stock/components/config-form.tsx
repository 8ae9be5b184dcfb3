import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Fieldset, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { invalidateStock, type StockSingleData, saveStockConfig } from '../api/stock';
import { checkConfig } from '../lib/stock-forms';
import { newRequestId } from '../lib/request-id';
import { useAccountName } from './stock-bits';
import { useStockMessages } from './stock-messages';

const text = (value: number | null): string => (value === null ? '' : String(value));

/**
 * The config tab (stock): name, unit, account, price (empty: not for sale), discount price and points
 * (both or neither, the discount lower than the price), barcodes one a line, display on the price list,
 * film type, the giclee settings for giclee paper, comment.
 */
export function ConfigForm({ pk, data }: { pk: string; data: StockSingleData }) {
  const { t, i18n } = useLingui();
  const messages = useStockMessages();
  const accountName = useAccountName();
  const queryClient = useQueryClient();
  const { stock } = data;
  const [form, setForm] = useState({
    name: stock.name,
    unit: stock.unit,
    account: stock.account.prefix,
    price: text(stock.price),
    discountprice: text(stock.discountprice),
    discountpoint: text(stock.discountpoint),
    barcodetext: stock.barcodetext,
    comment: stock.comment,
    display: stock.display,
    filmtype: String(stock.filmtype),
    payable: stock.gicleejson.payable,
    gicleeKind: stock.gicleejson.kind,
    keyword: stock.gicleejson.keyword,
  });
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const set = <Key extends keyof typeof form>(key: Key, value: (typeof form)[Key]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = checkConfig(form);
    if (refused) return toast.danger(messages.text(refused));
    setBusy(true);
    try {
      const answer = await saveStockConfig(pk, {
        stock: {
          name: form.name.trim(),
          unit: form.unit.trim(),
          price: form.price.trim() || null,
          discountprice: form.discountprice.trim() || null,
          discountpoint: form.discountpoint.trim() || null,
          barcodetext: form.barcodetext,
          comment: form.comment,
          display: form.display,
          filmtype: Number(form.filmtype),
          gicleejson: { payable: form.payable, kind: form.gicleeKind, keyword: form.keyword },
          ...(form.account === stock.account.prefix ? {} : { account: form.account }),
        },
        requestId,
      });
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason));
      setRequestId(newRequestId());
      await invalidateStock(queryClient);
      toast.success(messages.saved);
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
            label={t`品名`}
            required
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label={t`單位`}
            value={form.unit}
            onChange={(event) => set('unit', event.currentTarget.value)}
          />
          <Select
            label={t`帳戶`}
            data={data.accountlist.map((account) => ({ value: account.prefix, label: accountName(account) }))}
            value={form.account}
            onChange={(value) => value && set('account', value)}
          />
          <Select
            label={t`底片種類`}
            data={['0', '1', '2', '3'].map((value) => ({
              value,
              label: [t`未知`, t`黑白`, t`彩色負片`, t`正片`][Number(value)]!,
            }))}
            value={form.filmtype}
            onChange={(value) => value && set('filmtype', value)}
          />
          <TextInput
            label={t`售價`}
            description={t`留空表示不販售`}
            inputMode="decimal"
            value={form.price}
            onChange={(event) => set('price', event.currentTarget.value)}
          />
          <div />
          <TextInput
            label={t`優惠價`}
            inputMode="decimal"
            value={form.discountprice}
            onChange={(event) => set('discountprice', event.currentTarget.value)}
          />
          <TextInput
            label={t`優惠點數`}
            description={t`點數達到此數可用優惠價`}
            inputMode="decimal"
            value={form.discountpoint}
            onChange={(event) => set('discountpoint', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label={t`條碼`}
          description={t`一行一個`}
          autosize
          minRows={2}
          value={form.barcodetext}
          onChange={(event) => set('barcodetext', event.currentTarget.value)}
        />
        <Switch
          label={t`顯示在價目表`}
          checked={form.display}
          onChange={(event) => set('display', event.currentTarget.checked)}
        />
        {(stock.account.prefix === 'GICLEE' || form.account === 'GICLEE') && (
          <Fieldset legend={t`數位輸出設定`}>
            <Stack gap="sm">
              <Switch
                label={t`輸出時收費`}
                checked={form.payable}
                onChange={(event) => set('payable', event.currentTarget.checked)}
              />
              <Select
                label={t`紙張種類`}
                clearable
                data={data.gicleeKindList.map((kind) => ({
                  value: kind.key,
                  label: i18n.locale === 'en' ? kind.nameEn : kind.name,
                }))}
                value={form.gicleeKind || null}
                onChange={(value) => set('gicleeKind', value ?? '')}
              />
              <TextInput
                label={t`關鍵字`}
                description={t`輸出工作的檔名含此關鍵字時使用這個品項`}
                value={form.keyword}
                onChange={(event) => set('keyword', event.currentTarget.value)}
              />
            </Stack>
          </Fieldset>
        )}
        <Textarea
          label={t`備註`}
          autosize
          minRows={2}
          value={form.comment}
          onChange={(event) => set('comment', event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          <Trans>儲存設定</Trans>
        </Button>
      </Stack>
    </form>
  );
}
