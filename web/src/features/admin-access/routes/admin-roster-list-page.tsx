import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  type ListedPerson,
  type MemberEntry,
  type RosterKind,
  type StaffEntry,
  useRoster,
  type WorkshopEntry,
} from '../api/rosters';
import { type RemovableEntry, RemoveEntryModal } from '../components/remove-entry';
import { displayLanguage, groupInOrder, identityGroupLabel, workshopName } from '../lib/roster-groups';
import { ScrollTable } from '../../../shared/ui/scroll-table';

const asKind = (value: string | undefined): RosterKind =>
  value === 'staff' || value === 'workshop' ? value : 'member';

interface Column<Entry> {
  header: ReactNode;
  cell: (entry: Entry) => ReactNode;
}

function PersonTable<Entry extends { user: ListedPerson }>({
  caption,
  entries,
  extra,
}: {
  caption: string;
  entries: Entry[];
  extra: Column<Entry>[];
}) {
  return (
    <ScrollTable caption={caption}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>編號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>姓名</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>學號</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>系所</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>手機</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>電子郵件</Trans>
            </Table.Th>
            {extra.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per kind
              <Table.Th key={index}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one person may hold several workshop entries
            <Table.Tr key={`${entry.user.pk}-${row}`}>
              <Table.Td>{entry.user.pkstr}</Table.Td>
              <Table.Td>
                {entry.user.facebook ? (
                  <Anchor href={entry.user.facebook} target="_blank" rel="noopener noreferrer">
                    {entry.user.name}
                  </Anchor>
                ) : (
                  entry.user.name
                )}
              </Table.Td>
              <Table.Td>{entry.user.stuid}</Table.Td>
              <Table.Td>{entry.user.studepartment}</Table.Td>
              <Table.Td>{entry.user.mobile}</Table.Td>
              <Table.Td>{entry.user.email}</Table.Td>
              {extra.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per kind
                <Table.Td key={index}>{column.cell(entry)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Groups<Entry extends { user: ListedPerson }>({
  groups,
  extra,
}: {
  groups: { key: string; title: string; entries: Entry[] }[];
  extra: Column<Entry>[];
}) {
  return groups.map((group) => {
    const count = group.entries.length;
    const title = group.title;
    return (
      <Stack key={group.key} gap="xs">
        <Title order={3} size="h4">
          <Trans>
            {title}（{count} 人）
          </Trans>
        </Title>
        <PersonTable caption={title} entries={group.entries} extra={extra} />
      </Stack>
    );
  });
}

function MemberGroups({ entries }: { entries: MemberEntry[] }) {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const language = displayLanguage(i18n.locale);
  const showTransaction = links.isAvailable('AdminTransDetail');
  const groups = groupInOrder(entries, (entry) => String(entry.identitygroup)).map((group) => ({
    key: group.key,
    title: identityGroupLabel(Number(group.key), language),
    entries: group.entries,
  }));
  const extra: Column<MemberEntry>[] = showTransaction
    ? [
        {
          header: <Trans>社費交易</Trans>,
          cell: (entry) =>
            entry.trans === null ? (
              '-'
            ) : (
              <Anchor component={Link} to={links.pathOf('AdminTransDetail', { pk: entry.trans.pk })}>
                {entry.trans.pkstr}
              </Anchor>
            ),
        },
      ]
    : [];
  return <Groups groups={groups} extra={extra} />;
}

function StaffGroups({
  entries,
  onRemove,
}: {
  entries: StaffEntry[];
  onRemove?: (entry: StaffEntry) => void;
}) {
  const { t } = useLingui();
  const groups = groupInOrder(entries, (entry) => entry.position).map((group) => ({
    key: group.key,
    title: group.key,
    entries: group.entries,
  }));
  const extra: Column<StaffEntry>[] = onRemove
    ? [
        {
          header: <Trans>操作</Trans>,
          cell: (entry) => (
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              aria-label={t`移除 ${entry.user.name}`}
              onClick={() => onRemove(entry)}
            >
              <Trans>移除</Trans>
            </Button>
          ),
        },
      ]
    : [];
  return <Groups groups={groups} extra={extra} />;
}

function WorkshopGroups({
  entries,
  onRemove,
}: {
  entries: WorkshopEntry[];
  onRemove?: (entry: WorkshopEntry) => void;
}) {
  const { t, i18n } = useLingui();
  const language = displayLanguage(i18n.locale);
  const groups = groupInOrder(entries, (entry) => String(entry.kind)).map((group) => ({
    key: group.key,
    title: workshopName(Number(group.key), language),
    entries: group.entries,
  }));
  const extra: Column<WorkshopEntry>[] = [
    {
      header: <Trans>保證金</Trans>,
      cell: (entry) =>
        entry.trans === false ? (
          <Badge color="gray">{t`未繳`}</Badge>
        ) : (
          <Badge color="green">{t`已繳`}</Badge>
        ),
    },
  ];
  if (onRemove) {
    extra.push({
      header: <Trans>操作</Trans>,
      cell: (entry) => (
        <Button
          size="compact-sm"
          color="red"
          variant="subtle"
          aria-label={t`移除 ${entry.user.name}`}
          onClick={() => onRemove(entry)}
        >
          <Trans>移除</Trans>
        </Button>
      ),
    });
  }
  return <Groups groups={groups} extra={extra} />;
}

function RosterBody({ kind, semester }: { kind: RosterKind; semester: string | undefined }) {
  const { t } = useLingui();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const query = useRoster(kind, semester);
  const [removing, setRemoving] = useState<RemovableEntry | null>(null);
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { semesterList, semesterSelected } = query.data;
  const total = query.data.objlist.length;
  const setAuthority = kind === 'staff' ? 'staffset' : kind === 'workshop' ? 'workshopset' : null;
  const mayEdit = setAuthority !== null && hasAuthority(user, setAuthority);

  let groups: ReactNode;
  if (kind === 'member') groups = <MemberGroups entries={query.data.objlist as MemberEntry[]} />;
  else if (kind === 'staff')
    groups = (
      <StaffGroups
        entries={query.data.objlist as StaffEntry[]}
        {...(mayEdit ? { onRemove: (entry: StaffEntry) => setRemoving({ kind: 'staff', entry }) } : {})}
      />
    );
  else
    groups = (
      <WorkshopGroups
        entries={query.data.objlist as WorkshopEntry[]}
        {...(mayEdit ? { onRemove: (entry: WorkshopEntry) => setRemoving({ kind: 'workshop', entry }) } : {})}
      />
    );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Select
          label={t`學期`}
          data={semesterList}
          value={semesterSelected}
          allowDeselect={false}
          onChange={(value) =>
            value && navigate(links.pathOf('AdminMemberStaffWorkshopList', { kind, semester: value }))
          }
          w={160}
        />
        {mayEdit && kind !== 'member' && (
          <Button
            component={Link}
            to={links.pathOf('AdminStaffWorkshopAdd', { kind, semester: semesterSelected })}
          >
            {kind === 'staff' ? <Trans>新增幹部</Trans> : <Trans>新增工作坊名單</Trans>}
          </Button>
        )}
      </Group>
      <Text>
        <Trans>共 {total} 人次</Trans>
      </Text>
      {total === 0 ? (
        <Text c="dimmed">
          <Trans>這個學期的名單是空的</Trans>
        </Text>
      ) : (
        groups
      )}
      <RemoveEntryModal target={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

/** AdminMemberStaffWorkshopList: the member, staff or workshop roster of a semester (default: the current). */
export default function AdminRosterListPage() {
  const { t } = useLingui();
  const params = useParams();
  const kind = asKind(params.kind);
  const semester = params.semester || undefined;
  const links = useRouteLinks();
  const navigate = useNavigate();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          {kind === 'member' ? (
            <Trans>社員名單</Trans>
          ) : kind === 'staff' ? (
            <Trans>幹部名單</Trans>
          ) : (
            <Trans>工作坊名單</Trans>
          )}
        </Title>
        <SegmentedControl
          aria-label={t`名單`}
          value={kind}
          onChange={(value) =>
            navigate(links.pathOf('AdminMemberStaffWorkshopList', { kind: value, semester }))
          }
          data={[
            { value: 'member', label: t`社員` },
            { value: 'staff', label: t`幹部` },
            { value: 'workshop', label: t`工作坊` },
          ]}
        />
      </Group>
      <RosterBody key={`${kind}-${semester ?? ''}`} kind={kind} semester={semester} />
    </Stack>
  );
}
