import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Stepper, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { toast } from '../../../shared/ui/toast';
import { invalidateStock, submitPurchaseWizard, useStockList } from '../api/stock';
import { ReceiptBox, type ReceiptFile } from '../components/receipt-box';
import { StockLink } from '../components/stock-bits';
import { StockLoadFailed } from '../components/stock-load-failed';
import { useStockMessages } from '../components/stock-messages';
import { type WizardItem, WizardItemForm } from '../components/wizard-item-form';
import { checkWizard } from '../lib/stock-forms';
import { newRequestId } from '../lib/request-id';

type Step = 0 | 1 | 2;

/**
 * AdminStockPurchase (stockpurchase): 0 upload receipts, 1 details overview, 2 add item (document 3,
 * section 4). The overview checks the source, at least one item, and asks 'no receipt, continue?' when
 * nothing was uploaded; then POST /admin/stock/purchase records each item as its own delta and
 * transaction (docs/stock.md).
 */
export default function AdminStockPurchasePage() {
  const { t } = useLingui();
  const messages = useStockMessages();
  const links = useRouteLinks();
  const queryClient = useQueryClient();
  const query = useStockList();
  const [step, setStep] = useState<Step>(0);
  const [purchasepk, setPurchasepk] = useState<number | null>(null);
  const [receipts, setReceipts] = useState<ReceiptFile[]>([]);
  const [origin, setOrigin] = useState('');
  const [comment, setComment] = useState('');
  const [items, setItems] = useState<WizardItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ stockpk: number; name: string }[] | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <StockLoadFailed onRetry={() => void query.refetch()} />;

  const send = async () => {
    let confirmNoReceipt = false;
    const refused = checkWizard({
      origin,
      itemCount: items.length,
      receiptCount: receipts.length,
      confirmNoReceipt,
    });
    if (refused === 'no_receipt') {
      if (!window.confirm(messages.text('no_receipt'))) return;
      confirmNoReceipt = true;
    } else if (refused) return toast.danger(messages.text(refused));
    setBusy(true);
    try {
      const answer = await submitPurchaseWizard({
        ...(purchasepk === null ? {} : { purchasepk }),
        origin: origin.trim(),
        comment,
        receiptList: receipts.map((receipt) => receipt.pk),
        confirmNoReceipt,
        items: items.map((item) => ({
          stockpk: item.stock.pk,
          quantity: item.quantity,
          amount: item.amount,
          expireddate: item.expireddate,
          manufacturedate: item.manufacturedate,
          comment: item.comment,
        })),
        requestId,
      });
      if (answer.status !== 'ok') {
        const which = answer.index === undefined ? '' : `${items[answer.index]?.stock.name ?? ''}：`;
        return toast.danger(`${which}${messages.text(answer.reason)}`);
      }
      await invalidateStock(queryClient);
      toast.success(t`已記錄進貨`);
      setDone(items.map((item) => ({ stockpk: item.stock.pk, name: item.stock.name })));
    } catch {
      toast.danger(messages.text('unknown'));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setDone(null);
    setStep(0);
    setPurchasepk(null);
    setReceipts([]);
    setOrigin('');
    setComment('');
    setItems([]);
    setRequestId(newRequestId());
  };

  if (done !== null)
    return (
      <Stack>
        <Title order={2}>
          <Trans>進貨</Trans>
        </Title>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text fw={500}>
              <Trans>已記錄 {done.length} 項進貨</Trans>
            </Text>
            {done.map((row) => (
              <StockLink key={row.stockpk} pk={row.stockpk} tab="log">
                {row.name}
              </StockLink>
            ))}
            <Group>
              <Button onClick={restart}>
                <Trans>再記一筆進貨</Trans>
              </Button>
              <Button component={Link} to={links.pathOf('AdminStockList')} variant="default">
                <Trans>回庫存列表</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );

  return (
    <Stack>
      <Title order={2}>
        <Trans>進貨</Trans>
      </Title>
      <Stepper active={step} onStepClick={(next) => setStep(next as Step)} size="sm">
        <Stepper.Step label={t`上傳收據`}>
          <Stack maw={640}>
            <ReceiptBox
              purchasepk={purchasepk}
              onBatch={setPurchasepk}
              receipts={receipts}
              onReceipts={setReceipts}
            />
            <Group>
              <Button onClick={() => setStep(1)}>
                <Trans>下一步</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`明細總覽`}>
          <Stack maw={760}>
            <TextInput
              label={t`進貨來源`}
              description={t`店家或網站`}
              required
              value={origin}
              onChange={(event) => setOrigin(event.currentTarget.value)}
            />
            <Textarea
              label={t`備註`}
              autosize
              minRows={1}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Text size="sm">
              <Trans>收據 {receipts.length} 張</Trans>
            </Text>
            {items.length === 0 ? (
              <Text c="dimmed">
                <Trans>尚未加入品項</Trans>
              </Text>
            ) : (
              <ScrollTable caption={t`進貨明細`}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>品項</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>數量</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>總價</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>日期</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>移除</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>{item.stock.name}</Table.Td>
                        <Table.Td>
                          {item.quantity} {item.stock.unit}
                        </Table.Td>
                        <Table.Td>{item.amount}</Table.Td>
                        <Table.Td>{item.manufacturedate || item.expireddate}</Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={t`移除 ${item.stock.name}`}
                            onClick={() => setItems(items.filter((other) => other.id !== item.id))}
                          >
                            <Trans>移除</Trans>
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            <Group>
              <Button variant="light" onClick={() => setStep(2)}>
                <Trans>新增品項</Trans>
              </Button>
              <Button onClick={() => void send()} loading={busy}>
                <Trans>送出進貨</Trans>
              </Button>
              <Button variant="default" onClick={() => setStep(0)}>
                <Trans>上一步</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`新增品項`}>
          <WizardItemForm
            key={items.length}
            stocklist={query.data.stocklist}
            onAdd={(item) => {
              setItems([...items, item]);
              setStep(1);
            }}
            onCancel={() => setStep(1)}
          />
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
