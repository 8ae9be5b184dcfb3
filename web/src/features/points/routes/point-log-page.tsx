import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type PointScope, usePointLog } from '../api/points';
import { LogPagination, PointLogTable } from '../components/point-log-table';
import { formatPointsOneDecimal } from '../lib/point-display';

/** The page number from ?page=, 1 when absent or not a positive integer. */
function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });
  return [page, setPage];
}

/** UserPointLog and AdminPointLog: the paged point log (document 1, sections 2 and 6; document 3). */
export function PointLogPage({ scope }: { scope: PointScope }) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const [page, setPage] = usePageParam();
  const log = usePointLog(scope, page);
  const admin = scope === 'admin';
  const editRoute = admin ? 'AdminPointEdit' : 'UserPointEdit';
  const points = formatPointsOneDecimal(user?.point ?? 0);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{admin ? <Trans>點數審核</Trans> : <Trans>點數紀錄</Trans>}</Title>
          {!admin && (
            <Text c="dimmed">
              <Trans>目前有效點數：{points} 點</Trans>
            </Text>
          )}
        </div>
        <Group gap="xs">
          {admin && links.isAvailable('AdminPointStat') && (
            <Button component={Link} to={links.pathOf('AdminPointStat')} variant="light">
              <Trans>點數統計</Trans>
            </Button>
          )}
          <Button component={Link} to={links.pathOf(editRoute, { pk: 'new' })}>
            {admin ? <Trans>新增點數</Trans> : <Trans>申請點數</Trans>}
          </Button>
        </Group>
      </Group>
      {log.isPending ? (
        <PageLoader />
      ) : log.isError || log.data === undefined ? (
        <LoadFailed onRetry={() => void log.refetch()} />
      ) : (
        <>
          <PointLogTable
            points={log.data.loglist}
            showApplicant={admin}
            editRoute={editRoute}
            caption={admin ? t`所有點數紀錄` : t`我的點數紀錄`}
          />
          {!admin && log.data.loglist_others.length > 0 && (
            <>
              <Title order={3}>
                <Trans>我替別人申請的點數</Trans>
              </Title>
              <PointLogTable
                points={log.data.loglist_others}
                showApplicant={false}
                editRoute={editRoute}
                caption={t`我替別人申請的點數`}
              />
            </>
          )}
          <LogPagination pagers={[log.data.pager, log.data.pager_others]} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
