import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { UserDetailLink } from '../../../shared/components/user-detail-link';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority } from '../../../shared/session/user';
import { type SearchedUser, useUserSearch } from '../api/user-cash';
import { CashChangeForm } from '../components/cash-change-form';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/** Search debounce (document 3, section 9). */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * AdminUserSearch (document 3, section 2.2): keyword user search (debounced; an empty keyword clears the
 * results). Holders of addvalue add value or take back cash for a person from here.
 */
export default function AdminUserSearchPage() {
  const { t } = useLingui();
  const { user: viewer } = useCurrentUser();
  const mayChangeCash = hasAuthority(viewer, 'addvalue');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [selectedPk, setSelectedPk] = useState<number | null>(null);
  const query = useUserSearch(keyword);
  const list: SearchedUser[] = keyword.trim() === '' ? [] : (query.data?.list ?? []);
  const selected = list.find((user) => user.pk === selectedPk) ?? null;

  return (
    <Stack>
      <Title order={2}>
        <Trans>使用者搜尋</Trans>
      </Title>
      <TextInput
        label={t`關鍵字`}
        description={t`姓名、學號、手機、Email 或編號`}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      {selected !== null && mayChangeCash && (
        <CashChangeForm key={selected.pk} user={selected} onClose={() => setSelectedPk(null)} />
      )}
      {keyword.trim() !== '' && list.length === 0 && !query.isFetching && (
        <Text c="dimmed">
          <Trans>找不到使用者</Trans>
        </Text>
      )}
      {list.length > 0 && (
        <ScrollTable caption={<Trans>搜尋結果</Trans>}>
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
                  <Trans>系級</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>社員</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>餘額</Trans>
                </Table.Th>
                {mayChangeCash && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((user) => (
                <Table.Tr key={user.pk}>
                  <Table.Td>
                    <UserDetailLink pk={user.pk}>{user.pkstr}</UserDetailLink>
                  </Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.stuid}</Table.Td>
                  <Table.Td>{user.studepartment}</Table.Td>
                  <Table.Td>
                    {user.ismember ? (
                      <Badge variant="light">
                        <Trans>社員</Trans>
                      </Badge>
                    ) : (
                      (user.lastmember ?? '')
                    )}
                  </Table.Td>
                  <Table.Td>{user.balance}</Table.Td>
                  {mayChangeCash && (
                    <Table.Td>
                      <Button size="compact-sm" variant="light" onClick={() => setSelectedPk(user.pk)}>
                        <Trans>儲值／退款</Trans>
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
