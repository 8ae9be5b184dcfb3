import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { type EmailLogRow, useEmailLog } from '../api/mail';

const EMAIL_LOG_PATH = '/admin/system/email/log';

/** The system's e-mail log (document 3): ID, time, recipient, subject, result and error message. */
export default function EmailLogPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const raw = Number(useParams().page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useEmailLog(page);
  const results: Record<number, { label: string; color: string }> = {
    0: { label: t`失敗`, color: 'red' },
    1: { label: t`已寄出`, color: 'green' },
    2: { label: t`未寄出`, color: 'gray' },
    3: { label: t`等待寄出`, color: 'yellow' },
  };
  const result = (row: EmailLogRow) => results[row.result] ?? { label: String(row.result), color: 'gray' };

  if (log.isPending) return <PageLoader />;
  if (log.isError || log.data === undefined) return <LoadFailed onRetry={() => void log.refetch()} />;
  const { loglist, pager } = log.data;
  const pages = Math.max(1, Math.ceil(pager.totalrows / Math.max(1, pager.rowsperpage)));
  return (
    <Stack>
      <Title order={2}>
        <Trans>Email 紀錄</Trans>
      </Title>
      {loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有寄過信</Trans>
        </Text>
      ) : (
        <ScrollTable caption={t`寄出的信`} minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>
                  <Trans>時間</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>收件人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>主旨</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>結果</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>錯誤訊息</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loglist.map((row) => (
                <Table.Tr key={row.pk}>
                  <Table.Td>{row.pk}</Table.Td>
                  <Table.Td>{new Date(row.timestamp).toLocaleString()}</Table.Td>
                  <Table.Td>{row.to}</Table.Td>
                  <Table.Td>{row.subject}</Table.Td>
                  <Table.Td>
                    <Badge color={result(row).color}>{result(row).label}</Badge>
                  </Table.Td>
                  <Table.Td>{row.errormsg}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => navigate(`${EMAIL_LOG_PATH}/${next}`)}
          getControlProps={(control) =>
            control === 'next'
              ? { 'aria-label': t`下一頁` }
              : control === 'previous'
                ? { 'aria-label': t`上一頁` }
                : {}
          }
        />
      )}
    </Stack>
  );
}
