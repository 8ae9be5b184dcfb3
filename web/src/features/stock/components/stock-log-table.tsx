import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type StockLogKind, type StockLogRow, useStockLog } from '../api/stock';
import { formatQuantity } from '../lib/stock-forms';
import { DeltaEditModal } from './delta-edit-modal';
import { formatMoney, StockLink, TransLink } from './stock-bits';

export function useKindName() {
  const { t } = useLingui();
  return (kind: number): string => (kind === 1 ? t`進貨` : kind === 2 ? t`銷售` : t`盤點調整`);
}

function KindBadge({ row }: { row: StockLogRow }) {
  const kindName = useKindName();
  // Shade 9 outlines: the light variants of these colours fall short of WCAG AA contrast.
  const color = row.kind === 1 ? 'teal.9' : row.kind === 2 ? 'blue.9' : 'grape.9';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={color} variant="outline">
        {kindName(row.kind)}
      </Badge>
      {row.deleted && (
        <Badge color="gray">
          <Trans>已退貨刪除</Trans>
        </Badge>
      )}
    </Group>
  );
}

function Delta({ row }: { row: StockLogRow }) {
  const sign = row.delta > 0 ? '+' : row.delta < 0 ? '−' : '';
  return (
    <Stack gap={0}>
      <Text span fw={600} td={row.deleted ? 'line-through' : undefined}>
        {sign}
        {formatQuantity(Math.abs(row.delta))} {row.stock.unit}
      </Text>
      {row.refunded > 0 && (
        <Text span size="xs" c="dimmed">
          <Trans>已退回 {formatQuantity(row.refunded)}</Trans>
        </Text>
      )}
      {row.counted !== null && (
        <Text span size="xs" c="dimmed">
          <Trans>盤點數量 {formatQuantity(row.counted)}</Trans>
        </Text>
      )}
    </Stack>
  );
}

/**
 * A stock log (AdminStockLog and the item's log tab): by kind, paged, newest first. Unit price, amount,
 * comment, origin and receipts are stockpurchase columns (document 3, section 6): they are absent for
 * other staff, as the server sends them as null; adjustments' reasons are shown to all staff.
 */
export function StockLogTable({
  pk,
  kind,
  onKind,
}: {
  /** An item's pk, or 'all'. */
  pk: string;
  kind: StockLogKind;
  onKind: (kind: StockLogKind) => void;
}) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<StockLogRow | null>(null);
  const query = useStockLog(kind, pk, page);
  const purchaser = query.data?.viewer.stockpurchase ?? false;
  const columns: LogColumn<StockLogRow>[] = [
    { key: 'pk', header: '#', cell: (row) => row.pk, nowrap: true },
    {
      key: 'time',
      header: t`時間`,
      cell: (row) => formatTaipeiSeconds(row.timestamp).slice(0, 16),
      nowrap: true,
    },
    { key: 'kind', header: t`類別`, cell: (row) => <KindBadge row={row} /> },
    ...(pk === 'all'
      ? [
          {
            key: 'stock',
            header: t`品項`,
            cell: (row: StockLogRow) => (
              <StockLink pk={row.stock.pk} tab="log">
                {row.stock.name}
              </StockLink>
            ),
          },
        ]
      : []),
    { key: 'delta', header: t`數量`, cell: (row) => <Delta row={row} /> },
    ...(purchaser
      ? [
          { key: 'unitprice', header: t`單價`, cell: (row: StockLogRow) => formatMoney(row.unitprice) },
          { key: 'amount', header: t`金額`, cell: (row: StockLogRow) => formatMoney(row.amount) },
        ]
      : []),
    {
      key: 'who',
      header: t`經手人／購買人`,
      cell: (row) => (
        <Stack gap={0}>
          {row.execuser && <Text span>{row.execuser.name}</Text>}
          {row.user && row.user.pk !== row.execuser?.pk && (
            <Text span size="xs" c="dimmed">
              <Trans>購買人 {row.user.name}</Trans>
            </Text>
          )}
          {row.discount !== null && row.discount > 0 && (
            <Text span size="xs" c="dimmed">
              <Trans>點數優惠 {formatMoney(row.discount)} 元</Trans>
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'note',
      header: t`說明`,
      cell: (row) => (
        <Stack gap={0}>
          {row.reason && <Text span>{row.reason}</Text>}
          {row.origin && (
            <Text span>
              <Trans>來源：{row.origin}</Trans>
            </Text>
          )}
          {row.expireddate && (
            <Text span size="xs">
              <Trans>有效期限 {row.expireddate}</Trans>
            </Text>
          )}
          {row.manufacturedate && (
            <Text span size="xs">
              <Trans>製造日期 {row.manufacturedate}</Trans>
            </Text>
          )}
          {row.comment && row.comment !== row.reason && (
            <Text span size="xs" c="dimmed">
              {row.comment}
            </Text>
          )}
        </Stack>
      ),
    },
    ...(purchaser
      ? [
          {
            key: 'receipts',
            header: t`收據`,
            cell: (row: StockLogRow) => (
              <Stack gap={0}>
                {(row.receiptList ?? []).map((receipt) => (
                  <Anchor key={receipt.pk} href={receipt.url} target="_blank" rel="noopener noreferrer">
                    {receipt.filename}
                  </Anchor>
                ))}
              </Stack>
            ),
          },
        ]
      : []),
    { key: 'trans', header: t`交易`, cell: (row) => <TransLink pk={row.transpk} />, nowrap: true },
    ...(purchaser
      ? [
          {
            key: 'edit',
            header: t`編輯`,
            cell: (row: StockLogRow) => (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                <Trans>編輯 #{row.pk}</Trans>
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack>
      <SegmentedControl
        aria-label={t`異動類別`}
        value={kind}
        onChange={(value) => {
          setPage(1);
          onKind(value as StockLogKind);
        }}
        data={[
          { value: 'all', label: t`全部` },
          { value: '1', label: t`進貨` },
          { value: '2', label: t`銷售` },
          { value: '3', label: t`盤點調整` },
        ]}
      />
      <PagedLogTable
        caption={t`庫存異動紀錄`}
        columns={columns}
        query={query}
        rowKey={(row) => row.pk}
        page={page}
        onPage={setPage}
      />
      {editing && <DeltaEditModal row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
