import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type EmailLogRow, useEmailLog } from '../api/mail';

/**
 * The system's e-mail log (document 3): ID, time, recipient, subject, result and error message, newest
 * first, on the shared paged log table.
 */
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
  const columns: LogColumn<EmailLogRow>[] = [
    { key: 'pk', header: 'ID', cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'to', header: t`收件人`, cell: (row) => row.to },
    { key: 'subject', header: t`主旨`, cell: (row) => row.subject },
    {
      key: 'result',
      header: t`結果`,
      cell: (row) => (
        // Dark text on the outline keeps AA contrast (the accessibility test checks these pages).
        <Badge variant="outline" color={result(row).color} c={`${result(row).color}.9`}>
          {result(row).label}
        </Badge>
      ),
      nowrap: true,
    },
    { key: 'errormsg', header: t`錯誤訊息`, cell: (row) => row.errormsg },
  ];
  return (
    <Stack>
      <Title order={2}>
        <Trans>Email 紀錄</Trans>
      </Title>
      <PagedLogTable
        caption={t`寄出的信`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={(next) => void navigate(`/admin/system/email/log/${next}`)}
      />
    </Stack>
  );
}
