import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The duo print's refusals (document 2 catalogue; the photo's own reasons are ours). */
export function duoReasonText(reason: string): MessageDescriptor {
  switch (reason) {
    case 'tooFarOut':
      return msg`紙張放得太外面，無法繼續`;
    case 'needPhotoAnalysis':
      return msg`照片分析尚未完成`;
    case 'noReferenceBar':
      return msg`照片中找不到 29 mm 參考條，請重拍`;
    case 'noMark':
      return msg`照片中找不到背面的圓點，請對著光重拍`;
    case 'running':
      return msg`調整影像製作中，請稍候`;
    case 'servicedown':
      return msg`服務暫時無法使用，請稍後再試`;
    case 'toosmall':
      return msg`頁面太窄（至少 100 mm 寬），無法雙面對位`;
    case 'notfound':
      return msg`找不到這個檔案`;
    default:
      return msg`發生錯誤`;
  }
}
