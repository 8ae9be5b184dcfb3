import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type UserSearchLogRow, useUserSearchLog } from '../api/system';
import { PersonCell } from '../components/person-cell';
import { SystemNav } from '../components/system-nav';
import { usePageParam } from '../lib/use-page-param';

const ROUTE = 'AdminSystemUserSearchLog';

/** The user search log (document 3): ID, timestamp, executing user, keyword. */
export default function AdminUserSearchLogPage() {
  const { t } = useLingui();
  const [page, setPage] = usePageParam(ROUTE);
  const log = useUserSearchLog(page);
  const columns: LogColumn<UserSearchLogRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'execuser', header: t`搜尋者`, cell: (row) => <PersonCell person={row.execuser} /> },
    { key: 'keyword', header: t`關鍵字`, cell: (row) => row.keyword },
  ];
  return (
    <Stack>
      <SystemNav current={ROUTE} />
      <Title order={2}>
        <Trans>使用者搜尋紀錄</Trans>
      </Title>
      <PagedLogTable
        caption={t`使用者搜尋紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
