import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { addStock, invalidateStock, useStockList } from '../api/stock';
import { useAccountName } from '../components/stock-bits';
import { StockLoadFailed } from '../components/stock-load-failed';
import { useStockMessages } from '../components/stock-messages';
import { newRequestId } from '../lib/request-id';

/** AdminStockAdd (stock): an account, a name and a unit; the item's settings follow on its config tab. */
export default function AdminStockAddPage() {
  const { t } = useLingui();
  const messages = useStockMessages();
  const accountName = useAccountName();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useStockList();
  const [prefix, setPrefix] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [unit, setUnit] = useState('張');
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <StockLoadFailed onRetry={() => void query.refetch()} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (prefix === null) return toast.danger(t`請選擇帳戶`);
    if (name.trim() === '') return toast.danger(messages.text('name_required'));
    setBusy(true);
    try {
      const answer = await addStock({
        cmd: 'new',
        account: prefix,
        name: name.trim(),
        unit: unit.trim() || '張',
        requestId,
      });
      if (answer.status !== 'ok') return toast.danger(messages.text(answer.reason ?? ''));
      await invalidateStock(queryClient);
      toast.success(t`已新增 ${answer.stock.pkstr}`);
      navigate(`${links.pathOf('AdminStockSingle', { pk: answer.pk })}?tab=config`);
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={2}>
        <Trans>新增庫存品項</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Select
              label={t`帳戶`}
              required
              data={query.data.accountlist.map((account) => ({
                value: account.prefix,
                label: accountName(account),
              }))}
              value={prefix}
              onChange={setPrefix}
            />
            <TextInput
              label={t`品名`}
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextInput
              label={t`單位`}
              description={t`例如 張、才、卷、盒`}
              value={unit}
              onChange={(event) => setUnit(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              <Trans>新增</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
