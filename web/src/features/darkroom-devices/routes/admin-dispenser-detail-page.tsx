import { useLingui } from '@lingui/react/macro';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useDispenseDetail } from '../api/darkroom-devices';
import { DispenseStatusBadge } from '../components/dispense-status';
import { PersonName } from '../components/person';

/** AdminDispenserLogDetail (document 3): one run's result history, step by step. */
export default function AdminDispenserDetailPage() {
  const { t } = useLingui();
  const pk = useParams().pk ?? '';
  const detail = useDispenseDetail(pk);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const run = detail.data.dispenser;
  return (
    <Stack>
      <Title order={2}>{t`自動配藥機紀錄明細`}</Title>
      <Group>
        <Text fw={600}>
          #{run.pk} {run.formula.name} {run.formula.volume} ml → {run.target}
        </Text>
        <DispenseStatusBadge status={run.status} />
      </Group>
      <Text>
        {formatTaipeiSeconds(run.timestamp)} · <PersonName person={run.user} />
      </Text>
      {run.history.length === 0 ? (
        <Text c="dimmed">{t`沒有結果紀錄`}</Text>
      ) : (
        <ScrollTable caption={t`結果紀錄`}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`時間`}</Table.Th>
                <Table.Th>{t`狀態`}</Table.Th>
                <Table.Th>{t`成分`}</Table.Th>
                <Table.Th>{t`次數`}</Table.Th>
                <Table.Th>{t`量 (ml)`}</Table.Th>
                <Table.Th>{t`目標量 (ml)`}</Table.Th>
                <Table.Th>{t`流速 (ml/s)`}</Table.Th>
                <Table.Th>{t`幫浦`}</Table.Th>
                <Table.Th>{t`穩定次數`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.history.map((row) => (
                <Table.Tr key={`${row.ingredient}-${row.iteration}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTaipeiSeconds(row.lasttime)}</Table.Td>
                  <Table.Td>
                    <DispenseStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{row.ingredient}</Table.Td>
                  <Table.Td>{row.iteration}</Table.Td>
                  <Table.Td>{row.volume.toFixed(1)}</Table.Td>
                  <Table.Td>{row.targetvolume}</Table.Td>
                  <Table.Td>{row.flowrate}</Table.Td>
                  <Table.Td>{row.pumpstatus}</Table.Td>
                  <Table.Td>{row.stablecount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
