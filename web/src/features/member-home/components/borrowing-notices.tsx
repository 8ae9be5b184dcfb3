import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, List, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import type { SessionUser } from '../../../shared/session/user';

function Notice({
  overdue,
  routeName,
  children,
}: {
  overdue: boolean;
  routeName: string;
  children: ReactNode;
}) {
  const links = useRouteLinks();
  return (
    <Alert color={overdue ? 'red' : 'gray'} py="xs">
      {links.isAvailable(routeName) ? (
        <Anchor component={Link} to={links.pathOf(routeName)} c="inherit">
          {children}
        </Anchor>
      ) : (
        children
      )}
    </Alert>
  );
}

/** What is out, each with its due time; the overdue ones first and marked. */
function OutList({ rows }: { rows: { key: string; label: string; due: string; expired: boolean }[] }) {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort((a, b) => Number(b.expired) - Number(a.expired));
  return (
    <List size="sm" mt={4}>
      {sorted.map((row) => (
        <List.Item key={row.key} fw={row.expired ? 700 : undefined}>
          {row.label} · <Trans>到期 {formatTaipeiSeconds(row.due).slice(0, 16)}</Trans>
          {row.expired && (
            <>
              {' '}
              · <Trans>逾期</Trans>
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** Borrowed and overdue books and equipment, linking to the history pages once those are built. */
export function BorrowingNotices({ user }: { user: SessionUser }) {
  const books = user.bookborrowlist.length;
  const overdueBooks = user.bookexpiredcount;
  const items = user.propertyborrowlist.length;
  const overdueItems = user.propertyexpiredcount;
  if (books === 0 && overdueBooks === 0 && items === 0 && overdueItems === 0) return null;
  return (
    <Stack gap="xs">
      {overdueBooks > 0 ? (
        <Notice overdue routeName="UserLibraryHistory">
          <Trans>你有 {overdueBooks} 本書逾期未還，請盡快歸還。</Trans>
        </Notice>
      ) : (
        books > 0 && (
          <Notice overdue={false} routeName="UserLibraryHistory">
            <Trans>你目前借了 {books} 本書。</Trans>
          </Notice>
        )
      )}
      <OutList
        rows={user.bookborrowlist.map((entry) => ({
          key: entry.pk,
          label: `${entry.title} (${entry.barcode})`,
          due: entry.duetime,
          expired: entry.expired,
        }))}
      />
      {overdueItems > 0 ? (
        <Notice overdue routeName="UserPropertyHistory">
          <Trans>你有 {overdueItems} 件器材逾期未還，請盡快歸還。</Trans>
        </Notice>
      ) : (
        items > 0 && (
          <Notice overdue={false} routeName="UserPropertyHistory">
            <Trans>你目前借了 {items} 件器材。</Trans>
          </Notice>
        )
      )}
      <OutList
        rows={user.propertyborrowlist.map((entry) => ({
          key: entry.pk,
          label: `${entry.clubproperty.name} (${entry.clubproperty.pkstr})`,
          due: entry.expreturntime,
          expired: entry.expired,
        }))}
      />
    </Stack>
  );
}
