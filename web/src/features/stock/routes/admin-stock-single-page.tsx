import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type StockLogKind, type StockSingleData, useStockSingle } from '../api/stock';
import { AdjustForm } from '../components/adjust-form';
import { ConfigForm } from '../components/config-form';
import { PurchaseForm } from '../components/purchase-form';
import { formatMoney, Quantity, useAccountName } from '../components/stock-bits';
import { StockLoadFailed } from '../components/stock-load-failed';
import { StockLogTable } from '../components/stock-log-table';

const TABS = ['info', 'config', 'quantityadjust', 'purchase', 'log'] as const;
type Tab = (typeof TABS)[number];

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function InfoPanel({ data }: { data: StockSingleData }) {
  const { t } = useLingui();
  const accountName = useAccountName();
  const { stock, viewer } = data;
  const filmTypes = [t`未知`, t`黑白`, t`彩色負片`, t`正片`];
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Field label={<Trans>編號</Trans>}>{stock.pkstr}</Field>
          <Field label={<Trans>帳戶</Trans>}>{accountName(stock.account)}</Field>
          <Field label={<Trans>庫存</Trans>}>
            <Group gap={6}>
              <span data-testid="stock-quantity">
                <Quantity value={stock.quantity} unit={stock.unit} />
              </span>
              {stock.sellsOutWithinYear && (
                <Badge color="red.9" size="sm">
                  <Trans>一年內售完</Trans>
                </Badge>
              )}
            </Group>
          </Field>
          <Field label={<Trans>一年內售出</Trans>}>
            <Quantity value={stock.recentSales} unit={stock.unit} />
          </Field>
          <Field label={<Trans>售價</Trans>}>
            {stock.price === null ? <Trans>不販售</Trans> : formatMoney(stock.price)}
          </Field>
          <Field label={<Trans>優惠價</Trans>}>
            {stock.discountprice === null ? (
              '—'
            ) : (
              <Trans>
                {formatMoney(stock.discountprice)}（{stock.discountpoint} 點以上）
              </Trans>
            )}
          </Field>
          <Field label={<Trans>條碼</Trans>}>{stock.barcodelist.join('、') || '—'}</Field>
          <Field label={<Trans>價目表</Trans>}>
            {stock.display ? <Trans>顯示</Trans> : <Trans>隱藏</Trans>}
          </Field>
          <Field label={<Trans>底片種類</Trans>}>{filmTypes[stock.filmtype]}</Field>
          {viewer.stockpurchase && (
            <>
              <Field label={<Trans>庫存價值</Trans>}>{formatMoney(stock.value)}</Field>
              <Field label={<Trans>最近進貨單價</Trans>}>{formatMoney(stock.lastUnitPrice)}</Field>
            </>
          )}
          {stock.comment && <Field label={<Trans>備註</Trans>}>{stock.comment}</Field>}
        </SimpleGrid>
      </Paper>
      {stock.expireddate.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={500} mb="xs">
            <Trans>批次日期</Trans>
          </Text>
          <Stack gap={2}>
            {stock.expireddate.map((batch) => (
              <Text key={`${batch.kind}-${batch.date}`} size="sm">
                {batch.kind === 'manufacture' ? (
                  <Trans>製造 {batch.date}</Trans>
                ) : (
                  <Trans>效期 {batch.date}</Trans>
                )}
                ：<Quantity value={batch.quantity} unit={stock.unit} />
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * AdminStockSingle: the item's tabs. Every staff member sees info and log; config and quantityadjust need
 * the stock authority and purchase the stockpurchase authority (document 3, section 6), so a tab the
 * viewer may not use is not shown. The tab is kept in the address (?tab=) so it survives a reload.
 */
export default function AdminStockSinglePage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const pk = useParams().pk ?? '';
  const [search, setSearch] = useSearchParams();
  const query = useStockSingle(pk);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <StockLoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.status !== 'ok')
    return (
      <Alert color="red">
        <Trans>找不到這個品項</Trans>
      </Alert>
    );
  const data = query.data;
  const allowed = (tab: Tab): boolean =>
    tab === 'purchase'
      ? data.viewer.stockpurchase
      : tab === 'config' || tab === 'quantityadjust'
        ? data.viewer.stock
        : true;
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked !== null && TABS.includes(asked) && allowed(asked) ? asked : 'info';
  const logKind = (search.get('kind') as StockLogKind | null) ?? 'all';
  const labels: Record<Tab, string> = {
    info: t`資訊`,
    config: t`設定`,
    quantityadjust: t`數量調整`,
    purchase: t`進貨`,
    log: t`異動紀錄`,
  };
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>
          {data.stock.name}{' '}
          <Text span c="dimmed" size="lg">
            {data.stock.pkstr}
          </Text>
        </Title>
        <Anchor component={Link} to={links.pathOf('AdminStockList')}>
          <Trans>回庫存列表</Trans>
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => value && setSearch({ tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.filter(allowed).map((name) => (
            <Tabs.Tab key={name} value={name}>
              {labels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoPanel data={data} />
        </Tabs.Panel>
        {data.viewer.stock && (
          <>
            <Tabs.Panel value="config" pt="md">
              <ConfigForm key={data.stock.pk} pk={pk} data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="quantityadjust" pt="md">
              <AdjustForm pk={pk} stock={data.stock} />
            </Tabs.Panel>
          </>
        )}
        {data.viewer.stockpurchase && (
          <Tabs.Panel value="purchase" pt="md">
            <PurchaseForm pk={pk} stock={data.stock} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="log" pt="md">
          <StockLogTable
            pk={pk}
            kind={logKind}
            onKind={(kind) => setSearch({ tab: 'log', kind }, { replace: true })}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
