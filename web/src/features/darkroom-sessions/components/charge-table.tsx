import { useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { ChargeView } from '../api/darkroom-sessions';
import { useDarkroomTexts } from './texts';

/** A charge: each fee item with its units, the units the member fee covers, and the amount. */
export function ChargeTable({ charge, caption }: { charge: ChargeView; caption: string }) {
  const { t } = useLingui();
  const { itemName } = useDarkroomTexts();
  if (charge.items.length === 0) return <Text>{t`沒有需要收費的項目`}</Text>;
  return (
    <ScrollTable caption={caption} minWidth={360}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`項目`}</Table.Th>
            <Table.Th>{t`數量`}</Table.Th>
            <Table.Th>{t`社費抵用`}</Table.Th>
            <Table.Th>{t`單價`}</Table.Th>
            <Table.Th>{t`金額`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charge.items.map((item) => (
            <Table.Tr key={item.code}>
              <Table.Td>{itemName(item.code)}</Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{item.covered}</Table.Td>
              <Table.Td>{item.unitprice}</Table.Td>
              <Table.Td>{item.amount}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={4}>{t`合計`}</Table.Td>
            <Table.Td>{charge.total}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
