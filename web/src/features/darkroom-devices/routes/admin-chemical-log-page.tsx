import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type ChemicalLogRow, useChemicalLog } from '../api/darkroom-devices';
import { PersonName } from '../components/person';

/** AdminChemical2Log (document 3): one chemical's movements, newest first, paged (?page=). */
export default function AdminChemicalLogPage() {
  const { t } = useLingui();
  const pk = useParams().pk ?? '';
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useChemicalLog(pk, page);
  const operations: Record<number, string> = { 1: t`使用`, 2: t`補充`, 3: t`調整` };
  const columns: LogColumn<ChemicalLogRow>[] = [
    { key: 'time', header: t`時間`, cell: (row) => formatTaipeiSeconds(row.timestamp), nowrap: true },
    { key: 'user', header: t`使用者`, cell: (row) => <PersonName person={row.user} /> },
    {
      key: 'operation',
      header: t`動作`,
      cell: (row) => operations[row.operation] ?? row.operation,
      nowrap: true,
    },
    {
      key: 'diff',
      header: t`變化 (ml)`,
      cell: (row) => (row.diffvolume > 0 ? `+${row.diffvolume}` : row.diffvolume),
    },
    { key: 'recycle', header: t`回收 (ml)`, cell: (row) => row.recyclevolume },
    { key: 'new', header: t`結存 (ml)`, cell: (row) => row.newvolume },
    { key: 'comment', header: t`備註`, cell: (row) => row.comment },
  ];
  return (
    <Stack>
      <Title order={2}>
        <Trans>藥水紀錄</Trans>
      </Title>
      {log.data && <Text fw={600}>{log.data.obj.name}</Text>}
      <PagedLogTable
        caption={t`藥水紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={(next) => setSearch({ page: String(next) })}
      />
    </Stack>
  );
}
