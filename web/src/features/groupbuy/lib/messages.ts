import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The group buy's refusals and checks (document 2, sections 5 and 8). */
export function groupBuyReasonText(reason: string): MessageDescriptor {
  switch (reason) {
    case 'url_format':
      return msg`網址格式錯誤，請參考範例`;
    case 'title_required':
      return msg`請檢查商品名稱`;
    case 'price_invalid':
      return msg`請檢查定價 USD`;
    case 'weight_invalid':
      return msg`請檢查包裝重量 (lb)`;
    case 'quantity_invalid':
      return msg`請檢查數量`;
    case 'balance_insufficient':
      return msg`餘額不足`;
    case 'no_rate':
      return msg`無法取得匯率，無法下單`;
    case 'not_cancellable':
    case 'closed':
      return msg`此訂單已無法取消`;
    case 'amount_invalid':
      return msg`請檢查單價與總價（新台幣整數）`;
    case 'notfound':
      return msg`找不到這個團購`;
    case 'no_orders':
      return msg`此團購還沒有訂單`;
    default:
      return msg`未知錯誤`;
  }
}

export const billingStatusText: Record<1 | 2 | 9, MessageDescriptor> = {
  1: msg`未付清`,
  2: msg`已付清`,
  9: msg`已取消，訂金已退還`,
};

export const estimateStepText: Record<string, MessageDescriptor> = {
  shipping: msg`定價 + 運費 4.15 × 重量`,
  markup: msg`定價 × 1.045`,
  landed: msg`取兩者較大者`,
  exchanged: msg`× 匯率`,
  fees: msg`× 1.015 手續費`,
  category: msg`× 品項係數`,
  handling: msg`× 1.04`,
  unitprice: msg`單價（無條件進位，新台幣）`,
};
