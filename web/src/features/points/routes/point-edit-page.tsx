import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type Point, type PointScope, usePoint } from '../api/points';
import { PointForm } from '../components/point-form';

/** The log passes the row it showed, so the form appears before the server answers. */
const preloadedPoint = (state: unknown): Point | undefined =>
  typeof state === 'object' && state !== null && 'point' in state
    ? (state as { point: Point }).point
    : undefined;

/** UserPointEdit and AdminPointEdit: a point request or record, 'new' or an id (document 1, section 6). */
export function PointEditPage({ scope }: { scope: PointScope }) {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const location = useLocation();
  const pk = useParams().pk ?? 'new';
  const logRoute = scope === 'admin' ? 'AdminPointLog' : 'UserPointLog';
  const query = usePoint(scope, pk, preloadedPoint(location.state));

  const title =
    pk === 'new' ? (
      scope === 'admin' ? (
        <Trans>新增點數</Trans>
      ) : (
        <Trans>申請點數</Trans>
      )
    ) : (
      <Trans>點數紀錄 PT-{pk}</Trans>
    );

  let body: ReactNode;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError || query.data === undefined)
    body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (query.data.status !== 'ok')
    body = (
      <Alert color="red">
        {query.data.reason === 'forbidden' ? (
          <Trans>你沒有權限查看這筆紀錄</Trans>
        ) : (
          <Trans>找不到這筆紀錄</Trans>
        )}
      </Alert>
    );
  else
    body = (
      <PointForm
        key={query.data.point.pk ?? 'new'}
        scope={scope}
        pk={pk}
        point={query.data.point}
        onSaved={() => navigate(links.pathOf(logRoute))}
      />
    );

  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {body}
      <Anchor component={Link} to={links.pathOf(logRoute)}>
        <Trans>回點數紀錄</Trans>
      </Anchor>
    </Stack>
  );
}
