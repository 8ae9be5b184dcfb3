import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Stepper, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../shared/session/current-user';
import { toast } from '../../../shared/ui/toast';
import {
  type FeeCollectionRow,
  type FeePayer,
  type PendingWorkshop,
  usePayFee,
  usePrepareFee,
} from '../api/fee-collection';
import { feeReasonMessage } from '../components/cash-messages';
import { FeeCancelStep } from '../components/fee-cancel-step';
import { FeeConfirmStep } from '../components/fee-confirm-step';
import { FeeLookupStep } from '../components/fee-lookup-step';
import { FeeReceipt } from '../components/fee-receipt';
import { FeeRulesStep } from '../components/fee-rules-step';
import {
  type FeeStep,
  isFeeKeyword,
  memberfeeCheckedAtFirst,
  normalizeFeeKeyword,
  receiptRows,
  resetsForm,
  stepAfterCancel,
  totalNeedPay,
} from '../lib/fee-collection';
import { newRequestId } from '../lib/request-id';

interface Prepared {
  payer: FeePayer;
  workshops: PendingWorkshop[];
}

/**
 * AdminReceiveMemberFee (document 3, sections 2.2 and 4): 1 rules, 2 lookup with today's list, 3 confirm
 * the payer and items, 4 confirm cancel, 5 receipt. Errors are thrown by the API layer for 401/403 and
 * handled by the query client; refusals show the spec's messages and most start over at step 2.
 */
export default function AdminReceiveMemberFeePage() {
  const { i18n } = useLingui();
  const { data: session } = useCurrentUser();
  const prepare = usePrepareFee();
  const pay = usePayFee();

  const [step, setStep] = useState<FeeStep>(1);
  const [keyword, setKeyword] = useState('');
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [memberfeeChecked, setMemberfeeChecked] = useState(false);
  const [workshopChecked, setWorkshopChecked] = useState<ReadonlySet<string>>(new Set());
  const [receipt, setReceipt] = useState<FeeCollectionRow[]>([]);
  const [requestId, setRequestId] = useState(newRequestId);

  const startOver = () => {
    setKeyword('');
    setPrepared(null);
    setMemberfeeChecked(false);
    setWorkshopChecked(new Set());
    setRequestId(newRequestId());
    setStep(2);
  };

  const refuse = (reason: string, name: string | undefined) => {
    toast.danger(i18n._(feeReasonMessage(reason, name ?? prepared?.payer.name ?? '')));
    if (resetsForm(reason)) startOver();
  };

  const lookUp = async () => {
    const normalized = normalizeFeeKeyword(keyword);
    setKeyword(normalized);
    if (!isFeeKeyword(normalized)) {
      toast.danger(i18n._(feeReasonMessage('format', '')));
      return;
    }
    try {
      const response = await prepare.mutateAsync(normalized);
      if (response.status !== 'ok') {
        refuse(response.reason, response.name);
        return;
      }
      const { userwaitforpay, workshoplist } = response;
      setPrepared({ payer: userwaitforpay, workshops: workshoplist });
      setMemberfeeChecked(memberfeeCheckedAtFirst(userwaitforpay, session?.semesternow ?? ''));
      setWorkshopChecked(new Set(workshoplist.map((workshop) => workshop.pk)));
      setRequestId(newRequestId());
      setStep(3);
    } catch (error) {
      console.error('fee prepare failed', error);
    }
  };

  const confirmPay = async () => {
    if (prepared === null) return;
    try {
      const response = await pay.mutateAsync({
        userwaitforpay: prepared.payer,
        memberfeeChecked,
        workshopChecked: [...workshopChecked],
        totalNeedPay: totalNeedPay(memberfeeChecked, workshopChecked.size),
        requestId,
      });
      if (response.status !== 'ok') {
        refuse(response.reason, response.name);
        return;
      }
      setReceipt(response.resultList);
      setStep(5);
    } catch (error) {
      // 401 and 403 are handled by the query client; the same requestId makes a retry safe.
      console.error('fee payment failed', error);
    }
  };

  const openReceipt = (row: FeeCollectionRow, loglist: FeeCollectionRow[]) => {
    setReceipt(receiptRows(loglist, row.collection));
    setStep(5);
  };

  const toggleWorkshop = (pk: string, checked: boolean) =>
    setWorkshopChecked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(pk);
      else next.delete(pk);
      return next;
    });

  // The stepper shows the path a collection takes; step 4 (confirm cancel) belongs to step 3.
  const activeStep = step === 1 ? 0 : step === 2 ? 1 : step === 5 ? 3 : 2;

  return (
    <Stack>
      <Title order={2}>
        <Trans>收社費與工作坊保證金</Trans>
      </Title>
      <Stepper active={activeStep} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={<Trans>規則</Trans>} />
        <Stepper.Step label={<Trans>查詢</Trans>} />
        <Stepper.Step label={<Trans>確認</Trans>} />
        <Stepper.Step label={<Trans>收據</Trans>} />
      </Stepper>
      {step === 1 && <FeeRulesStep onStart={() => setStep(2)} />}
      {step === 2 && (
        <FeeLookupStep
          keyword={keyword}
          onKeywordChange={setKeyword}
          onNext={() => void lookUp()}
          busy={prepare.isPending}
          onReceipt={openReceipt}
        />
      )}
      {step === 3 && prepared !== null && (
        <FeeConfirmStep
          payer={prepared.payer}
          workshops={prepared.workshops}
          memberfeeChecked={memberfeeChecked}
          onMemberfeeChange={setMemberfeeChecked}
          workshopChecked={workshopChecked}
          onWorkshopChange={toggleWorkshop}
          onPay={() => void confirmPay()}
          onCancel={() => {
            if (stepAfterCancel(prepared.payer, prepared.workshops) === 2) startOver();
            else setStep(4);
          }}
          busy={pay.isPending}
        />
      )}
      {step === 4 && <FeeCancelStep onBack={() => setStep(3)} onConfirm={startOver} />}
      {step === 5 && <FeeReceipt rows={receipt} onContinue={startOver} />}
    </Stack>
  );
}
