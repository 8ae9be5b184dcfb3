import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type ClubUsage, useClubUsage } from '../api/statistics';
import { MomentNote } from '../../../shared/ui/moment-note';
import { type SortableColumn, SortableTable } from '../../../shared/ui/sortable-table';
import { usageFigureColumns } from '../components/usage-columns';

type Row = ClubUsage['loglist'][number];

/** AdminUsageClub (/admin/usage/club, document 3): the club's resources used per semester. */
export default function AdminUsageClubPage() {
  const { t, i18n } = useLingui();
  const query = useClubUsage();
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { loglist, showAddValue, moment } = query.data;
  const columns: SortableColumn<Row, string>[] = [
    { key: 'semester', header: t`學期`, value: (row) => row.semester },
    { key: 'members', header: t`社員`, value: (row) => row.members },
    { key: 'staff', header: t`幹部`, value: (row) => row.staff },
    { key: 'users', header: t`使用人數`, value: (row) => row.users },
    ...usageFigureColumns.map((column) => ({
      key: column.key,
      header: i18n._(column.header),
      value: (row: Row) => row.usage[column.key],
    })),
  ];
  // Only user pk 2 gets the figure from the server; the column follows the server's word.
  if (showAddValue)
    columns.push({ key: 'addValue', header: t`儲值金額（元）`, value: (row) => row.addValue ?? 0 });
  const chart = [...loglist].reverse().map((row) => ({
    semester: row.semester,
    darkroom: row.usage.darkroomSessions,
    labels: row.usage.labels,
    loans: row.usage.loans,
    purchases: row.usage.purchases,
  }));
  return (
    <Stack>
      <Title order={2}>
        <Trans>社團使用統計</Trans>
      </Title>
      <MomentNote moment={moment} />
      {loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有資料</Trans>
        </Text>
      ) : (
        <>
          <figure aria-label={t`各學期資源使用量`} style={{ margin: 0 }}>
            <BarChart
              h={240}
              data={chart}
              dataKey="semester"
              series={[
                { name: 'darkroom', label: t`暗房次數`, color: 'blue.6' },
                { name: 'labels', label: t`標籤張數`, color: 'grape.6' },
                { name: 'loans', label: t`借用次數`, color: 'teal.6' },
                { name: 'purchases', label: t`購買筆數`, color: 'orange.6' },
              ]}
              withLegend
            />
          </figure>
          <SortableTable
            caption={t`各學期資源使用量`}
            rows={loglist}
            rowKey={(row) => row.semester}
            initial={{ key: 'semester', descending: true }}
            columns={columns}
          />
        </>
      )}
    </Stack>
  );
}
