import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The answer to a sign-in (document 2, section 8): 'success'; codewrong 'secret word wrong' (the field is
 * cleared); exists 'already signed in'; expired 'past the sign-in time'.
 */
export function signInMessage(reason: string | null): { tone: 'ok' | 'fail'; text: MessageDescriptor } {
  switch (reason) {
    case null:
      return { tone: 'ok', text: msg`簽到成功` };
    case 'codewrong':
      return { tone: 'fail', text: msg`暗號錯誤` };
    case 'exists':
      return { tone: 'fail', text: msg`已經簽到過了` };
    case 'expired':
      return { tone: 'fail', text: msg`已超過簽到時間` };
    default:
      return { tone: 'fail', text: msg`發生錯誤，請重試` };
  }
}

/** Workshop kinds (document 3): 1 darkroom, 2 digital darkroom, 3 photography, 4 image, 5 large format. */
export const workshopKindNames: Record<number, MessageDescriptor> = {
  1: msg`暗房`,
  2: msg`數位暗房`,
  3: msg`攝影`,
  4: msg`影像`,
  5: msg`大型相機`,
};
