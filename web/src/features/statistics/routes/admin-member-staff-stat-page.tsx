import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { displayLanguage, identityGroupLabel } from '../../admin-access/lib/roster-groups';
import { type MemberStaffStat, useMemberStaffStat } from '../api/statistics';
import { MomentNote } from '../../../shared/ui/moment-note';
import { type SortableColumn, SortableTable } from '../../../shared/ui/sortable-table';

type IdentityRow = MemberStaffStat['stat']['identity'][number];
type RetentionRow = MemberStaffStat['stat']['memberRetention'][number];

/** Of those of a semester, how many are there 1, 2, ... semesters later: a column per step. */
function RetentionTable({ caption, rows }: { caption: string; rows: RetentionRow[] }) {
  const { t } = useLingui();
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        <Trans>還沒有資料</Trans>
      </Text>
    );
  const steps = Math.max(0, ...rows.map((row) => row.later.length));
  const columns: SortableColumn<RetentionRow, string>[] = [
    { key: 'semester', header: t`學期`, value: (row) => row.semester },
    { key: 'size', header: t`人數`, value: (row) => row.size },
    ...Array.from({ length: steps }, (_, index) => {
      const step = index + 1;
      return {
        key: `later-${step}`,
        header: t`${step} 學期後`,
        value: (row: RetentionRow) => row.later[index] ?? -1,
        cell: (row: RetentionRow) => {
          const kept = row.later[index];
          if (kept === undefined) return '—';
          const percent = row.size === 0 ? 0 : Math.round((kept / row.size) * 100);
          return `${kept} (${percent}%)`;
        },
      };
    }),
  ];
  return (
    <SortableTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.semester}
      columns={columns}
      initial={{ key: 'semester', descending: true }}
    />
  );
}

/** AdminMemberStaffStat (/admin/member/stat, document 3): members by identity group per semester, retention. */
export default function AdminMemberStaffStatPage() {
  const { t, i18n } = useLingui();
  const language = displayLanguage(i18n.locale);
  const query = useMemberStaffStat();
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { stat, moment } = query.data;
  const groups = stat.identity[0]?.groups.map((entry) => entry.group) ?? [];
  // Only the groups anyone belongs to get a column; the rest would be a row of zeros.
  const shown = groups.filter((group) =>
    stat.identity.some((row) => (row.groups.find((entry) => entry.group === group)?.count ?? 0) > 0),
  );
  const countOf = (row: IdentityRow, group: number) =>
    row.groups.find((entry) => entry.group === group)?.count ?? 0;
  const chart = [...stat.identity]
    .reverse()
    .map((row) => ({ semester: row.semester, members: row.total, staff: row.staff }));
  const membersLabel = t`社員`;
  const staffLabel = t`幹部`;
  return (
    <Stack>
      <Title order={2}>
        <Trans>社員與幹部統計</Trans>
      </Title>
      <MomentNote moment={moment} />
      <Title order={3}>
        <Trans>各學期社員身分</Trans>
      </Title>
      {stat.identity.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有資料</Trans>
        </Text>
      ) : (
        <>
          <figure aria-label={t`各學期社員與幹部人數`} style={{ margin: 0 }}>
            <BarChart
              h={220}
              data={chart}
              dataKey="semester"
              series={[
                { name: 'members', label: membersLabel, color: 'blue.6' },
                { name: 'staff', label: staffLabel, color: 'teal.6' },
              ]}
              withLegend
            />
          </figure>
          <SortableTable
            caption={t`各學期社員身分`}
            rows={stat.identity}
            rowKey={(row) => row.semester}
            initial={{ key: 'semester', descending: true }}
            columns={[
              { key: 'semester', header: t`學期`, value: (row) => row.semester },
              { key: 'total', header: t`社員`, value: (row) => row.total },
              { key: 'staff', header: t`幹部`, value: (row) => row.staff },
              ...shown.map((group) => ({
                key: `group-${group}`,
                header: identityGroupLabel(group, language),
                value: (row: IdentityRow) => countOf(row, group),
              })),
            ]}
          />
        </>
      )}
      <Title order={3}>
        <Trans>社員留存</Trans>
      </Title>
      <RetentionTable caption={t`社員留存`} rows={stat.memberRetention} />
      <Title order={3}>
        <Trans>幹部留存</Trans>
      </Title>
      <RetentionTable caption={t`幹部留存`} rows={stat.staffRetention} />
    </Stack>
  );
}
