import { useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type DispenseRow, useDispenseLog } from '../api/darkroom-devices';
import { DispenseStatusBadge } from '../components/dispense-status';
import { PersonName } from '../components/person';

/** AdminDispenserLog (document 3): dispenser runs, newest first, with a link to each run's detail. */
export default function AdminDispenserLogPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(search.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useDispenseLog(page);
  const columns: LogColumn<DispenseRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'user', header: t`使用者`, cell: (row) => <PersonName person={row.user} /> },
    { key: 'target', header: t`目標`, cell: (row) => row.target, nowrap: true },
    { key: 'formula', header: t`配方`, cell: (row) => `${row.formula.name} ${row.formula.volume} ml` },
    {
      key: 'result',
      header: t`結果`,
      cell: (row) =>
        row.result.map((result) => `${result.ingredient} ${result.volume.toFixed(1)} ml`).join('、') || '-',
    },
    {
      key: 'elapsed',
      header: t`耗時 (秒)`,
      cell: (row) => (row.timeelasped === null ? '-' : row.timeelasped),
      nowrap: true,
    },
    { key: 'status', header: t`狀態`, cell: (row) => <DispenseStatusBadge status={row.status} /> },
    {
      key: 'detail',
      header: t`明細`,
      cell: (row) => (
        <Anchor component={Link} to={links.pathOf('AdminDispenserLogDetail', { pk: row.pk })}>
          {t`明細`}
        </Anchor>
      ),
    },
  ];
  return (
    <Stack>
      <Title order={2}>{t`自動配藥機紀錄`}</Title>
      <PagedLogTable
        caption={t`自動配藥機紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={(next) => navigate(`${links.pathOf('AdminDispenserLog')}?page=${next}`)}
      />
    </Stack>
  );
}
