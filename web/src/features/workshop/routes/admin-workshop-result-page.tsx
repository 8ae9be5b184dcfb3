import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Paper, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type ResultTab, type SignUp, useResultPage } from '../api/workshop';
import { SchedulePanel } from '../components/schedule-panel';
import { SignUpEntry } from '../components/sign-up-entry';
import { kindText, resultText, scheduleText } from '../lib/messages';

type SortKey = 'pk' | 'name' | 'stuid' | 'studepartment' | 'choice1' | 'choice2' | 'time' | 'result';
const sortValue = (row: SignUp, key: SortKey): string | number => {
  switch (key) {
    case 'pk':
      return row.pk;
    case 'name':
    case 'stuid':
    case 'studepartment':
      return row.user[key];
    case 'choice1':
    case 'choice2':
      return row.fillin[key] ?? '';
    case 'time':
      return row.finishtime ?? row.modifytime;
    case 'result':
      return row.result;
  }
};

function SignUpTable({ rows, tab }: { rows: SignUp[]; tab: ResultTab }) {
  const { t, i18n } = useLingui();
  const links = useRouteLinks();
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'pk', asc: true });
  const sorted = [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-Hant');
    return sort.asc ? order : -order;
  });
  const header = (key: SortKey, label: string) => (
    <Table.Th aria-sort={sort.key === key ? (sort.asc ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        fw={700}
        onClick={() => setSort((before) => ({ key, asc: before.key === key ? !before.asc : true }))}
      >
        {label}
        {sort.key === key ? (sort.asc ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t`工作坊報名列表`}>
        <Table.Thead>
          <Table.Tr>
            {header('pk', '#')}
            {header('name', t`姓名`)}
            {header('stuid', t`學號`)}
            {header('studepartment', t`系所`)}
            {header('choice1', t`第一志願`)}
            {header('choice2', t`第二志願`)}
            {header('time', t`時間`)}
            {header('result', t`結果`)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td>{row.pk}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`${links.pathOf('AdminWorkshopResult', { pk: row.pk })}?tab=${tab}`}
                >
                  {row.user.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{row.user.stuid}</Table.Td>
              <Table.Td>{row.user.studepartment}</Table.Td>
              <Table.Td>
                {kindText[row.fillin.choice1 ?? ''] ? i18n._(kindText[row.fillin.choice1 ?? '']!) : ''}
              </Table.Td>
              <Table.Td>
                {kindText[row.fillin.choice2 ?? ''] ? i18n._(kindText[row.fillin.choice2 ?? '']!) : ''}
              </Table.Td>
              <Table.Td>{formatTaipeiSeconds(row.finishtime ?? row.modifytime).slice(0, 16)}</Table.Td>
              <Table.Td>{i18n._(resultText[row.result]!)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function AdminWorkshopResultRoutePage() {
  const { t, i18n } = useLingui();
  const pk = useParams().pk;
  const navigate = useNavigate();
  const links = useRouteLinks();
  const params = new URLSearchParams(window.location.search);
  const initialTab = params.get('tab');
  const [tab, setTab] = useState<ResultTab>(
    initialTab === 'memberTemp' || initialTab === 'staff' ? initialTab : 'member',
  );
  const query = useResultPage(tab, pk);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const page = query.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>
          <Trans>工作坊錄取結果</Trans>
        </Title>
        <Badge color="dark.6">{i18n._(scheduleText[page.timeschedule]!)}</Badge>
      </Group>
      {page.mayset && <SchedulePanel key={`${page.timeschedule}${page.offered.join()}`} page={page} />}
      {page.entry ? (
        <SignUpEntry
          entry={page.entry}
          mayset={page.mayset}
          onClose={() => void navigate(links.pathOf('AdminWorkshopResult'))}
        />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab((value as ResultTab | null) ?? 'member')}>
          <Tabs.List>
            <Tabs.Tab value="member">{t`已送出`}</Tabs.Tab>
            <Tabs.Tab value="memberTemp">{t`填寫中`}</Tabs.Tab>
            <Tabs.Tab value="staff">{t`幹部測試`}</Tabs.Tab>
          </Tabs.List>
          <Paper p="sm">
            <Stack>
              <Group>
                <Text fw={600}>
                  <Trans>共 {page.count} 筆</Trans>
                </Text>
                {page.statistic.map((item) => (
                  <Text key={item.kind}>
                    <Trans>
                      第一志願 {i18n._(kindText[String(item.kind)]!)}：{item.count}
                    </Trans>
                  </Text>
                ))}
              </Group>
              <SignUpTable rows={page.loglist} tab={tab} />
            </Stack>
          </Paper>
        </Tabs>
      )}
    </Stack>
  );
}
