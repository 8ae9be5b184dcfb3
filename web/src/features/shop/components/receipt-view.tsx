import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import type { Receipt } from '../api/shop';

/** A sale's receipt: what was bought at which price, the point discount, and the balance left. */
export function ReceiptView({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" component="section" aria-label={t`收據`}>
      <Stack gap="sm">
        <Title order={3}>
          <Trans>收據</Trans>
        </Title>
        {receipt.status === 'paid' ? (
          <Alert color="green" role="status">
            <Trans>
              付款完成：{receipt.buyer.name} 已付 {receipt.total} 元
            </Trans>
          </Alert>
        ) : receipt.status === 'pending' ? (
          <Alert color="yellow" role="status">
            <Trans>付款處理中，稍後會完成</Trans>
          </Alert>
        ) : (
          <Alert color="red" role="alert">
            <Trans>付款未完成，沒有扣款</Trans>
          </Alert>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>品名</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>數量</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>單價</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>金額</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.lines.map((line) => (
              <Table.Tr key={`${line.stock.pk}-${line.transpk ?? line.label}-${line.quantity}`}>
                <Table.Td>
                  {line.stock.name}
                  {line.label && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {line.label}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {line.quantity} {line.stock.unit}
                </Table.Td>
                <Table.Td ta="right">
                  {line.unitprice}
                  {line.unitprice !== line.listprice && (
                    <Text span size="xs" c="dimmed" td="line-through">
                      {' '}
                      {line.listprice}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.amount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text>
            <Trans>點數折扣 {receipt.discount} 元</Trans>
          </Text>
          <Text fw={700}>
            <Trans>合計 {receipt.total} 元</Trans>
          </Text>
        </Group>
        <Text size="sm">
          <Trans>
            {formatTaipeiSeconds(receipt.timestamp)} · 餘額 {receipt.balance} 元 · 單號 {receipt.saleId}
          </Trans>
        </Text>
        <Group>
          <Button variant="default" onClick={() => window.print()}>
            <Trans>列印收據</Trans>
          </Button>
          <Button onClick={onDone}>
            <Trans>下一筆</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
