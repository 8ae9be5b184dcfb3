import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { editProperties, invalidateProperty, type PropertyItem, useProperty } from '../api/property';
import { useLoanMessages } from '../components/loan-messages';
import { isPositiveInteger } from '../lib/validation';

/** AdminPropertyEdit (/admin/property/:propertyid/edit, document 3): an item's name, day fee and account. */
export default function AdminPropertyEditPage() {
  const id = useParams().propertyid ?? '';
  const item = useProperty(id);
  if (item.isPending) return <PageLoader />;
  if (item.isError || !item.data) return <LoadFailed onRetry={() => void item.refetch()} />;
  return <PropertyForm key={item.data.property.pk} item={item.data.property} />;
}

function PropertyForm({ item }: { item: PropertyItem }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const [name, setName] = useState(item.name);
  const [dayfee, setDayfee] = useState(String(item.dayfee));
  const [account, setAccount] = useState<number | string>(item.account.pk);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = name !== item.name || dayfee !== String(item.dayfee) || Number(account) !== item.account.pk;

  const save = async () => {
    setSaved(false);
    if (!isPositiveInteger(dayfee)) return setProblem(t`日租金須為正整數`);
    setProblem(null);
    try {
      const answer = await editProperties({
        propertylist: [{ pk: item.pk, name: name.trim(), dayfee: dayfee.trim(), account: Number(account) }],
      });
      if (answer.status === 'ok') {
        setSaved(true);
        await invalidateProperty(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`伺服器錯誤，請稍後再試`);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={2}>
        <Trans>編輯財產 {item.pkstr}</Trans>
      </Title>
      <Anchor component={Link} to="/admin/property/list">
        <Trans>回財產列表</Trans>
      </Anchor>
      <TextInput label={t`名稱`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextInput
        label={t`日租金（元）`}
        description={t`正整數；押金為 3 倍日租金`}
        inputMode="numeric"
        value={dayfee}
        onChange={(event) => setDayfee(event.currentTarget.value)}
        error={isPositiveInteger(dayfee) ? undefined : t`日租金須為正整數`}
      />
      <NumberInput
        label={t`租金帳戶編號`}
        description={item.account.name}
        value={account}
        onChange={setAccount}
        allowDecimal={false}
        min={1}
      />
      <Group>
        <Button disabled={!changed} onClick={() => void save()}>
          <Trans>儲存</Trans>
        </Button>
      </Group>
      {saved && (
        <Alert color="green" role="status">
          <Trans>已儲存</Trans>
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
