import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The spec's money messages (doc 1, sections 5 and 8; doc 2, section 8), one per reason code of the
// form checks and of the server (docs/api.md, money). Anything else is the generic server error.

/** Shown for a failed call, or a refusal without a message of its own (doc 1, section 8). */
export const serverErrorMessage = msg`伺服器錯誤，請稍後再試或連絡粉專`;

const transferMessages: Record<string, MessageDescriptor> = {
  no_recipient: msg`尚未選擇轉帳對象`,
  notfound: msg`找不到這個轉帳對象`,
  amount_invalid: msg`金額錯誤，請輸入正整數`,
  insufficient_balance: msg`餘額不足`,
  summary_too_short: msg`請填寫摘要，至少 2 個字`,
  memberfee_account: msg`社費請使用「繳交社費」功能繳交，不能用轉帳`,
  same_account: msg`不能轉帳給自己`,
  mismatch: msg`這筆轉帳已用不同內容送出過，請重新開始`,
};

export const transferMessage = (reason: string): MessageDescriptor =>
  transferMessages[reason] ?? serverErrorMessage;

/** Paying the member fee (doc 2, section 8). */
export const feeMessages = {
  failed: msg`繳費失敗，請查看交易紀錄後再試一次`,
  notAllowed: msg`你目前無法繳交社費，請連絡粉專`,
  lowBalance: msg`你的餘額不足，請先儲值`,
} as const;

export function feeMessage(reason: string): MessageDescriptor {
  if (reason === 'not_allowed') return feeMessages.notAllowed;
  if (reason === 'insufficient_balance') return feeMessages.lowBalance;
  return feeMessages.failed;
}

const pouchMessages: Record<string, MessageDescriptor> = {
  barcode_required: msg`請輸入儲值袋條碼`,
  amount_invalid: msg`金額必須是 100 元的倍數`,
  pouch_unknown: msg`找不到這個儲值袋，請檢查條碼`,
  pouch_used: msg`這個儲值袋已經使用過`,
};

export const pouchMessage = (reason: string): MessageDescriptor =>
  pouchMessages[reason] ?? serverErrorMessage;
