import { useLingui } from '@lingui/react/macro';

/** The counter sale's refusals (api/src/contracts/shop.ts, saleReasons) in the person's language. */
export function useSaleMessages(): (reason: string | undefined) => string {
  const { t } = useLingui();
  return (reason) => {
    switch (reason) {
      case 'notfound':
        return t`找不到購買人`;
      case 'forbidden':
        return t`沒有權限`;
      case 'store_only':
        return t`請在社辦櫃台的刷卡機結帳`;
      case 'not_member':
        return t`價目表的服務僅限在籍社員`;
      case 'items_required':
        return t`請先加入品項`;
      case 'quantity_invalid':
        return t`數量錯誤`;
      case 'inventory':
        return t`庫存資料錯誤，無法結帳`;
      case 'price_changed':
        return t`價格已變動，請確認新的金額後再付款`;
      case 'insufficient_balance':
        return t`餘額不足`;
      default:
        return t`伺服器錯誤，請稍後再試`;
    }
  };
}
