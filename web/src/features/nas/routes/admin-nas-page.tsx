import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { toast } from '../../../shared/ui/toast';
import { type NasChangeReply, useChangeNasAccount, useNasAccountList } from '../api/nas';

function useReasonText() {
  const { t } = useLingui();
  return (reply: NasChangeReply) => {
    if (reply.status === 'ok') return t`已儲存`;
    switch (reply.reason) {
      case 'format':
        return t`帳號只能用英數字、點、底線與減號，2 到 32 字`;
      case 'nouser':
        return t`找不到使用者`;
      case 'noaccount':
        return t`這個人沒有網路硬碟帳號`;
      default:
        return t`儲存失敗`;
    }
  };
}

/**
 * AdminNas (/admin/nas; not in the spec's route table, docs/info-pages.md): staff with the system authority
 * assign a member's network-storage account (name and password) and remove it. The list never shows
 * passwords; the member reads theirs on /nas.
 */
export default function AdminNasPage() {
  const { t } = useLingui();
  const list = useNasAccountList();
  const change = useChangeNasAccount();
  const reasonText = useReasonText();
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [nasuser, setNasuser] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || nasuser.trim() === '' || password.length < 6) {
      toast.danger(t`資料有少`);
      return;
    }
    const reply = await change.mutateAsync({
      cmd: 'assign',
      userpk: person.pk,
      nasuser: nasuser.trim(),
      naspassword: password,
    });
    if (reply.status === 'ok') {
      toast.success(reasonText(reply));
      setPassword('');
      setNasuser('');
      setPerson(null);
    } else toast.danger(reasonText(reply));
  };

  const remove = async (userpk: number) => {
    const reply = await change.mutateAsync({ cmd: 'remove', userpk });
    (reply.status === 'ok' ? toast.success : toast.danger)(reasonText(reply));
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>網路硬碟帳號</Trans>
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <PersonPicker label={t`社員`} value={person} onChange={setPerson} required />
          <TextInput
            label={t`網路硬碟帳號`}
            value={nasuser}
            onChange={(e) => setNasuser(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t`網路硬碟密碼`}
            description={t`至少 6 字`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            autoComplete="new-password"
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              <Trans>開通或更新</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadFailed onRetry={() => list.refetch()} />
      ) : list.data.loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有開通的帳號</Trans>
        </Text>
      ) : (
        <ScrollTable caption={<Trans>已開通的帳號</Trans>}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>社員</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>帳號</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>開通時間</Trans>
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.loglist.map((row) => (
                <Table.Tr key={row.user.pk}>
                  <Table.Td>
                    {row.user.name} ({row.user.pkstr})
                  </Table.Td>
                  <Table.Td ff="monospace">{row.nasuser}</Table.Td>
                  <Table.Td>{formatTaipeiSeconds(row.assignedAt)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" color="red" variant="light" onClick={() => remove(row.user.pk)}>
                      <Trans>移除</Trans>
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
