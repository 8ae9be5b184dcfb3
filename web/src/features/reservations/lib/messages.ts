import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The reservation messages (document 2, section 8) and the portal's own for refusals the spec leaves open.

export const PLEASE_CHOOSE_TIME = msg`請選擇時間`;
export const PLEASE_CHOOSE_ROOM = msg`請選擇空間/器材`;
export const AUTO_EXCLUDED = msg`部分時段已被預約，已自動排除，請再確認`;
export const CHANGED_RECONFIRM = msg`部分預約已變更，請重新確認`;
export const DONE = msg`完成，請確認結果`;
export const FAILED = msg`失敗`;

/** A refusal's message by reason (conflict and get-old-error ask to re-confirm). */
export function refusalMessage(reason: string): MessageDescriptor {
  switch (reason) {
    case 'conflict':
      return AUTO_EXCLUDED;
    case 'stale':
    case 'notfound':
      return CHANGED_RECONFIRM;
    case 'outofrange':
      return msg`只能預約今天起 15 天內、尚未結束的時段`;
    case 'notowner':
      return msg`只能修改自己的預約`;
    default:
      return FAILED;
  }
}
