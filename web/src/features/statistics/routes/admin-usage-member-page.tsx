import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type MemberUsage, useMemberUsage } from '../api/statistics';
import { MomentNote } from '../../../shared/ui/moment-note';
import { SortableTable } from '../../../shared/ui/sortable-table';
import { usageFigureColumns } from '../components/usage-columns';

type Row = MemberUsage['loglist'][number];

function UsageBody({ semester }: { semester: string | undefined }) {
  const { t, i18n } = useLingui();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const query = useMemberUsage(semester);
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { loglist, semesterList, semesterSelected, moment } = query.data;
  const yes = t`是`;
  const no = t`否`;
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t`學期`}
          data={semesterList}
          value={semesterSelected}
          allowDeselect={false}
          onChange={(value) => value && navigate(links.pathOf('AdminUsageMember', { semester: value }))}
          w={160}
        />
      </Group>
      <MomentNote moment={moment} />
      <Text>
        <Trans>共 {loglist.length} 人</Trans>
      </Text>
      {loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>這個學期沒有使用紀錄</Trans>
        </Text>
      ) : (
        <SortableTable
          caption={t`${semesterSelected} 學期社員使用量`}
          rows={loglist}
          rowKey={(row) => String(row.user.pk)}
          initial={{ key: 'darkroomSessions', descending: true }}
          columns={[
            {
              key: 'user',
              header: t`使用者`,
              value: (row: Row) => row.user.name,
              cell: (row: Row) => `${row.user.name} (${row.user.pkstr})`,
            },
            { key: 'ismember', header: t`社員`, value: (row: Row) => (row.ismember ? yes : no) },
            ...usageFigureColumns.map((column) => ({
              key: column.key,
              header: i18n._(column.header),
              value: (row: Row) => row.usage[column.key],
            })),
          ]}
        />
      )}
    </Stack>
  );
}

/** AdminUsageMember (/admin/usage/member/:semester?, document 3): each member's use of the club. */
export default function AdminUsageMemberPage() {
  const params = useParams();
  const semester = params.semester || undefined;
  return (
    <Stack>
      <Title order={2}>
        <Trans>社員使用統計</Trans>
      </Title>
      <UsageBody key={semester ?? ''} semester={semester} />
    </Stack>
  );
}
