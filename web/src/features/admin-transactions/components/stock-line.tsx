import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { StockLine } from '../lib/stock-refund';

/** A transaction's stock line: kind, item (linked to its page), quantity, and what refunds did to it. */
export function StockLineView({ line }: { line: StockLine }) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const kind = line.kind === 1 ? t`進貨` : line.kind === 2 ? t`銷售` : t`盤點調整`;
  const name = line.stock
    ? `${line.stock.name} (${line.stock.pkstr})`
    : `S${String(line.stockPk).padStart(5, '0')}`;
  const quantity = `${Math.abs(line.delta)} ${line.stock?.unit ?? ''}`.trim();
  const refunded = line.refunded ?? 0;
  return (
    <Group gap="xs">
      <Badge variant="light">{kind}</Badge>
      {links.isAvailable('AdminStockSingle') ? (
        <Anchor component={Link} to={`${links.pathOf('AdminStockSingle', { pk: line.stockPk })}?tab=log`}>
          {name}
        </Anchor>
      ) : (
        <span>{name}</span>
      )}
      <span>
        <Trans>數量 {quantity}</Trans>
      </span>
      {line.pk === null && (
        <Badge color="dark" variant="outline">
          <Trans>庫存異動處理中</Trans>
        </Badge>
      )}
      {line.deleted && (
        <Badge color="gray">
          <Trans>已退貨，進貨已刪除</Trans>
        </Badge>
      )}
      {refunded > 0 && (
        <Badge color="gray">
          <Trans>已退回 {refunded}</Trans>
        </Badge>
      )}
    </Group>
  );
}
