import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { UserDetailLink } from '../../../shared/components/user-detail-link';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type ListedUser, type UserListKind, useUserList } from '../api/user-lists';
import { ScrollTable } from '../../../shared/ui/scroll-table';

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;
const taipeiDate = (iso: string) => new Date(Date.parse(iso) + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);

function UserTable({ kind, list, caption }: { kind: UserListKind; list: ListedUser[]; caption: ReactNode }) {
  const { t } = useLingui();
  const sexName = (sex: string) => (sex === '1' ? t`男` : sex === '2' ? t`女` : '');
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
              <Trans>性別</Trans>
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
            <Table.Th>
              <Trans>最近社員學期</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>最近幹部學期</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>最近工作坊學期</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>點數</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>餘額</Trans>
            </Table.Th>
            {kind === 'recent' && (
              <Table.Th>
                <Trans>註冊日期</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((row) => (
            <Table.Tr key={row.pk}>
              <Table.Td>
                <UserDetailLink pk={row.pk}>{row.pkstr}</UserDetailLink>
              </Table.Td>
              <Table.Td>
                {row.facebook ? (
                  <Anchor href={row.facebook} target="_blank" rel="noopener noreferrer">
                    {row.name}
                  </Anchor>
                ) : (
                  row.name
                )}
              </Table.Td>
              <Table.Td>{sexName(row.sex)}</Table.Td>
              <Table.Td>{row.stuid}</Table.Td>
              <Table.Td>{row.studepartment}</Table.Td>
              <Table.Td>{row.mobile}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.lastmember ?? '-'}</Table.Td>
              <Table.Td>{row.laststaff ?? '-'}</Table.Td>
              <Table.Td>{row.lastworkshop ?? '-'}</Table.Td>
              <Table.Td>{row.point.toFixed(1)}</Table.Td>
              <Table.Td c={row.balance < 0 ? 'red' : undefined}>{row.balance}</Table.Td>
              {kind === 'recent' && <Table.Td>{taipeiDate(row.registertime)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function UserList({ kind }: { kind: UserListKind }) {
  const query = useUserList(kind);
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  const { list } = query.data;
  const count = list.length;
  const totalDebt = -list.reduce((sum, row) => sum + Math.min(row.balance, 0), 0);
  const caption =
    kind === 'recent' ? (
      <Trans>近三個月註冊：{count} 人</Trans>
    ) : (
      <Trans>
        欠款：{count} 人，共 {totalDebt} 元
      </Trans>
    );
  return count > 0 ? <UserTable kind={kind} list={list} caption={caption} /> : <Text>{caption}</Text>;
}

/** AdminUserRecentDebtList: people registered in the last three months, or people in debt (sql). */
export default function AdminUserListPage() {
  const { t } = useLingui();
  const kind: UserListKind = useParams().kind === 'debt' ? 'debt' : 'recent';
  const navigate = useNavigate();
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  const maySeeDebt = hasAuthority(user, 'sql');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{kind === 'recent' ? <Trans>新進使用者</Trans> : <Trans>欠款名單</Trans>}</Title>
        {maySeeDebt && (
          <SegmentedControl
            aria-label={t`名單`}
            value={kind}
            onChange={(value) => navigate(links.pathOf('AdminUserRecentDebtList', { kind: value }))}
            data={[
              { value: 'recent', label: t`新進` },
              { value: 'debt', label: t`欠款` },
            ]}
          />
        )}
      </Group>
      <UserList key={kind} kind={kind} />
    </Stack>
  );
}
