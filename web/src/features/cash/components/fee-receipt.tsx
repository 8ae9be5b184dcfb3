import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { summaryIn } from '../../../shared/i18n/summary';
import type { FeeCollectionRow } from '../api/fee-collection';
import { formatTaipeiTime, receiptTotal } from '../lib/fee-collection';

/** Step 5: the receipt of one collection (just paid, or opened from today's list). */
export function FeeReceipt({ rows, onContinue }: { rows: FeeCollectionRow[]; onContinue: () => void }) {
  const { i18n } = useLingui();
  const first = rows[0];
  if (first === undefined) return null;
  const total = receiptTotal(rows);
  const payerName = first.user.name;
  const payerPkstr = first.user.pkstr;
  const staffName = first.staff.name;
  const time = formatTaipeiTime(first.trans.timestamp);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={3}>
          <Trans>收據</Trans>
        </Title>
        <Text>
          <Trans>
            繳費人：{payerName} ({payerPkstr})
          </Trans>
        </Text>
        <Table withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>交易編號</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>項目</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>金額</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.pk}>
                <Table.Td>{row.trans.pkstr}</Table.Td>
                <Table.Td>{summaryIn(row.trans, i18n.locale)}</Table.Td>
                <Table.Td>{row.trans.delta}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={700} size="lg">
          <Trans>合計 {total} 元</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            收款幹部：{staffName}，時間：{time}
          </Trans>
        </Text>
        <Group>
          <Button onClick={onContinue}>
            <Trans>繼續收費</Trans>
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            <Trans>列印</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
