import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type EstimateReply, estimateOrder, type GroupBuy, usePlaceOrder } from '../api/groupbuy';
import { estimateStepText, groupBuyReasonText } from '../lib/messages';

const EXAMPLES: Record<GroupBuy['website'], string> = {
  bh: 'https://www.bhphotovideo.com/c/product/1234567-REG/ilford_1174001_hp5_plus_120.html',
  fotoimpex: 'https://www.fotoimpex.com/films/ilford-hp5-plus-120.html',
};

type Estimate = Extract<EstimateReply, { status: 'ok' }>;

/** The order modal (document 2): 0 closed, 1 help, 2 data entry, 3 estimate and confirm. */
export function OrderModal({ groupBuy, onClose }: { groupBuy: GroupBuy | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const place = usePlaceOrder();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [fields, setFields] = useState({ url: '', title: '', unitprice: '', weight: '', quantity: 1 });
  const [problem, setProblem] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  // One idempotency key per order: a retried confirm holds one deposit; a new order takes a new key.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const close = () => {
    setStep(1);
    setProblem(null);
    setEstimate(null);
    setRequestId(crypto.randomUUID());
    onClose();
  };
  if (!groupBuy) return null;
  const body = { ...fields, gbpk: groupBuy.pk };

  const toEstimate = async () => {
    try {
      const reply = await estimateOrder(body);
      if (reply.status !== 'ok') {
        setProblem(i18n._(groupBuyReasonText(reply.reason)));
        return;
      }
      setProblem(null);
      setEstimate(reply);
      setStep(3);
    } catch (error) {
      console.error('group-buy estimate failed', error);
      setProblem(i18n._(groupBuyReasonText('unknown')));
    }
  };

  const confirm = async () => {
    try {
      const reply = await place.mutateAsync({ ...body, requestId });
      if (reply.status === 'ok') {
        toast.success(t`已下單`);
        close();
        return;
      }
      setProblem(i18n._(groupBuyReasonText(reply.reason)));
    } catch (error) {
      console.error('group-buy order failed', error);
      setProblem(i18n._(groupBuyReasonText('unknown')));
    }
  };

  return (
    <Modal opened onClose={close} title={t`團購 #${groupBuy.pk} 下單`} size="lg">
      <Stepper active={step - 1} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`說明`}>
          <Stack>
            <List size="sm">
              <List.Item>
                <Trans>下單時先從餘額扣 10% 訂金（無條件進位），結單時扣其餘 90%。</Trans>
              </List.Item>
              <List.Item>
                <Trans>團購開放期間可取消未付清的訂單，訂金全額退還。</Trans>
              </List.Item>
              <List.Item>
                <Trans>到貨後請於 3 天內取貨。</Trans>
              </List.Item>
            </List>
            <Button onClick={() => setStep(2)}>
              <Trans>我了解了，下一步</Trans>
            </Button>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`填寫資料`}>
          <Stack>
            <TextInput
              label={t`商品網址`}
              description={t`範例：${EXAMPLES[groupBuy.website]}`}
              value={fields.url}
              onChange={(event) => setFields({ ...fields, url: event.currentTarget.value })}
            />
            <TextInput
              label={t`商品名稱`}
              value={fields.title}
              onChange={(event) => setFields({ ...fields, title: event.currentTarget.value })}
            />
            <TextInput
              label={t`定價 (${groupBuy.currency})`}
              inputMode="decimal"
              value={fields.unitprice}
              onChange={(event) => setFields({ ...fields, unitprice: event.currentTarget.value })}
            />
            <TextInput
              label={t`包裝重量 (lb)`}
              inputMode="decimal"
              value={fields.weight}
              onChange={(event) => setFields({ ...fields, weight: event.currentTarget.value })}
            />
            <NumberInput
              label={t`數量`}
              min={1}
              allowDecimal={false}
              value={fields.quantity}
              onChange={(value) => setFields({ ...fields, quantity: Number(value) || 1 })}
            />
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={() => setStep(1)}>
                <Trans>上一步</Trans>
              </Button>
              <Button onClick={toEstimate}>
                <Trans>估價</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`估價與確認`}>
          {estimate && (
            <Stack>
              <Table aria-label={t`估價明細`}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>匯率</Trans>
                    </Table.Td>
                    <Table.Td>{estimate.xrate}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>品項係數</Trans>
                    </Table.Td>
                    <Table.Td>{estimate.categoryfactor}</Table.Td>
                  </Table.Tr>
                  {estimate.steps.map((row) => (
                    <Table.Tr key={row.step}>
                      <Table.Td>
                        {estimateStepText[row.step] ? i18n._(estimateStepText[row.step]!) : row.step}
                      </Table.Td>
                      <Table.Td>{row.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text fw={700}>
                <Trans>
                  總價 {estimate.totalfee} 元，訂金 {estimate.deposit} 元，結單時再扣 {estimate.remain} 元
                </Trans>
              </Text>
              {problem && (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              )}
              <Group>
                <Button variant="default" onClick={() => setStep(2)}>
                  <Trans>上一步</Trans>
                </Button>
                <Button onClick={confirm} loading={place.isPending}>
                  <Trans>確認下單</Trans>
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
