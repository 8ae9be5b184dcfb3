import { useLingui } from '@lingui/react/macro';

/** The message of a giclee refusal (document 3 shows no texts for these; docs/giclee.md). */
export function useReasonText(): (reason: string) => string {
  const { t } = useLingui();
  return (reason) => {
    switch (reason) {
      case 'height_invalid':
        return t`高度請輸入數字（mm）或 None`;
      case 'fee_invalid':
        return t`金額請輸入整數`;
      case 'reason_required':
        return t`請填寫不需付款的原因`;
      case 'paper_invalid':
        return t`沒有這種紙`;
      case 'paid':
        return t`這個工作已經付款`;
      case 'printing':
        return t`還在列印中，印完才能付款`;
      case 'nopaper':
        return t`請先設定紙張`;
      case 'nofee':
        return t`金額未定`;
      case 'payer_required':
        return t`請輸入付款的社員`;
      case 'not_member':
        return t`付款的人不是本學期社員`;
      case 'insufficient_balance':
        return t`餘額不足`;
      case 'price_changed':
        return t`金額已變更，請重新整理`;
      case 'noneedtopay':
        return t`這個工作不需付款`;
      case 'notfound':
        return t`找不到`;
      default:
        return t`失敗`;
    }
  };
}
