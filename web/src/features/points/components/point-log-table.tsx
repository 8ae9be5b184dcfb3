import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { NamedPagination } from '../../../shared/ui/named-pagination';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useWideScreen } from '../../../shared/ui/use-wide-screen';
import type { Pager, Point } from '../api/points';
import { displayLocale, formatPointAmount, formatTaipeiTime, kindName } from '../lib/point-display';
import { PointStatusBadge } from './point-status-badge';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/** Short cells (ids, dates, amounts, times) stay on one line. */
const noWrap = { whiteSpace: 'nowrap' } as const;

type LogProps = {
  points: Point[];
  showApplicant: boolean;
  editRoute: 'UserPointEdit' | 'AdminPointEdit';
  caption: string;
};

/** On a phone each record is a card, so nothing has to scroll sideways. */
function PointLogCards({ points, showApplicant, editRoute, caption }: LogProps) {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const locale = displayLocale(i18n.locale);
  return (
    <Stack gap="xs" component="ul" aria-label={caption} p={0} m={0} style={{ listStyle: 'none' }}>
      {points.map((point) => (
        <Card key={point.pk} component="li" withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor
              component={Link}
              to={links.pathOf(editRoute, { pk: point.pk ?? 'new' })}
              state={{ point }}
            >
              {point.pkstr} · {kindName(point.kindkey || point.kind, locale)}
            </Anchor>
            {point.status !== null && <PointStatusBadge status={point.status} />}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {point.reason}
          </Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {point.workdate} · {showApplicant ? `${point.user.name} → ` : ''}
              {point.receiveuser?.name ?? ''}
            </Text>
            <Text size="sm" fw={700} style={noWrap}>
              {point.applypoint === null ? '' : formatPointAmount(point.applypoint, locale)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** A page of point records; the applicant column only in the staff area (document 1, section 6). */
export function PointLogTable({ points, showApplicant, editRoute, caption }: LogProps) {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const locale = displayLocale(i18n.locale);
  const wide = useWideScreen();
  if (points.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>沒有紀錄</Trans>
      </Text>
    );
  }
  if (!wide)
    return (
      <PointLogCards points={points} showApplicant={showApplicant} editRoute={editRoute} caption={caption} />
    );
  return (
    <ScrollTable caption={caption} nowrap={false} minWidth={showApplicant ? 900 : 800}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>編號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>工作日期</Trans>
            </Table.Th>
            {showApplicant && (
              <Table.Th>
                <Trans>申請人</Trans>
              </Table.Th>
            )}
            <Table.Th>
              <Trans>受領人</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>類別</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>事由</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>點數</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>狀態</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>生效時間</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.pk}>
              <Table.Td style={noWrap}>
                <Anchor
                  component={Link}
                  to={links.pathOf(editRoute, { pk: point.pk ?? 'new' })}
                  state={{ point }}
                >
                  {point.pkstr}
                </Anchor>
              </Table.Td>
              <Table.Td style={noWrap}>{point.workdate}</Table.Td>
              {showApplicant && <Table.Td>{point.user.name}</Table.Td>}
              <Table.Td>{point.receiveuser?.name ?? ''}</Table.Td>
              <Table.Td>{kindName(point.kindkey || point.kind, locale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>{point.reason}</Table.Td>
              <Table.Td
                style={noWrap}
                title={point.applypoint === null ? undefined : String(point.applypoint)}
              >
                {point.applypoint === null ? '' : formatPointAmount(point.applypoint, locale)}
              </Table.Td>
              <Table.Td>{point.status !== null && <PointStatusBadge status={point.status} />}</Table.Td>
              <Table.Td style={noWrap}>{formatTaipeiTime(point.confirmtime)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The pages of a log; shown only when there is more than one page (document 3, section 3). */
export function LogPagination({
  pagers,
  page,
  onChange,
}: {
  pagers: (Pager | undefined)[];
  page: number;
  onChange: (page: number) => void;
}) {
  const total = Math.max(
    1,
    ...pagers.map((pager) => (pager ? Math.ceil(pager.totalrows / Math.max(1, pager.rowsperpage)) : 1)),
  );
  if (total <= 1) return null;
  return <NamedPagination total={total} value={Math.min(page, total)} onChange={onChange} />;
}
