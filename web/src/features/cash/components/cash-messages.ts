import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The spec's messages for the staff cash screens (document 3, section 8), by reason code.

/** Fee collection refusals; 'already' names the payer. */
export function feeReasonMessage(reason: string, name: string): MessageDescriptor {
  switch (reason) {
    case 'already':
      return msg`${name} 本學期已經繳過了`;
    case 'notfound':
      return msg`查無此人`;
    case 'self':
      return msg`自己的社費請自己繳`;
    case 'staff':
      return msg`不能幫現任幹部繳社費`;
    case 'errormember':
      return msg`此帳號待審核，不能繳費；沒有收費，請退還款項`;
    case 'needreview':
      return msg`需要先經社長審核`;
    case 'format':
      return msg`請檢查格式`;
    default:
      return msg`未知錯誤，請重試或連絡粉專`;
  }
}

/** The workshop kinds (document 3, section 3). */
export const workshopKindNames: Record<number, MessageDescriptor> = {
  1: msg`暗房`,
  2: msg`數位暗房`,
  3: msg`攝影`,
  4: msg`影像`,
  5: msg`大型相機`,
};

/** Deposit counting refusals (scan and commit). */
export function depositReasonMessage(reason: string): MessageDescriptor {
  switch (reason) {
    case 'unknown':
      return msg`查無此條碼`;
    case 'unused':
      return msg`此儲值袋尚未使用`;
    case 'counted':
      return msg`此儲值袋已經點收過`;
    case 'amount':
      return msg`金額不符`;
    case 'quantity':
      return msg`數量不一致`;
    case 'total':
      return msg`總額錯誤`;
    case 'format':
      return msg`請檢查金額`;
    case 'empty':
      return msg`這一批還沒有點收任何儲值袋`;
    default:
      return msg`未知錯誤`;
  }
}
