import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useWideScreen } from '../../../shared/ui/use-wide-screen';
import type { PriceListResponse, PriceRow } from '../api/shop';

const money = (value: number | null) => (value === null ? '—' : String(value));

/** 'sells out within a year' (docs/stock.md: the stock is at most the past year's sales). */
function SellsOutHint({ row }: { row: PriceRow }) {
  if (!row.sellsOutWithinYear) return null;
  return (
    // Dark red text rather than a light badge: the hint must stay readable on striped rows (WCAG AA).
    <Text span size="xs" fw={600} c="red.9">
      <Trans>一年內可能售完</Trans>
    </Text>
  );
}

/** The point-discount terms of a row: 'N 點 X 元' when the item has a discount. */
function discountTerms(row: PriceRow): string | null {
  if (row.discountprice === null || row.discountpoint === null) return null;
  return `${row.discountpoint} → ${row.discountprice}`;
}

/**
 * One account's rows of the price list: stock as shown (capped, hidden for some), list price, and the
 * discount columns when the viewer has points (document 1, sections 6 and 9): their own price and the
 * price at 100 or 200 points.
 */
export function PriceTable({ rows, list }: { rows: PriceRow[]; list: PriceListResponse }) {
  const { t } = useLingui();
  const wide = useWideScreen();
  const extra = list.extraColumn;
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        <Trans>沒有符合的品項</Trans>
      </Text>
    );
  if (!wide)
    return (
      <Stack gap="xs" component="ul" aria-label={t`價目表`} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card key={row.pk} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={500}>{row.name}</Text>
              <Text fw={700}>{row.price === null ? t`非賣品` : `${row.price} / ${row.unit}`}</Text>
            </Group>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {row.pkstr}
              </Text>
              {row.quantityText !== '' && (
                <Text size="xs">
                  <Trans>庫存 {row.quantityText}</Trans>
                </Text>
              )}
              <SellsOutHint row={row} />
            </Group>
            {list.showDiscount && row.myprice !== null && row.myprice !== row.price && (
              <Text size="sm" c="teal.9">
                <Trans>我的價格 {row.myprice}</Trans>
              </Text>
            )}
            {list.showDiscount &&
              extra !== null &&
              (extra === 100 ? row.price100 : row.price200) !== null && (
                <Text size="xs" c="dimmed">
                  <Trans>
                    {extra} 點價格 {money(extra === 100 ? row.price100 : row.price200)}
                  </Trans>
                </Text>
              )}
          </Card>
        ))}
      </Stack>
    );
  return (
    <ScrollTable caption={t`價目表`} minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>編號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>品名</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>單位</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>庫存</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>價格</Trans>
            </Table.Th>
            {list.showDiscount && (
              <>
                <Table.Th ta="right">
                  <Trans>點數優惠（點 → 價）</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>我的價格</Trans>
                </Table.Th>
                {extra !== null && (
                  <Table.Th ta="right">
                    <Trans>{extra} 點價格</Trans>
                  </Table.Th>
                )}
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td>{row.pkstr}</Table.Td>
              <Table.Td style={{ whiteSpace: 'normal' }}>
                {row.name} <SellsOutHint row={row} />
              </Table.Td>
              <Table.Td>{row.unit}</Table.Td>
              <Table.Td ta="right">{row.quantityText}</Table.Td>
              <Table.Td ta="right">{row.price === null ? t`非賣品` : row.price}</Table.Td>
              {list.showDiscount && (
                <>
                  <Table.Td ta="right">{discountTerms(row) ?? ''}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(row.myprice)}
                  </Table.Td>
                  {extra !== null && (
                    <Table.Td ta="right">{money(extra === 100 ? row.price100 : row.price200)}</Table.Td>
                  )}
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
