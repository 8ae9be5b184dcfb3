import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { SortableTable } from '../../../shared/ui/sortable-table';
import { useP6000Stat } from '../api/giclee';

/** AdminP6000Stat (/admin/p6000/stat, document 3): ink used per colour, and print volume per semester. */
export default function AdminP6000StatPage() {
  const { t } = useLingui();
  const stat = useP6000Stat();
  if (stat.isPending) return <PageLoader />;
  if (stat.isError || !stat.data) return <LoadFailed onRetry={() => void stat.refetch()} />;
  const { ink, job } = stat.data;
  return (
    <Stack>
      <Title order={2}>
        <Trans>P6000 墨水統計</Trans>
      </Title>
      <Title order={3}>
        <Trans>墨水用量</Trans>
      </Title>
      {ink.some((row) => row.msg === 'nodata') && (
        <Text c="dimmed">
          <Trans>還沒有輸出紀錄</Trans>
        </Text>
      )}
      <SortableTable
        caption={t`墨水用量`}
        rows={ink}
        rowKey={(row) => row.color}
        initial={{ key: 'volume', descending: true }}
        columns={[
          { key: 'color', header: t`顏色`, value: (row) => row.color },
          { key: 'volume', header: t`用量（ml）`, value: (row) => row.consuptionvolume },
        ]}
      />
      <Title order={3}>
        <Trans>輸出量</Trans>
      </Title>
      <SortableTable
        caption={t`輸出量`}
        rows={job}
        rowKey={(row) => row.semester}
        initial={{ key: 'semester', descending: true }}
        columns={[
          { key: 'semester', header: t`學期`, value: (row) => row.semester },
          { key: 'inchsquare', header: t`平方英吋`, value: (row) => row.inchsquare },
          { key: 'jobs', header: t`件數`, value: (row) => row.jobs },
        ]}
      />
    </Stack>
  );
}
