import type { RegistrationReason } from '@club/core/accounts/registration-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ServerRegistrationReason } from '../api/register';

/** Every reason the wizard can meet, mapped to the message shown in a danger toast (spec doc 1, 5 and 8). */
export const registrationMessages: Record<RegistrationReason | ServerRegistrationReason, MessageDescriptor> =
  {
    name_required: msg`請填寫姓名`,
    sex_required: msg`請選擇性別`,
    stuid_format: msg`學號格式錯誤`,
    school_required: msg`請填寫學校、系所、學號與年級`,
    mobile_format: msg`手機號碼格式錯誤`,
    email_format: msg`Email 格式錯誤`,
    password_format: msg`密碼至少需要 6 個字元`,
    password_differ: msg`兩次輸入的密碼不同`,
    facebook_format: msg`Facebook 格式錯誤`,
    identity_closed: msg`此身分目前無法在線上申請入社`,
    rule_not_agreed: msg`請先閱讀並同意社規`,
    duplicated_mobile: msg`此手機號碼已被使用。一人一個帳號，請勿重複申請`,
    duplicated_stuid: msg`此學號已被使用`,
    duplicated_email: msg`此 Email 已被使用`,
    unknown: msg`未知錯誤，請重試或連絡粉專`,
  };

export function registrationMessage(reason: string): MessageDescriptor {
  return reason in registrationMessages
    ? registrationMessages[reason as keyof typeof registrationMessages]
    : registrationMessages.unknown;
}
