import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type StockItem, type StockListData, useStockList } from '../api/stock';
import { StockLoadFailed } from '../components/stock-load-failed';
import {
  formatMoney,
  Quantity,
  StockLink,
  TransLink,
  useAccountName,
  useFilmTypeName,
} from '../components/stock-bits';

/** The film statistics page: an extra route (web/src/app/extra-routes.ts), outside the route links. */
const FILM_STAT_PATH = '/admin/stock/film/stat';

/** Search is debounced 500 ms (document 3, section 5); barcodes match from 4 characters. */
const SEARCH_DEBOUNCE_MS = 500;

function matches(item: StockItem, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  if (String(item.pk) === needle || item.pkstr.toLowerCase() === needle) return true;
  if (item.name.toLowerCase().includes(needle)) return true;
  return needle.length >= 4 && item.barcodelist.some((code) => code.toLowerCase().includes(needle));
}

function StockTable({ data, items }: { data: StockListData; items: StockItem[] }) {
  const { t } = useLingui();
  const accountName = useAccountName();
  const filmTypeName = useFilmTypeName(data.filmtypeDict);
  const money = data.viewer.stockpurchase;
  return (
    <ScrollTable caption={t`庫存品項`}>
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
              <Trans>帳戶</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>庫存</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>一年內售出</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>售價</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>優惠價</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>底片種類</Trans>
            </Table.Th>
            {money && (
              <Table.Th>
                <Trans>庫存價值</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.pk}>
              <Table.Td>{item.pkstr}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StockLink pk={item.pk}>{item.name}</StockLink>
                  {!item.display && (
                    <Badge size="xs" color="gray">
                      <Trans>隱藏</Trans>
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{accountName(item.account)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Quantity value={item.quantity} unit={item.unit} />
                  {item.sellsOutWithinYear && (
                    <Badge size="xs" color="red.9">
                      <Trans>一年內售完</Trans>
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Quantity value={item.recentSales} />
              </Table.Td>
              <Table.Td>{item.price === null ? <Trans>不販售</Trans> : formatMoney(item.price)}</Table.Td>
              <Table.Td>
                {item.discountprice === null ? (
                  '—'
                ) : (
                  <Trans>
                    {formatMoney(item.discountprice)}（{item.discountpoint} 點）
                  </Trans>
                )}
              </Table.Td>
              <Table.Td>{item.filmtype === 0 ? '' : filmTypeName(item.filmtype)}</Table.Td>
              {money && <Table.Td>{formatMoney(item.value)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function RecentSales({ data }: { data: StockListData }) {
  const { t } = useLingui();
  if (data.recentsales.length === 0)
    return (
      <Text c="dimmed">
        <Trans>最近沒有銷售</Trans>
      </Text>
    );
  return (
    <ScrollTable caption={t`最近銷售`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>時間</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>品名</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>數量</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>金額</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>購買人</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>交易</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.recentsales.map((sale) => (
            <Table.Tr key={sale.pk}>
              <Table.Td>{formatTaipeiSeconds(sale.timestamp).slice(0, 16)}</Table.Td>
              <Table.Td>
                <StockLink pk={sale.stock.pk}>{sale.stock.name}</StockLink>
              </Table.Td>
              <Table.Td>
                <Quantity value={sale.quantity} unit={sale.stock.unit} />
              </Table.Td>
              <Table.Td>{sale.amount}</Table.Td>
              <Table.Td>{sale.user.name}</Table.Td>
              <Table.Td>
                <TransLink pk={sale.transpk} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** AdminStockList: every item with its stock and the past year's sales, then the recent sales. */
export default function AdminStockListPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const accountName = useAccountName();
  const query = useStockList();
  const [prefix, setPrefix] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <StockLoadFailed onRetry={() => void query.refetch()} />;
  const data = query.data;
  const items = data.stocklist.filter(
    (item) => (prefix === null || item.account.prefix === prefix) && matches(item, debounced),
  );
  return (
    <Stack>
      <Title order={2}>
        <Trans>庫存列表</Trans>
      </Title>
      <Group>
        {data.viewer.stock && (
          <Button component={Link} to={links.pathOf('AdminStockAdd')} variant="light">
            <Trans>新增品項</Trans>
          </Button>
        )}
        {data.viewer.stockpurchase && (
          <Button component={Link} to={links.pathOf('AdminStockPurchase')} variant="light">
            <Trans>進貨</Trans>
          </Button>
        )}
        <Button
          component={Link}
          to={links.pathOf('AdminStockLog', { kind: 'all', pk: 'all' })}
          variant="default"
        >
          <Trans>庫存異動紀錄</Trans>
        </Button>
        {data.viewer.stock && (
          <Button component={Link} to={FILM_STAT_PATH} variant="default">
            <Trans>底片銷售統計</Trans>
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <Select
          label={t`帳戶`}
          placeholder={t`全部`}
          clearable
          data={data.accountlist.map((account) => ({
            value: account.prefix,
            label: accountName(account),
          }))}
          value={prefix}
          onChange={setPrefix}
        />
        <TextInput
          label={t`搜尋`}
          description={t`品名、編號或條碼（條碼至少 4 碼）`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">
          <Trans>沒有符合的品項</Trans>
        </Text>
      ) : (
        <StockTable data={data} items={items} />
      )}
      <Title order={3} size="h4">
        <Trans>最近銷售</Trans>
      </Title>
      <RecentSales data={data} />
    </Stack>
  );
}
