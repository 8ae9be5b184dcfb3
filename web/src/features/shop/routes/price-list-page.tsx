import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type PriceRow, usePriceList } from '../api/shop';
import { PriceTable } from '../components/price-table';
import { ESTIMATOR_PAGES, type EstimatorPage, isEstimatorPage } from '../lib/estimator-pages';

// The estimators carry mathjs; they load only when one is opened.
const EstimatorPanel = lazy(() => import('../components/estimator-panel'));

/** Matches a row on its name, pkstr, pk or barcode (case and spaces ignored). */
function matches(row: PriceRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [row.name, row.pkstr, String(row.pk), row.barcode].some((key) => key.toLowerCase().includes(needle));
}

/**
 * UserPriceList (/user/price/{accountprefix}): the price and stock list of one account, or one of the
 * framing estimators (document 1). The server applies the spec's filters and caps; here the member picks
 * the account, searches, and may hide what is out of stock.
 */
export default function PriceListPage() {
  const { t, i18n } = useLingui();
  const links = useRouteLinks();
  const { accountprefix } = useParams();
  const list = usePriceList();
  const { user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [inStockOnly, setInStockOnly] = useState(false);

  const estimatorNames: Record<EstimatorPage, string> = {
    estimateAluFrame: t`鋁框/木框估價`,
    estimateCanvasFrame: t`無框畫估價`,
    estimateCardBoard: t`裱板裁切估價`,
    estimateAcrylic: t`壓克力裁切估價`,
    estimateFoamBoard: t`珍珠板裁切估價`,
  };

  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const data = list.data;
  const accounts = data.accountlist.filter((account) => account.count > 0);
  const current = isEstimatorPage(accountprefix)
    ? accountprefix
    : (accounts.find((account) => account.prefix === accountprefix)?.prefix ?? accounts[0]?.prefix ?? '');
  const account = data.accountlist.find((candidate) => candidate.prefix === current);
  const rows = data.stocklist
    .filter((row) => row.account.prefix === current)
    .filter((row) => matches(row, search))
    .filter((row) => !inStockOnly || row.quantity === null || row.quantity > 0);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>價目表</Trans>
        </Title>
        {/* The counter sale is an extra route (docs/shop.md); staff ring up members from here. */}
        {isActiveStaff(user) && (
          <Button component={Link} to="/shop/counter" variant="light">
            <Trans>櫃台結帳</Trans>
          </Button>
        )}
      </Group>
      <Alert color={data.ismember ? 'blue' : 'yellow'} title={t`服務說明`}>
        <Trans>價目表上的商品與服務僅限在籍社員使用；請在社辦櫃台以儲值金付款。</Trans>
      </Alert>
      <Group gap="xs" component="nav" aria-label={t`分類`}>
        {accounts.map((candidate) => (
          <Button
            key={candidate.prefix}
            component={Link}
            to={links.pathOf('UserPriceList', { accountprefix: candidate.prefix })}
            size="xs"
            variant={candidate.prefix === current ? 'filled' : 'light'}
            aria-current={candidate.prefix === current ? 'page' : undefined}
          >
            {i18n.locale === 'en' ? candidate.nameEn : candidate.name}
          </Button>
        ))}
        {ESTIMATOR_PAGES.map((page) => (
          <Button
            key={page}
            component={Link}
            to={links.pathOf('UserPriceList', { accountprefix: page })}
            size="xs"
            color="grape"
            variant={page === current ? 'filled' : 'light'}
            aria-current={page === current ? 'page' : undefined}
          >
            {estimatorNames[page]}
          </Button>
        ))}
      </Group>
      {isEstimatorPage(current) ? (
        <Suspense fallback={<PageLoader />}>
          <EstimatorPanel page={current} title={estimatorNames[current]} />
        </Suspense>
      ) : (
        <>
          <Group align="flex-end">
            <TextInput
              label={t`搜尋`}
              placeholder={t`品名、編號或條碼`}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            {!account?.service && (
              <Checkbox
                label={t`只顯示有庫存的`}
                checked={inStockOnly}
                onChange={(event) => setInStockOnly(event.currentTarget.checked)}
              />
            )}
          </Group>
          <PriceTable rows={rows} list={data} />
        </>
      )}
    </Stack>
  );
}
