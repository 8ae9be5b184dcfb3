// The upload catalogue (document 2, section 8; document 3: upload messages).
import { msg } from '@lingui/core/macro';

export const uploadMessages = {
  success: msg`檔案上傳成功`,
  unknownFormat: msg`檔案格式錯誤，無法上傳`,
  unknownReason: msg`上傳失敗，原因不明`,
  network: msg`上傳失敗`,
  wait: msg`請稍候`,
  photoLimit: msg`最多只能上傳 5 張照片`,
};
