import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';

/** The system area's pages: the status and each log. A log page that is not built yet is left out. */
const systemPages: { route: string; label: ReactNode }[] = [
  { route: 'AdminSystemStatus', label: <Trans>系統狀態</Trans> },
  { route: 'AdminSystemLoginLog', label: <Trans>登入紀錄</Trans> },
  { route: 'AdminSystemOpendoorLog', label: <Trans>開門紀錄</Trans> },
  { route: 'AdminSystemLabelPrintLog', label: <Trans>標籤列印紀錄</Trans> },
  { route: 'AdminSystemUserChangeLog', label: <Trans>使用者資料修改紀錄</Trans> },
  { route: 'AdminSystemUserSearchLog', label: <Trans>使用者搜尋紀錄</Trans> },
  { route: 'AdminSystemEmailLog', label: <Trans>Email 紀錄</Trans> },
];

/** Links between the system area's pages; the current one is marked. */
export function SystemNav({ current }: { current: string }) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const available = systemPages.filter((page) => links.isAvailable(page.route));
  return (
    <nav aria-label={t`系統區`}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {available.map((page) => (
          <Button
            key={page.route}
            component={Link}
            to={links.pathOf(page.route)}
            variant={page.route === current ? 'filled' : 'light'}
            aria-current={page.route === current ? 'page' : undefined}
            size="sm"
          >
            {page.label}
          </Button>
        ))}
      </SimpleGrid>
    </nav>
  );
}
