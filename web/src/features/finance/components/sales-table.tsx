import { Trans, useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { FinanceSummary } from '../api/finance';
import { formatNtd } from './money';

/** Counter sales and purchases of the semester by the price list's account prefix. */
export function SalesByPrefixTable({
  rows,
  english,
}: {
  rows: FinanceSummary['salesByPrefix'];
  english: boolean;
}) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <ScrollTable caption={t`依品項類別的銷售與進貨`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>類別</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>銷售</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>進貨</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.prefix}>
              <Table.Td>
                {english ? row.nameEn : row.name} ({row.prefix})
              </Table.Td>
              <Table.Td ta="right">{formatNtd(row.sales)}</Table.Td>
              <Table.Td ta="right">{formatNtd(row.purchases)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
