import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The print assistant's messages (document 2: imposition messages), one per reason code of the calls
// (api/src/contracts/print.ts).

export const printMessages = {
  incomplete: msg`資料不完整`,
  running: msg`上一個拼版還在進行中，請稍候`,
  nofiles: msg`選取的檔案已不存在`,
  cannotcalculate: msg`資料有問題，無法計算`,
  toolarge: msg`頁面太大，無法列印`,
  bleed: msg`頁面寬度與高度都必須大於出血的兩倍`,
  punch: msg`打孔間距至少 1 mm`,
  multipleof4: msg`雙面書本模式的頁數必須是 4 的倍數`,
  signature: msg`台數頁數必須是 4 的倍數`,
  mixedsizes: msg`雙面書本模式的所有檔案必須同樣大小`,
  servicedown: msg`拼版服務暫時無法使用，請稍後再試`,
  failed: msg`失敗，請重試`,
  saved: msg`已儲存`,
  started: msg`已開始拼版`,
  deleted: msg`已刪除`,
} as const;

export function reasonMessage(reason: string | undefined): MessageDescriptor {
  return (
    (reason && reason in printMessages ? printMessages[reason as keyof typeof printMessages] : null) ??
    printMessages.failed
  );
}
