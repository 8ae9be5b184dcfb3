import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
// The file service's uploader (features/files): the one component that knows the upload calls and their
// messages. Imported across features on purpose rather than copied; see docs/stock-pages.md.
import { FileUploader } from '../../files/components/file-uploader';
import { newPurchaseBatch } from '../api/stock';
import { newRequestId } from '../lib/request-id';
import { useStockMessages } from './stock-messages';

export interface ReceiptFile {
  pk: number;
  filename: string;
  url: string;
}

/**
 * Receipts of one purchase: a receipt batch is asked for on the first upload (POST
 * /admin/stock/purchase/new), then the files go through POST /upload with objname stockreceipt and the
 * batch's pk. The purchase sends that pk and the receipts' pks.
 */
export function ReceiptBox({
  purchasepk,
  onBatch,
  receipts,
  onReceipts,
}: {
  purchasepk: number | null;
  onBatch: (purchasepk: number) => void;
  receipts: readonly ReceiptFile[];
  onReceipts: (receipts: ReceiptFile[]) => void;
}) {
  const { t } = useLingui();
  const messages = useStockMessages();
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);

  const start = async () => {
    setBusy(true);
    try {
      const answer = await newPurchaseBatch(requestId);
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason));
      onBatch(answer.purchasepk);
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      {receipts.length > 0 ? (
        <List aria-label={t`已上傳的收據`}>
          {receipts.map((receipt) => (
            <List.Item key={receipt.pk}>
              <Anchor href={receipt.url} target="_blank" rel="noopener noreferrer">
                {receipt.filename}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>尚未上傳收據</Trans>
        </Text>
      )}
      {purchasepk === null ? (
        <Button variant="light" onClick={() => void start()} loading={busy}>
          <Trans>上傳收據</Trans>
        </Button>
      ) : (
        <FileUploader
          target={{ objname: 'stockreceipt', pk: purchasepk }}
          acceptPdf
          onUploaded={(records) =>
            onReceipts([
              ...receipts,
              ...records.map((record) => ({ pk: record.pk, filename: record.filename, url: record.url })),
            ])
          }
        />
      )}
    </Stack>
  );
}
