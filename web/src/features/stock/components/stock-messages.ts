import { useLingui } from '@lingui/react/macro';

/**
 * The stock pages' texts for a reason code, the page's own checks and the server's alike (document 3,
 * sections 5 and 8; api/src/contracts/stock.ts lists the reasons). Unknown reasons are 'unknown error'.
 */
export function useStockMessages() {
  const { t } = useLingui();
  const text = (reason: string): string => {
    switch (reason) {
      case 'data':
        return t`請檢查資料`;
      case 'name_required':
        return t`請輸入品名`;
      case 'account_unknown':
        return t`沒有這個帳戶`;
      case 'discount_both':
        return t`優惠價與優惠點數必須同時填寫或同時留空`;
      case 'discount_not_lower':
        return t`優惠價必須低於售價`;
      case 'quantity_invalid':
        return t`請檢查新數量`;
      case 'reason_required':
        return t`請輸入盤點原因`;
      case 'unchanged':
        return t`新數量與目前庫存相同`;
      case 'manufacture_required':
        return t`E24 相紙請填製造日期（YYYY/MM）`;
      case 'expiry_required':
        return t`底片請填有效期限（YYYY/MM）`;
      case 'receipt_unknown':
        return t`收據檔案不存在，請重新上傳`;
      case 'origin_required':
        return t`未填寫進貨來源`;
      case 'items_required':
        return t`請檢查明細`;
      case 'no_receipt':
        return t`沒有收據，確定繼續？`;
      case 'notfound':
        return t`找不到這個品項`;
      case 'forbidden':
        return t`沒有權限`;
      case 'mismatch':
        return t`這次送出的內容和上一次不同，請重新整理後再試`;
      default:
        return t`未知錯誤`;
    }
  };
  return {
    text,
    /** Loading a stock page failed (document 3, section 8). */
    loadFailed: t`失敗，請重試`,
    saved: t`已儲存`,
  };
}
