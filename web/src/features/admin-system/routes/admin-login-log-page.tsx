import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Title } from '@mantine/core';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type LoginLogRow, useLoginLog } from '../api/system';
import { PersonCell } from '../components/person-cell';
import { SystemNav } from '../components/system-nav';
import { usePageParam } from '../lib/use-page-param';

const ROUTE = 'AdminSystemLoginLog';

/** The login log (document 3): method, scope, first login, ip and status 0–4 with readable labels. */
export default function AdminLoginLogPage() {
  const { t } = useLingui();
  const [page, setPage] = usePageParam(ROUTE);
  const log = useLoginLog(page);
  const method = (code: number) => (code === 2 ? t`刷卡` : code === 1 ? t`網頁` : String(code));
  const scope = (code: number) => (code === 1 ? t`店面` : code === 0 ? t`主站` : String(code));
  const statusLabel = (code: number) => {
    switch (code) {
      case 0:
        return t`失敗`;
      case 1:
        return t`失敗：重複或 Email`;
      case 2:
        return t`成功`;
      case 3:
        return t`成功（root）`;
      case 4:
        return t`失敗：社團帳號`;
      default:
        return String(code);
    }
  };
  const columns: LogColumn<LoginLogRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    {
      key: 'user',
      header: t`使用者`,
      cell: (row) => (row.user ? <PersonCell person={row.user} /> : row.identifier),
    },
    { key: 'method', header: t`方式`, cell: (row) => method(row.method), nowrap: true },
    { key: 'scope', header: t`位置`, cell: (row) => scope(row.scope), nowrap: true },
    { key: 'first', header: t`首次登入`, cell: (row) => (row.first ? t`是` : ''), nowrap: true },
    { key: 'ip', header: 'IP', cell: (row) => row.ip, nowrap: true },
    {
      key: 'status',
      header: t`結果`,
      cell: (row) => (
        <Badge
          color={row.status === 2 || row.status === 3 ? 'teal' : 'red'}
          c={row.status === 2 || row.status === 3 ? 'teal.9' : 'red.9'}
          variant="outline"
        >
          {statusLabel(row.status)}
        </Badge>
      ),
      nowrap: true,
    },
  ];
  return (
    <Stack>
      <SystemNav current={ROUTE} />
      <Title order={2}>
        <Trans>登入紀錄</Trans>
      </Title>
      <PagedLogTable
        caption={t`登入紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
