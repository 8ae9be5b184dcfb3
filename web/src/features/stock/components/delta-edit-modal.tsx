import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { editStockDelta, invalidateStock, type StockLogRow } from '../api/stock';
import { normalizeYearMonth, YEAR_MONTH } from '../lib/stock-forms';
import { newRequestId } from '../lib/request-id';
import { useStockMessages } from './stock-messages';

/**
 * The stockdelta edit (PUT /admin/stockdelta/{pk}, stockpurchase): a delta's comment, and a purchase's
 * origin and expiry date (for E24 papers the manufacturing date is the batch date and is not edited here).
 */
export function DeltaEditModal({ row, onClose }: { row: StockLogRow; onClose: () => void }) {
  const { t } = useLingui();
  const messages = useStockMessages();
  const queryClient = useQueryClient();
  const purchase = row.kind === 1;
  const [comment, setComment] = useState(row.comment ?? '');
  const [origin, setOrigin] = useState(row.origin ?? '');
  const [expireddate, setExpireddate] = useState(row.expireddate);
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const date = normalizeYearMonth(expireddate);
    if (purchase && date !== '' && !YEAR_MONTH.test(date)) return toast.danger(messages.text('data'));
    setBusy(true);
    try {
      const answer = await editStockDelta(row.pk, {
        comment,
        ...(purchase ? { origin, expireddate: date } : {}),
        requestId,
      });
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason));
      await invalidateStock(queryClient);
      toast.success(messages.saved);
      onClose();
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t`編輯異動 #${row.pk}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {purchase && (
            <>
              <TextInput
                label={t`進貨來源`}
                value={origin}
                onChange={(event) => setOrigin(event.currentTarget.value)}
              />
              <TextInput
                label={t`有效期限（YYYY/MM）`}
                value={expireddate}
                onChange={(event) => setExpireddate(event.currentTarget.value)}
              />
            </>
          )}
          <Textarea
            label={t`備註`}
            autosize
            minRows={2}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>儲存</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
