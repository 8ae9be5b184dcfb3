import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type UserChangeLogRow, useUserChangeLog } from '../api/system';
import { PersonCell } from '../components/person-cell';
import { SystemNav } from '../components/system-nav';
import { useFieldName } from '../lib/field-names';
import { usePageParam } from '../lib/use-page-param';

const ROUTE = 'AdminSystemUserChangeLog';

/** The user change log: who changed which profile field of whom, from what to what. */
export default function AdminUserChangeLogPage() {
  const { t } = useLingui();
  const fieldName = useFieldName();
  const [page, setPage] = usePageParam(ROUTE);
  const log = useUserChangeLog(page);
  const columns: LogColumn<UserChangeLogRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'execuser', header: t`修改者`, cell: (row) => <PersonCell person={row.execuser} /> },
    { key: 'user', header: t`使用者`, cell: (row) => <PersonCell person={row.user} /> },
    { key: 'field', header: t`欄位`, cell: (row) => fieldName(row.fieldname), nowrap: true },
    { key: 'old', header: t`原值`, cell: (row) => row.valueold },
    { key: 'new', header: t`新值`, cell: (row) => row.valuenew },
  ];
  return (
    <Stack>
      <SystemNav current={ROUTE} />
      <Title order={2}>
        <Trans>使用者資料修改紀錄</Trans>
      </Title>
      <PagedLogTable
        caption={t`使用者資料修改紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
