import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The staff edit's refusals (api/src/contracts/user-detail.ts), as the registration wizard words them. */
const profileMessages: Record<string, MessageDescriptor> = {
  name_required: msg`請填寫姓名`,
  sex_required: msg`請選擇性別`,
  stuid_format: msg`學號格式錯誤`,
  school_required: msg`請填寫學校、系所、學號與年級`,
  mobile_format: msg`手機號碼格式錯誤`,
  email_format: msg`Email 格式錯誤`,
  facebook_format: msg`Facebook 格式錯誤`,
  duplicated_mobile: msg`此手機號碼已被使用`,
  duplicated_stuid: msg`此學號已被使用`,
  duplicated_email: msg`此 Email 已被使用`,
  notfound: msg`找不到使用者`,
};

const unknownMessage = msg`未知錯誤，請重試或連絡粉專`;

export const profileMessage = (reason: string): MessageDescriptor =>
  profileMessages[reason] ?? unknownMessage;
