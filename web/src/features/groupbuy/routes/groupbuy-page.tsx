import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import {
  type GroupBuy,
  type GroupBuyPage,
  useCancelOrder,
  useEndGroupBuy,
  useGroupBuyPage,
  useOpenGroupBuy,
  useSetRate,
} from '../api/groupbuy';
import { ManualAddModal } from '../components/manual-add-modal';
import { OrderModal } from '../components/order-modal';
import { billingStatusText, groupBuyReasonText } from '../lib/messages';

const minutes = (iso: string) => formatTaipeiSeconds(iso).slice(0, 16);

function OrdersTable({ groupBuy, admin }: { groupBuy: GroupBuy; admin: boolean }) {
  const { t, i18n } = useLingui();
  const cancel = useCancelOrder();
  const onCancel = async (gbopk: number) => {
    try {
      const reply = await cancel.mutateAsync(gbopk);
      if (reply.status === 'ok') toast.success(t`訂單已取消，訂金已退還`);
      else toast.danger(i18n._(groupBuyReasonText(reply.reason)));
    } catch (error) {
      console.error('group-buy cancel failed', error);
      toast.danger(i18n._(groupBuyReasonText('unknown')));
    }
  };
  if (groupBuy.orderlist.length === 0)
    return (
      <Text c="dimmed">
        <Trans>還沒有訂單</Trans>
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t`團購 #${groupBuy.pk} 的訂單`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>商品</Trans>
            </Table.Th>
            {admin && (
              <>
                <Table.Th>
                  <Trans>訂購人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>重量 (lb)</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>單價</Trans>
                </Table.Th>
              </>
            )}
            <Table.Th>
              <Trans>數量</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>總價</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>已付</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>未付</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>狀態</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>操作</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groupBuy.orderlist.map((order) => (
            <Table.Tr key={order.pk}>
              <Table.Td>
                <Anchor href={order.url} target="_blank" rel="noreferrer">
                  {order.title}
                </Anchor>
              </Table.Td>
              {admin && (
                <>
                  <Table.Td>{order.createuser?.name}</Table.Td>
                  <Table.Td>{order.weight}</Table.Td>
                  <Table.Td>{order.unitprice}</Table.Td>
                </>
              )}
              <Table.Td>{order.quantity}</Table.Td>
              <Table.Td>{order.totalfee}</Table.Td>
              <Table.Td>{order.paid}</Table.Td>
              <Table.Td>{order.remain}</Table.Td>
              <Table.Td>
                {i18n._(billingStatusText[order.billingstatus])}
                {order.indebt && (
                  <Badge color="red.9" ml="xs">
                    <Trans>餘額不足</Trans>
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {order.billingstatus === 1 && groupBuy.status === 0 && (order.mine || admin) && (
                  <Button size="xs" color="red" variant="light" onClick={() => onCancel(order.pk)}>
                    <Trans>取消訂單 #{order.pk}</Trans>
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdminPanel({ page }: { page: GroupBuyPage }) {
  const { t, i18n } = useLingui();
  const open = useOpenGroupBuy();
  const setRate = useSetRate();
  const [currency, setCurrency] = useState('USD');
  const [rate, setRateText] = useState('');
  const [website, setWebsite] = useState<'bh' | 'fotoimpex'>('bh');
  const [expires, setExpires] = useState('');
  const saveRate = async () => {
    const reply = await setRate.mutateAsync({ currency, rate });
    if (reply.status === 'ok') toast.success(t`匯率已更新`);
    else toast.danger(i18n._(groupBuyReasonText(reply.reason)));
  };
  const openNew = async () => {
    const expiredtime = new Date(expires).toISOString();
    const reply = await open.mutateAsync({ website, currency, expiredtime });
    if (reply.status === 'ok') toast.success(t`已開團 #${reply.pk}`);
    else toast.danger(i18n._(groupBuyReasonText(reply.reason)));
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          <Trans>團購管理</Trans>
        </Title>
        <Text size="sm">
          <Trans>目前匯率：</Trans>
          {Object.entries(page.xrate)
            .map(([code, value]) => `${code} ${value ?? '—'}`)
            .join('、')}
        </Text>
        <Group align="end">
          <TextInput
            label={t`幣別`}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
          />
          <TextInput
            label={t`匯率`}
            value={rate}
            onChange={(event) => setRateText(event.currentTarget.value)}
          />
          <Button onClick={saveRate}>
            <Trans>設定匯率</Trans>
          </Button>
        </Group>
        <Group align="end">
          <TextInput
            label={t`網站 (bh 或 fotoimpex)`}
            value={website}
            onChange={(event) => setWebsite(event.currentTarget.value === 'fotoimpex' ? 'fotoimpex' : 'bh')}
          />
          <TextInput
            label={t`結單時間`}
            type="datetime-local"
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
          />
          <Button onClick={openNew} disabled={expires === ''}>
            <Trans>開團</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function GroupBuyRoutePage() {
  const { t, i18n } = useLingui();
  const pk = useParams().pk;
  const query = useGroupBuyPage(pk);
  const end = useEndGroupBuy();
  const [ordering, setOrdering] = useState<GroupBuy | null>(null);
  const [addingTo, setAddingTo] = useState<GroupBuy | null>(null);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const page = query.data;
  const onEnd = async (groupBuy: GroupBuy) => {
    const reply = await end.mutateAsync(groupBuy.pk);
    if (reply.status === 'ok') toast.success(t`團購 #${groupBuy.pk} 已結單`);
    else toast.danger(i18n._(groupBuyReasonText(reply.reason)));
  };
  return (
    <Stack>
      <Title order={1}>
        <Trans>團購</Trans>
      </Title>
      {page.isadmin && <AdminPanel page={page} />}
      {page.groupBuyList.length === 0 && (
        <Text>
          <Trans>目前沒有團購</Trans>
        </Text>
      )}
      {page.groupBuyList.map((groupBuy) => (
        <Paper key={groupBuy.pk} withBorder p="md">
          <Stack>
            <Group justify="space-between">
              <Title order={2} size="h4">
                <Trans>
                  團購 #{groupBuy.pk}（{groupBuy.website}，{groupBuy.currency}）
                </Trans>
              </Title>
              {/* Filled dark shades keep WCAG AA contrast (light badges and green.9 do not). */}
              <Badge color={groupBuy.status === 0 ? 'teal.9' : 'gray.8'}>
                {groupBuy.status === 0 ? t`開放中` : t`已結單`}
              </Badge>
            </Group>
            <Text size="sm">
              <Trans>結單時間：{minutes(groupBuy.expiredtime)}</Trans>
              {groupBuy.totalfee !== null && <Trans>，總金額 {groupBuy.totalfee} 元</Trans>}
            </Text>
            <OrdersTable groupBuy={groupBuy} admin={page.isadmin} />
            <Group>
              {groupBuy.status === 0 && (
                <Button onClick={() => setOrdering(groupBuy)}>
                  <Trans>我要下單</Trans>
                </Button>
              )}
              {page.isadmin && groupBuy.status === 0 && (
                <Button variant="default" onClick={() => setAddingTo(groupBuy)}>
                  <Trans>手動新增 #{groupBuy.pk}</Trans>
                </Button>
              )}
              {page.isadmin && groupBuy.orderlist.length > 0 && (
                <Button variant="light" color="red" onClick={() => onEnd(groupBuy)}>
                  {groupBuy.status === 0 ? t`結單 #${groupBuy.pk}` : t`重新請款 #${groupBuy.pk}`}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      ))}
      <OrderModal groupBuy={ordering} onClose={() => setOrdering(null)} />
      <ManualAddModal groupBuy={addingTo} onClose={() => setAddingTo(null)} />
    </Stack>
  );
}
