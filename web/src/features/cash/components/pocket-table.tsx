import { Trans } from '@lingui/react/macro';
import { Badge, Table, Text } from '@mantine/core';
import type { Pocket, PocketFlag } from '../api/deposit';
import { formatTaipeiTime } from '../lib/fee-collection';
import { ScrollTable } from '../../../shared/ui/scroll-table';

function FlagBadge({ flag }: { flag: PocketFlag }) {
  switch (flag) {
    case 0:
      return (
        <Badge color="gray" variant="light">
          <Trans>未使用</Trans>
        </Badge>
      );
    case 1:
      return (
        <Badge color="orange" variant="light">
          <Trans>待點收</Trans>
        </Badge>
      );
    case 2:
      return (
        <Badge color="green" variant="light">
          <Trans>本批已點收</Trans>
        </Badge>
      );
  }
}

/** The pouches: used ones waiting for a count first, then those counted in this batch, then unused. */
export function PocketTable({ pockets }: { pockets: Pocket[] }) {
  if (pockets.length === 0)
    return (
      <Text c="dimmed">
        <Trans>還沒有登記任何儲值袋</Trans>
      </Text>
    );
  return (
    <ScrollTable caption={<Trans>儲值袋</Trans>}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>條碼</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>狀態</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>使用者</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>時間</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>申報金額</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>點收金額</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pockets.map(({ barcode, row }) => (
            <Table.Tr key={barcode}>
              <Table.Td>{barcode}</Table.Td>
              <Table.Td>
                <FlagBadge flag={row.flag} />
              </Table.Td>
              <Table.Td>{row.user ? `${row.user.name} (${row.user.pkstr})` : ''}</Table.Td>
              <Table.Td>{formatTaipeiTime(row.timestamp)}</Table.Td>
              <Table.Td>{row.flag === 0 ? '' : row.amount}</Table.Td>
              <Table.Td>
                {row.counted ?? ''}
                {row.forced && (
                  <Text span c="red.9" size="sm">
                    {' '}
                    <Trans>（重點確認）</Trans>
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
