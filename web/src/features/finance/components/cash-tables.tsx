import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { FinanceSummary } from '../api/finance';
import { formatNtd } from './money';

/** The cash each staff member holds for the club now. */
export function StaffCashTable({ rows }: { rows: FinanceSummary['staffCash'] }) {
  const { t } = useLingui();
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        <Trans>幹部手上沒有現金</Trans>
      </Text>
    );
  return (
    <ScrollTable caption={t`幹部手上現金`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>幹部</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>金額</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td>
                {row.name} ({row.pkstr})
              </Table.Td>
              <Table.Td ta="right">{formatNtd(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Pouches by where their cash is: with members' declared amounts, in the open batch, committed. */
export function PouchTable({ pouches }: { pouches: FinanceSummary['pouches'] }) {
  const { t } = useLingui();
  const rows = [
    { key: 'uncounted', label: t`已使用、未點收`, ...pouches.uncounted },
    { key: 'counted', label: t`已點收、未入帳`, ...pouches.counted },
    { key: 'committed', label: t`本學期已入帳`, ...pouches.committed },
  ];
  return (
    <ScrollTable caption={t`儲值袋`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>狀態</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>袋數</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>金額</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">{row.count}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Trans>未使用</Trans>
            </Table.Td>
            <Table.Td ta="right">{pouches.unused}</Table.Td>
            <Table.Td ta="right">–</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
