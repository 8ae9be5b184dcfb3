import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LabelKindKey } from '../lib/label-rules';

// The label page's messages (document 2, section 8), one per reason code of the draw and print calls
// (api/src/contracts/labels.ts).

export const labelMessages = {
  cannotGenerate: msg`無法產生圖片`,
  unknownDraw: msg`未知錯誤，無法產生圖片`,
  servicedown: msg`無法連線到標籤機`,
  failed: msg`失敗，請重試或聯絡粉專`,
  sent: msg`已送出`,
  format: msg`請檢查輸入格式`,
  lowBalance: msg`餘額不足，無法支付超過的張數，請先儲值`,
} as const;

export function drawMessage(reason: string | undefined): MessageDescriptor {
  if (reason === 'format') return labelMessages.format;
  if (reason === 'cannotgenerate' || reason === 'notfound') return labelMessages.cannotGenerate;
  return labelMessages.unknownDraw;
}

export function printMessage(reason: string | undefined): MessageDescriptor {
  if (reason === 'servicedown') return labelMessages.servicedown;
  if (reason === 'format') return labelMessages.format;
  if (reason === 'insufficient_balance') return labelMessages.lowBalance;
  return labelMessages.failed;
}

export const kindNames: { readonly [Kind in LabelKindKey]: MessageDescriptor } = {
  user: msg`社員`,
  book: msg`書籍`,
  stock: msg`庫存`,
  sharingpaper: msg`共享相紙`,
  property: msg`社產`,
  test: msg`測試`,
  any: msg`任意文字`,
};

/** The log's results that are codes rather than the printer's words. */
export const logResultMessages: Readonly<Record<string, MessageDescriptor>> = {
  servicedown: labelMessages.servicedown,
  insufficient_balance: msg`餘額不足`,
  lost: msg`沒有收到標籤機的結果`,
};
