import { useLingui } from '@lingui/react/macro';

/**
 * The texts of AdminTransDetail: a refused correction is the spec's 'fail' toast (doc 3, section 8),
 * followed by what the server's reason means so staff know what to change.
 */
export function useCorrectionMessages() {
  const { t } = useLingui();
  const reasonText = (reason: string): string | null => {
    switch (reason) {
      case 'notfound':
        return t`找不到這筆交易`;
      case 'amount_invalid':
        return t`金額必須是正整數`;
      case 'refund_exceeds':
        return t`超過尚可退還的金額`;
      case 'insufficient_balance':
        return t`退還的帳戶餘額不足`;
      case 'summary_too_short':
        return t`原因或摘要至少需要 2 個字`;
      case 'no_recipient':
        return t`請選擇對象`;
      case 'same_account':
        return t`付款與收款不能是同一個帳戶`;
      case 'user_notfound':
        return t`找不到這位使用者`;
      case 'memberfee_account':
        return t`社費請用繳交社費的功能`;
      case 'not_modifiable':
        return t`社費與保證金的交易不能修改，請退費或刪除`;
      case 'not_memberfee':
        return t`這筆交易沒有繳社費或保證金`;
      case 'no_stockdelta':
        return t`這筆交易沒有庫存異動，數量請填 0`;
      case 'stockdelta_invalid':
        return t`請檢查庫存數量`;
      case 'purchase_refund_partial':
        return t`進貨退貨必須退還全部金額與數量，並刪除這筆進貨`;
      case 'stockdelta_exceeds':
        return t`退回的數量超過售出後尚未退回的數量`;
      case 'stock_pending':
        return t`這筆銷售的庫存異動還在處理中，請稍後再試`;
      case 'mismatch':
        return t`這次送出的內容和上一次不同，請重新整理後再試`;
      default:
        return null;
    }
  };
  return {
    /** The 'fail' toast's text for a refusal. */
    failText: (reason: string): string => {
      const text = reasonText(reason);
      return text === null ? t`失敗` : t`失敗：${text}`;
    },
    doneText: t`完成`,
    unknownFailText: t`失敗`,
  };
}

/** The name of a ledger posting kind. */
export function useKindNames() {
  const { t } = useLingui();
  return (kind: string): string => {
    switch (kind) {
      case 'transfer':
        return t`轉帳`;
      case 'memberfee':
        return t`社費`;
      case 'workshop_deposit':
        return t`工作坊保證金`;
      case 'add_value':
        return t`現金儲值`;
      case 'take_back':
        return t`現金退還`;
      case 'pouch_topup':
        return t`儲值袋儲值`;
      case 'deposit_commit':
        return t`存款袋入帳`;
      case 'refund':
        return t`退費`;
      case 'reversal':
        return t`沖銷`;
      case 'repost':
        return t`更正後的交易`;
      case 'posting':
        return t`入帳`;
      default:
        return kind;
    }
  };
}
