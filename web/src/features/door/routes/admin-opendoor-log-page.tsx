import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type OpendoorLogRow, useOpendoorLog } from '../api/door';
import { doorResultText } from '../lib/messages';

/**
 * The opendoor system log (/admin/system/opendoor/log/:page?, document 3): who pressed when, and the result
 * (1 ok, 0 cannot connect, 2 outside open hours), newest first, on the shared paged log table.
 */
export default function AdminOpendoorLogPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const raw = Number(useParams().page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useOpendoorLog(page);
  const columns: LogColumn<OpendoorLogRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'user', header: t`使用者`, cell: (row) => `${row.user.name} (${row.user.pkstr})` },
    {
      key: 'result',
      header: t`結果`,
      cell: (row) => (
        <span data-result={row.result ?? ''}>
          {row.result ?? '-'} {i18n._(doorResultText(row.result))}
        </span>
      ),
      nowrap: true,
    },
  ];
  return (
    <Stack>
      <Title order={2}>
        <Trans>開門紀錄</Trans>
      </Title>
      <PagedLogTable
        caption={t`開門紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={(next) => void navigate(`/admin/system/opendoor/log/${next}`)}
      />
    </Stack>
  );
}
