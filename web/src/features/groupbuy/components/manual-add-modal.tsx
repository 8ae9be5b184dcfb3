import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type GroupBuy, useAddManualOrder } from '../api/groupbuy';
import { groupBuyReasonText } from '../lib/messages';

/**
 * The administrator's manual add (document 2: POST /groupbuy/order/manual/add): an order in their own
 * name at a price they set, with no deposit (docs/groupbuy.md). The total follows unit price × quantity
 * until the administrator types one of their own (a discount agreed with the shop, say).
 */
export function ManualAddModal({ groupBuy, onClose }: { groupBuy: GroupBuy | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const add = useAddManualOrder();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [unitprice, setUnitprice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [weight, setWeight] = useState('');
  const [ownTotal, setOwnTotal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One id per opened form: a double click or a retry after a lost answer adds the order once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  if (!groupBuy) return null;

  const computed =
    /^\d+$/.test(unitprice) && /^\d+$/.test(quantity) ? String(Number(unitprice) * Number(quantity)) : '';
  const totalfee = ownTotal ?? computed;
  const close = () => {
    setUrl('');
    setTitle('');
    setUnitprice('');
    setQuantity('1');
    setWeight('');
    setOwnTotal(null);
    setError(null);
    setRequestId(crypto.randomUUID());
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      const reply = await add.mutateAsync({
        gbpk: groupBuy.pk,
        url: url.trim(),
        title,
        unitprice,
        totalfee,
        quantity,
        weight,
        requestId,
      });
      if (reply.status === 'ok') {
        toast.success(t`已手動新增訂單`);
        close();
      } else setError(i18n._(groupBuyReasonText(reply.reason)));
    } catch (failure) {
      console.error('group-buy manual add failed', failure);
      setError(i18n._(groupBuyReasonText('unknown')));
    }
  };

  return (
    <Modal opened onClose={close} title={t`團購 #${groupBuy.pk} 手動新增訂單`} size="lg">
      <Stack>
        <Text size="sm">
          <Trans>訂單記在你的名下，依你填的單價與總價計算，不收訂金。</Trans>
        </Text>
        <TextInput label={t`商品網址`} value={url} onChange={(event) => setUrl(event.currentTarget.value)} />
        <TextInput
          label={t`商品名稱`}
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Group grow align="start">
          <TextInput
            label={t`單價（新台幣）`}
            inputMode="numeric"
            required
            value={unitprice}
            onChange={(event) => setUnitprice(event.currentTarget.value.trim())}
          />
          <TextInput
            label={t`數量`}
            inputMode="numeric"
            required
            value={quantity}
            onChange={(event) => setQuantity(event.currentTarget.value.trim())}
          />
        </Group>
        <Group grow align="start">
          <TextInput
            label={t`包裝重量 (lb)`}
            inputMode="decimal"
            value={weight}
            onChange={(event) => setWeight(event.currentTarget.value.trim())}
          />
          <TextInput
            label={t`總價（新台幣）`}
            inputMode="numeric"
            required
            value={totalfee}
            onChange={(event) => setOwnTotal(event.currentTarget.value.trim())}
          />
        </Group>
        {error && (
          <Text c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>取消</Trans>
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            <Trans>新增訂單</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
