import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { usePointStat } from '../api/points';
import { formatPointsOneDecimal } from '../lib/point-display';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { MomentNote } from '../../../shared/ui/moment-note';

/** AdminPointStat: points and point discounts of the past half year, per user by points (document 3). */
export default function AdminPointStatPage() {
  const { t } = useLingui();
  const stat = usePointStat();
  if (stat.isPending) return <PageLoader />;
  if (stat.isError || stat.data === undefined) return <LoadFailed onRetry={() => void stat.refetch()} />;
  const { loglist, totaldiscount } = stat.data;
  const totalpoint = formatPointsOneDecimal(stat.data.totalpoint);
  return (
    <Stack>
      <Title order={2}>
        <Trans>點數統計</Trans>
      </Title>
      <MomentNote moment={stat.data.moment} />
      <Group>
        <Paper withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            <Trans>近半年總點數</Trans>
          </Text>
          <Text fw={700} size="xl">
            {totalpoint}
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            <Trans>近半年點數折扣總額</Trans>
          </Text>
          <Text fw={700} size="xl">
            <Trans>{totaldiscount} 元</Trans>
          </Text>
        </Paper>
      </Group>
      {loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>近半年沒有有效點數</Trans>
        </Text>
      ) : (
        <ScrollTable caption={t`依點數排序`}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>使用者</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>點數</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>折扣</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loglist.map((row) => (
                <Table.Tr key={row.user.pk}>
                  <Table.Td>
                    {row.user.name} ({row.user.pkstr})
                  </Table.Td>
                  <Table.Td>{formatPointsOneDecimal(row.point)}</Table.Td>
                  <Table.Td>{row.discount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
