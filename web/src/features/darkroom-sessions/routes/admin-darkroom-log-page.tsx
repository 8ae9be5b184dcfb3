import { useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type DarkroomLogRow, useDarkroomLog } from '../api/darkroom-sessions';
import { useDarkroomTexts } from '../components/texts';

/** AdminDarkroomLog (document 3): darkroom sessions, newest first; an ongoing one has no end time. */
export default function AdminDarkroomLogPage() {
  const { t } = useLingui();
  const links = useRouteLinks();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { kindName, formatName } = useDarkroomTexts();
  const raw = Number(search.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useDarkroomLog(page);
  const columns: LogColumn<DarkroomLogRow>[] = [
    { key: 'pk', header: t`編號`, cell: (row) => row.pk, nowrap: true },
    {
      key: 'user',
      header: t`使用者`,
      cell: (row) => (row.user ? `${row.user.name} (${row.user.pkstr})` : '-'),
    },
    {
      key: 'start',
      header: t`開始`,
      cell: (row) => (
        <>
          {formatTaipeiSeconds(row.starttime)} {row.today && <Badge variant="light">{t`今天`}</Badge>}
        </>
      ),
      nowrap: true,
    },
    {
      key: 'end',
      header: t`結束`,
      cell: (row) =>
        row.endtime ? (
          formatTaipeiSeconds(row.endtime)
        ) : (
          <Badge color="red" c="red.9" variant="light">{t`使用中`}</Badge>
        ),
      nowrap: true,
    },
    {
      key: 'values',
      header: t`項目`,
      cell: (row) =>
        row.values.kind
          .map((used, kind) =>
            used
              ? `${kindName(kind)}：${Object.entries(row.values.result[kind] ?? {})
                  .map(([format, count]) => `${formatName(format)} × ${count}`)
                  .join('、')}`
              : '',
          )
          .filter(Boolean)
          .join('；') || '-',
    },
    {
      key: 'chemicals',
      header: t`藥水`,
      cell: (row) => row.chemicals.map((use) => `${use.name} ${use.volume} ml`).join('、') || '-',
    },
    { key: 'fee', header: t`收費`, cell: (row) => (row.fee === null ? '-' : row.fee), nowrap: true },
  ];
  return (
    <Stack>
      <Title order={2}>{t`暗房使用紀錄`}</Title>
      {/* The counter's check-in and check-out for a member (an extra route, not in the route table). */}
      <Anchor component={Link} to="/darkroom/session">
        {t`櫃台登記：代社員簽到、簽退`}
      </Anchor>
      <PagedLogTable
        caption={t`暗房使用紀錄`}
        columns={columns}
        query={log}
        rowKey={(row) => row.pk}
        page={page}
        onPage={(next) => navigate(`${links.pathOf('AdminDarkroomLog')}?page=${next}`)}
      />
    </Stack>
  );
}
