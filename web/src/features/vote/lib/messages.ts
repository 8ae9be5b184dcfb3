import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BallotOption } from '../api/vote';

/** The options of a ballot (document 2): approve, reject, spoiled (void). */
export const optionNames: Record<BallotOption, MessageDescriptor> = {
  approve: msg`同意`,
  reject: msg`不同意`,
  void: msg`廢票`,
};

export const BALLOT_OPTIONS: readonly BallotOption[] = ['approve', 'reject', 'void'];

/** The refusal reasons (document 2, section 8): not open, not yet started, no eligibility, voted, ended. */
export function voteReasonText(reason: string): MessageDescriptor {
  switch (reason) {
    case 'notopen':
      return msg`現在不是投票時間`;
    case 'before':
      return msg`投票尚未開始`;
    case 'notmember':
      return msg`你沒有本次投票的資格`;
    case 'already':
      return msg`你已經投過票了`;
    case 'after':
      return msg`投票已經結束`;
    case 'unchosen':
      return msg`你還有未選擇的選票`;
    default:
      return msg`發生錯誤`;
  }
}
