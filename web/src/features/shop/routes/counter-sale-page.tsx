import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonPicker } from '../../../shared/components/person-picker';
import type { PersonRef } from '../../../shared/api/user-search';
import { useCurrentUser } from '../../../shared/session/current-user';
import { isActiveStaff } from '../../../shared/session/user';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  type ClientScope,
  postSale,
  type Receipt,
  scanCode,
  useBuyer,
  usePriceList,
  useQuote,
} from '../api/shop';
import { ReceiptView } from '../components/receipt-view';
import { useSaleMessages } from '../components/sale-messages';

interface SaleLine {
  key: string;
  stockpk: number;
  name: string;
  quantity: string;
  cartItemId?: string;
  label?: string;
}

/** A quantity the API takes: a positive decimal with at most three decimals. */
const validQuantity = (text: string) => /^\d{1,6}(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0;

/**
 * The counter sale (issue 14): in the store scope (the kiosk on the club counter, ?scope=store) a member
 * who logged in with their card buys for themselves; staff ring up any member anywhere. Items are scanned
 * or searched (or taken from the buyer's cart), priced at the buyer's points, and paid from the balance.
 */
export default function CounterSalePage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const scope: ClientScope = params.get('scope') === 'store' ? 'store' : 'main';
  const { user } = useCurrentUser();
  const staff = isActiveStaff(user);
  const selfOnly = scope === 'store' || !staff;
  const [person, setPerson] = useState<PersonRef | null>(null);
  const buyerPk: number | 'me' | null = selfOnly ? 'me' : (person?.pk ?? null);
  const buyer = useBuyer(buyerPk, scope);
  const priceList = usePriceList();
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [paying, setPaying] = useState(false);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const saleMessage = useSaleMessages();

  const userpk = selfOnly || person === null ? undefined : person.pk;
  const quoteItems = lines
    .filter((line) => validQuantity(line.quantity))
    .map((line) => ({ stockpk: line.stockpk, quantity: line.quantity.trim() }));
  const quoted = useQuote(quoteItems, userpk);
  const allValid = lines.length > 0 && quoteItems.length === lines.length;

  const addLine = (line: Omit<SaleLine, 'key'>) => {
    setProblem(null);
    setLines((previous) => {
      const same = previous.find(
        (candidate) => candidate.stockpk === line.stockpk && !candidate.cartItemId && !line.cartItemId,
      );
      if (same)
        return previous.map((candidate) =>
          candidate === same ? { ...candidate, quantity: String(Number(candidate.quantity) + 1) } : candidate,
        );
      return [...previous, { ...line, key: crypto.randomUUID() }];
    });
  };

  const scan = async () => {
    const text = code.trim();
    if (text === '') return;
    const answer = await scanCode(text).catch(() => null);
    setCode('');
    if (answer?.status !== 'ok') return setProblem(t`找不到這個條碼或編號：${text}`);
    if (!answer.stock.forSale) return setProblem(t`${answer.stock.name} 不是賣品`);
    addLine({ stockpk: answer.stock.pk, name: answer.stock.name, quantity: '1' });
  };

  const takeCart = () => {
    for (const item of buyer.data?.cart.items ?? [])
      if (!lines.some((line) => line.cartItemId === item.id))
        addLine({
          stockpk: item.stock.pk,
          name: item.stock.name,
          quantity: String(item.quantity),
          cartItemId: item.id,
          label: item.label,
        });
  };

  const pay = async () => {
    if (!quoted.data || !allValid) return;
    setPaying(true);
    setProblem(null);
    try {
      const answer = await postSale(
        {
          ...(userpk === undefined ? {} : { userpk }),
          items: lines.map((line) => ({
            stockpk: line.stockpk,
            quantity: line.quantity.trim(),
            ...(line.cartItemId ? { cartItemId: line.cartItemId } : {}),
          })),
          total: quoted.data.total,
          requestId,
        },
        scope,
      );
      if (answer.status === 'ok') {
        setReceipt(answer.receipt);
        setLines([]);
        setRequestId(crypto.randomUUID());
        void queryClient.invalidateQueries({ queryKey: ['shop'] });
        void queryClient.invalidateQueries({ queryKey: ['user'] });
      } else {
        setProblem(saleMessage(answer.reason));
        if (answer.reason === 'price_changed') void quoted.refetch();
      }
    } catch {
      setProblem(t`伺服器錯誤，請稍後再試`);
    } finally {
      setPaying(false);
    }
  };

  if (receipt) return <ReceiptView receipt={receipt} onDone={() => setReceipt(null)} />;
  if (!user) return <PageLoader />;
  if (!staff && scope !== 'store')
    return (
      <Alert color="yellow" title={t`櫃台結帳`}>
        <Trans>請在社辦櫃台的刷卡機刷社員卡登入後結帳，或請值班幹部幫你結帳。</Trans>
      </Alert>
    );

  const rows = priceList.data?.stocklist.filter((row) => row.price !== null) ?? [];
  return (
    <Stack maw={760}>
      <Title order={2}>
        <Trans>櫃台結帳</Trans>
      </Title>
      {!selfOnly && <PersonPicker label={t`購買人`} value={person} onChange={setPerson} required />}
      {buyer.data && (
        <Paper withBorder p="sm" aria-label={t`購買人資料`} component="section">
          <Group justify="space-between">
            <Text fw={600}>
              {buyer.data.buyer.name} ({buyer.data.buyer.pkstr})
            </Text>
            <Text>
              <Trans>
                餘額 {buyer.data.buyer.balance} 元 · 點數 {buyer.data.buyer.point}
              </Trans>
            </Text>
          </Group>
          {!buyer.data.buyer.ismember && (
            <Text c="red" size="sm">
              <Trans>價目表的服務僅限在籍社員</Trans>
            </Text>
          )}
          {buyer.data.cart.items.length > 0 && (
            <Group mt="xs">
              <Text size="sm">
                <Trans>
                  購物車有 {buyer.data.cart.items.length} 項（{buyer.data.cart.total} 元）
                </Trans>
              </Text>
              <Button size="xs" variant="light" onClick={takeCart}>
                <Trans>加入購物車的項目</Trans>
              </Button>
            </Group>
          )}
        </Paper>
      )}
      {buyerPk !== null && (
        <>
          <Group align="flex-end" grow>
            <TextInput
              label={t`掃描條碼或輸入編號`}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) void scan();
              }}
            />
            <Select
              label={t`搜尋品項`}
              searchable
              value={null}
              onChange={(pk) => {
                const row = rows.find((candidate) => String(candidate.pk) === pk);
                if (row) addLine({ stockpk: row.pk, name: row.name, quantity: '1' });
              }}
              data={rows.map((row) => ({ value: String(row.pk), label: `${row.name} (${row.pkstr})` }))}
              nothingFoundMessage={t`找不到品項`}
            />
          </Group>
          {problem && (
            <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          )}
          {lines.length > 0 && (
            <Table aria-label={t`購買品項`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>品名</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>數量</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>單價</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>金額</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => {
                  const price = quoted.data?.lines.find((candidate) => candidate.stockpk === line.stockpk);
                  const unavailable = quoted.data?.missing.includes(line.stockpk);
                  return (
                    <Table.Tr key={line.key}>
                      <Table.Td>
                        {line.name}
                        {line.label && (
                          <Text size="xs" c="dimmed">
                            {line.label}
                          </Text>
                        )}
                        {unavailable && (
                          <Text size="xs" c="red">
                            <Trans>庫存資料錯誤，無法結帳</Trans>
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t`${line.name} 數量`}
                          w={90}
                          inputMode="decimal"
                          value={line.quantity}
                          error={validQuantity(line.quantity) ? undefined : t`數量錯誤`}
                          onChange={(event) => {
                            const quantity = event.currentTarget.value;
                            setLines((previous) =>
                              previous.map((candidate) =>
                                candidate.key === line.key ? { ...candidate, quantity } : candidate,
                              ),
                            );
                          }}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        {price?.unitprice ?? '…'}
                        {price && price.unitprice !== price.listprice && (
                          <Text span size="xs" c="dimmed" td="line-through">
                            {' '}
                            {price.listprice}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{price?.amount ?? '…'}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            setLines((previous) => previous.filter((candidate) => candidate.key !== line.key))
                          }
                        >
                          <Trans>移除</Trans>
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {quoted.data && lines.length > 0 && (
            <Group justify="space-between">
              <Text>
                <Trans>點數折扣 {quoted.data.discount} 元</Trans>
              </Text>
              <Text fw={700} size="lg" role="status">
                <Trans>應付 {quoted.data.total} 元</Trans>
              </Text>
            </Group>
          )}
          <Button
            size="lg"
            onClick={() => void pay()}
            loading={paying}
            disabled={!allValid || !quoted.data || (quoted.data.missing.length ?? 0) > 0}
          >
            <Trans>以儲值金付款</Trans>
          </Button>
        </>
      )}
    </Stack>
  );
}
