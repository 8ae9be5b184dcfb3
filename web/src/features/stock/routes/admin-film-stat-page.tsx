import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { type FilmStatData, useFilmStat } from '../api/stock';
import { Quantity, StockLink } from '../components/stock-bits';
import { StockLoadFailed } from '../components/stock-load-failed';

function useFilmTypes() {
  const { t } = useLingui();
  return [t`未知`, t`黑白`, t`彩色負片`, t`正片`];
}

/** Film sold per Taipei month over the window, as bars (a table, so it reads on a phone and to a reader). */
function MonthlyBars({ data }: { data: FilmStatData }) {
  const { t } = useLingui();
  const totals = data.months.map((_, index) =>
    data.loglist.reduce((sum, row) => sum + (row.monthly[index] ?? 0), 0),
  );
  const top = Math.max(1, ...totals);
  return (
    <ScrollTable caption={t`每月售出`} nowrap={false}>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {data.months.map((month, index) => (
            <Table.Tr key={month}>
              <Table.Td w={90}>{month}</Table.Td>
              <Table.Td>
                <Progress value={(100 * totals[index]!) / top} aria-label={t`${month} 售出`} />
              </Table.Td>
              <Table.Td w={60} ta="right">
                {totals[index]}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /admin/stock/film/stat (stock): film sold in the past year, by type, by item and by month. */
export default function AdminFilmStatPage() {
  const { t } = useLingui();
  const filmTypes = useFilmTypes();
  const query = useFilmStat();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <StockLoadFailed onRetry={() => void query.refetch()} />;
  const data = query.data;
  const rows = [...data.loglist].sort((a, b) => b.sold - a.sold);
  return (
    <Stack>
      <Title order={2}>
        <Trans>底片銷售統計</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>
          {data.from.slice(0, 10)} 至 {data.to.slice(0, 10)}（一年內）
        </Trans>
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {data.byFilmtype.map((group) => (
          <Paper key={group.filmtype} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {filmTypes[group.filmtype]}
            </Text>
            <Text fw={700}>
              <Trans>{group.sold} 卷</Trans>
            </Text>
            <Text size="sm">
              <Trans>{group.amount} 元</Trans>
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <MonthlyBars data={data} />
      <ScrollTable caption={t`各品項`}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>品名</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>種類</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>一年內售出</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>金額</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>庫存</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.stock.pk}>
                <Table.Td>
                  <StockLink pk={row.stock.pk}>{row.stock.name}</StockLink>
                </Table.Td>
                <Table.Td>{filmTypes[row.filmtype]}</Table.Td>
                <Table.Td>
                  <Quantity value={row.sold} unit={row.stock.unit} />
                </Table.Td>
                <Table.Td>{row.amount}</Table.Td>
                <Table.Td>
                  <Quantity value={row.quantity} unit={row.stock.unit} />{' '}
                  {row.sellsOutWithinYear && (
                    <Badge size="xs" color="red.9">
                      <Trans>一年內售完</Trans>
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
