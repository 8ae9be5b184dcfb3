import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { TransactionDetail } from '../api/transactions';
import { hasText, newRequestId, parseStockDelta, parseWholeAmount } from '../lib/correction-form';
import { defaultRefundQuantity, stockRefundRefusal, stockRefundRule } from '../lib/stock-refund';
import { useCorrectionMessages } from './correction-messages';
import { useSubmitCorrection } from './use-submit-correction';

/**
 * The refund form (spec doc 3, sections 4 and 5): amount, stock delta and reason, all required. With the
 * member-fee option the refund also cancels the membership (or workshop deposit) the transaction paid.
 */
export function RefundForm({ pk, detail }: { pk: string; detail: TransactionDetail }) {
  const { t } = useLingui();
  const { submit, isPending } = useSubmitCorrection(pk);
  const [amount, setAmount] = useState(String(detail.refundable));
  // A stock line's refund rule (document 3, section 4) decides what the form starts with and allows.
  const stockRule = stockRefundRule(detail.stockdelta);
  const unit = detail.stockdelta?.stock?.unit ?? '';
  const messages = useCorrectionMessages();
  const [stockDelta, setStockDelta] = useState(String(defaultRefundQuantity(stockRule)));
  const [reason, setReason] = useState('');
  const [memberFee, setMemberFee] = useState(false);
  const [removeGicleeLink, setRemoveGicleeLink] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const due = detail.memberfee ?? detail.workshop;
  const dueStands = due !== null && due.status === 'paid';
  const refundable = detail.refundable;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refundAmount = parseWholeAmount(amount);
    const refundStockDelta = parseStockDelta(stockDelta);
    if (refundAmount === null) return toast.danger(t`請輸入退款金額（正整數）`);
    if (refundStockDelta === null) return toast.danger(t`請輸入退回的庫存數量（數字，沒有請填 0）`);
    if (!hasText(reason)) return toast.danger(t`請輸入退款原因`);
    const stockRefused = stockRefundRefusal(stockRule, refundAmount, refundable, refundStockDelta);
    if (stockRefused) return toast.danger(messages.failText(stockRefused));
    const ok = await submit(
      {
        cmd: 'refund',
        refundAmount,
        refundStockDelta,
        refundReason: reason.trim(),
        memberFee: dueStands && memberFee,
        removeGicleeLink: detail.gicleejob !== null && removeGicleeLink,
      },
      requestId,
    );
    if (ok) {
      setRequestId(newRequestId());
      setReason('');
      setMemberFee(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="refund-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="refund-title">
            <Trans>退費</Trans>
          </Title>
          <TextInput
            label={t`退款金額`}
            description={t`最多 ${refundable} 元`}
            inputMode="numeric"
            required
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
          <TextInput
            label={t`退回的庫存數量`}
            description={
              stockRule.rule === 'purchase'
                ? t`進貨退貨：退還全部金額，退回全部 ${stockRule.quantity} ${unit}，並刪除這筆進貨`
                : stockRule.rule === 'sale'
                  ? t`銷售退貨：最多退回 ${stockRule.remaining} ${unit}；只退款請填 0`
                  : t`沒有庫存異動請填 0`
            }
            inputMode="decimal"
            required
            value={stockDelta}
            onChange={(event) => setStockDelta(event.currentTarget.value)}
          />
          <TextInput
            label={t`退款原因`}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {dueStands && detail.memberfee !== null && (
            <Checkbox
              label={t`社費退費`}
              description={t`會取消 ${detail.memberfee.semester} 學期的社員資格，之後需要重新繳費`}
              checked={memberFee}
              onChange={(event) => setMemberFee(event.currentTarget.checked)}
            />
          )}
          {dueStands && detail.memberfee === null && detail.workshop !== null && (
            <Checkbox
              label={t`保證金退費`}
              description={t`會取消這筆工作坊保證金，之後需要重新繳交`}
              checked={memberFee}
              onChange={(event) => setMemberFee(event.currentTarget.checked)}
            />
          )}
          {detail.gicleejob !== null && (
            <Checkbox
              label={t`移除輸出工作的付款連結`}
              description={t`這件輸出工作可以重新付款`}
              checked={removeGicleeLink}
              onChange={(event) => setRemoveGicleeLink(event.currentTarget.checked)}
            />
          )}
          <Button type="submit" loading={isPending}>
            <Trans>退費</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
