import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { createProperty, invalidateProperty, usePropertyList } from '../api/property';
import { useLoanMessages } from '../components/loan-messages';
import { PropertyLogState } from '../components/property-log-columns';
import { isPositiveInteger } from '../lib/validation';

/** AdminPropertyList (/admin/property/list, document 3): the items with their day fee, and a new one. */
export default function AdminPropertyListPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = usePropertyList();
  const message = useLoanMessages();
  const [name, setName] = useState('');
  const [dayfee, setDayfee] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (name.trim() === '' || !isPositiveInteger(dayfee)) return setProblem(t`日租金須為正整數`);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await createProperty({
        name: name.trim(),
        dayfee: dayfee.trim(),
        requestId: crypto.randomUUID(),
      });
      if (answer.status === 'ok') {
        setName('');
        setDayfee('');
        await invalidateProperty(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`伺服器錯誤，請稍後再試`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>財產列表</Trans>
      </Title>
      <Group>
        <Anchor component={Link} to="/admin/property/history/lendout">
          <Trans>借出中的器材</Trans>
        </Anchor>
        <Anchor component={Link} to="/property/counter">
          <Trans>櫃台借還器材</Trans>
        </Anchor>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError || !list.data ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <ScrollTable caption={t`財產列表`}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`編號`}</Table.Th>
                <Table.Th>{t`名稱`}</Table.Th>
                <Table.Th>{t`日租金`}</Table.Th>
                <Table.Th>{t`租金帳戶`}</Table.Th>
                <Table.Th>{t`狀態`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.propertylist.map((item) => (
                <Table.Tr key={item.pk}>
                  <Table.Td>{item.pkstr}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/property/${item.pk}/edit`}>
                      {item.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t`${item.dayfee} 元`}</Table.Td>
                  <Table.Td>{item.account.name}</Table.Td>
                  <Table.Td>{item.lastrow ? <PropertyLogState log={item.lastrow} /> : t`在社辦`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Title order={3}>
        <Trans>新增器材</Trans>
      </Title>
      <Group align="flex-end">
        <TextInput label={t`名稱`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <TextInput
          label={t`日租金（元）`}
          inputMode="numeric"
          value={dayfee}
          onChange={(event) => setDayfee(event.currentTarget.value)}
        />
        <Button disabled={busy} onClick={() => void add()}>
          <Trans>新增</Trans>
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
