import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { ActivityRow } from '../api/finance';
import { formatNtd } from './money';

/** Income and expense of the club's accounts in the semester, grouped as a treasurer reads them. */
export function ActivityTable({ rows, english }: { rows: readonly ActivityRow[]; english: boolean }) {
  const { t } = useLingui();
  const groupLabel: Record<ActivityRow['group'], string> = {
    income: t`收入`,
    held: t`代收代付`,
    stock: t`銷售與進貨`,
    cash: t`現金`,
  };
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        <Trans>本學期沒有收支</Trans>
      </Text>
    );
  return (
    <ScrollTable caption={t`各帳戶收支`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>帳戶</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>類別</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>收入</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>支出</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>淨額</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>筆數</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.account}>
              <Table.Td>
                {english ? row.nameEn : row.name} ({row.account})
              </Table.Td>
              <Table.Td>{groupLabel[row.group]}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.income)}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.expense)}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.net)}</Table.Td>
              <Table.Td ta="right">{row.lines}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
