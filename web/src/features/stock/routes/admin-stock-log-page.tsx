import { Trans } from '@lingui/react/macro';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { StockLogKind } from '../api/stock';
import { StockLink } from '../components/stock-bits';
import { StockLogTable } from '../components/stock-log-table';

/** AdminStockLog (kind 1 | 2 | 3 | all, pk an item or all): the stock deltas, paged, newest first. */
export default function AdminStockLogPage() {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const params = useParams();
  const kind = (params.kind ?? 'all') as StockLogKind;
  const pk = params.pk ?? 'all';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>
          <Trans>庫存異動紀錄</Trans>
        </Title>
        <Group>
          {pk !== 'all' && (
            <StockLink pk={Number(pk)}>
              <Trans>品項 S{pk.padStart(5, '0')}</Trans>
            </StockLink>
          )}
          <Anchor component={Link} to={links.pathOf('AdminStockList')}>
            <Trans>回庫存列表</Trans>
          </Anchor>
        </Group>
      </Group>
      <StockLogTable
        key={pk}
        pk={pk}
        kind={kind}
        onKind={(next) => navigate(links.pathOf('AdminStockLog', { kind: next, pk }), { replace: true })}
      />
    </Stack>
  );
}
