import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { type OpendoorLogRow, useOpendoorLog } from '../api/door';
import { doorResultText, taipeiDateTime } from '../lib/messages';

function LogTable({ rows }: { rows: OpendoorLogRow[] }) {
  const { t, i18n } = useLingui();
  return (
    <ScrollTable caption={t`開門紀錄`}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>編號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>時間</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>使用者</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>結果</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td>{row.pk}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{taipeiDateTime(row.timestamp)}</Table.Td>
              <Table.Td>
                {row.user.name} ({row.user.pkstr})
              </Table.Td>
              <Table.Td data-result={row.result ?? ''}>
                {row.result ?? '-'} {i18n._(doorResultText(row.result))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The opendoor system log (/admin/system/opendoor/log/:page?, document 3): result 1 ok, 0 cannot connect, 2 outside hours. */
export default function AdminOpendoorLogPage() {
  const navigate = useNavigate();
  const raw = Number(useParams().page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useOpendoorLog(page);
  const pager = log.data?.pager;
  return (
    <Stack>
      <Title order={2}>
        <Trans>開門紀錄</Trans>
      </Title>
      {log.isPending ? (
        <PageLoader />
      ) : log.isError || log.data === undefined ? (
        <LoadFailed onRetry={() => void log.refetch()} />
      ) : log.data.loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>沒有紀錄</Trans>
        </Text>
      ) : (
        <LogTable rows={log.data.loglist} />
      )}
      {pager !== undefined && pager.totalrows > pager.rowsperpage && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(pager.totalrows / pager.rowsperpage)}
            value={page}
            onChange={(next) => void navigate(`/admin/system/opendoor/log/${next}`)}
          />
        </Group>
      )}
    </Stack>
  );
}
