import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import type { ClientScope } from '../api/library';
import { fixPaperBox, invalidatePaper, type PaperRow, usePaperRows } from '../api/paper';
import { taipeiMinutes } from '../lib/format';
import { useLoanMessages } from './loan-messages';
import { PaperStateBadge } from './paper-state';

/** AdminSharingPaperRow (document 3): a box's usage history, newest first, and staff's fix of a problem. */
export function PaperRows({
  pk,
  scope,
  staff,
  edit,
}: {
  pk: string;
  scope: ClientScope;
  staff: boolean;
  edit: (pk: number) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const rows = usePaperRows(pk, scope);
  const message = useLoanMessages();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const actionLabel = (row: PaperRow) =>
    row.action === 'borrow'
      ? t`借出`
      : row.action === 'set'
        ? t`設定`
        : row.action === 'fix'
          ? t`已處理`
          : t`歸還`;
  const columns: LogColumn<PaperRow>[] = [
    { key: 'time', header: t`時間`, cell: (row) => taipeiMinutes(row.timestamp), nowrap: true },
    { key: 'action', header: t`動作`, cell: actionLabel, nowrap: true },
    { key: 'user', header: t`使用者`, cell: (row) => row.user?.name ?? '' },
    {
      key: 'out',
      header: t`借出重量／張數`,
      cell: (row) => (row.borrowweight === null ? '' : `${row.borrowweight} g / ${row.borrowquantity ?? ''}`),
    },
    { key: 'returntime', header: t`歸還`, cell: (row) => taipeiMinutes(row.returntime), nowrap: true },
    {
      key: 'in',
      header: t`歸還重量／張數`,
      cell: (row) => (row.returnweight === null ? '' : `${row.returnweight} g / ${row.returnquantity ?? ''}`),
    },
    {
      key: 'used',
      header: t`使用張數／金額`,
      cell: (row) => (row.checkoutdelta === null ? '' : t`${row.checkoutdelta} 張 / ${row.amount ?? 0} 元`),
    },
    {
      key: 'comment',
      header: t`備註`,
      cell: (row) => `${row.problem ? `${t`有問題`} ` : ''}${row.comment}`,
    },
  ];
  const box = rows.data?.box;
  const fix = async () => {
    if (!box) return;
    setProblem(null);
    try {
      const answer = await fixPaperBox(box.pk, comment.trim());
      if (answer.status === 'ok') {
        setComment('');
        await invalidatePaper(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`失敗，請再試一次`);
    }
  };
  return (
    <Stack>
      {box && (
        <Group>
          <Text fw={700}>
            {box.stock.name} ({box.barcode})
          </Text>
          <PaperStateBadge box={box} />
          <Text>{t`剩 ${box.quantity} 張`}</Text>
          <Button size="xs" onClick={() => edit(box.pk)}>
            {box.editable ? t`借出` : t`歸還`}
          </Button>
        </Group>
      )}
      {box && staff && box.state === 'problem' && (
        <Group align="flex-end">
          <TextInput
            label={t`處理說明`}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Button variant="outline" onClick={() => void fix()}>
            <Trans>標記已處理</Trans>
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <PagedLogTable
        caption={t`使用紀錄`}
        columns={columns}
        query={{
          isPending: rows.isPending,
          isError: rows.isError,
          data: rows.data
            ? {
                loglist: rows.data.loglist,
                pager: {
                  totalrows: rows.data.loglist.length,
                  rowsperpage: rows.data.loglist.length + 1,
                  page: 1,
                },
              }
            : undefined,
          refetch: rows.refetch,
        }}
        rowKey={(row) => row.pk}
        page={1}
        onPage={() => undefined}
      />
    </Stack>
  );
}
