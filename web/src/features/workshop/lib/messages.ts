// The workshop texts: the spec's messages (document 2, section 8), the question labels (ours: the spec does
// not show them; docs/workshop.md), the option labels, the schedule and the results.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export function workshopReasonText(reason: string): MessageDescriptor {
  switch (reason) {
    case 'checkdata':
      return msg`請檢查資料`;
    case 'photos':
      return msg`照片必須為 4 張`;
    case 'photolimit':
      return msg`最多只能上傳 5 張照片`;
    case 'limit1time':
      return msg`工作坊限參加 1 次`;
    case 'notopen':
      return msg`工作坊報名尚未開放`;
    case 'closed':
      return msg`工作坊報名已關閉`;
    case 'notwish':
      return msg`此結果不是報名者的志願`;
    case 'notsubmitted':
      return msg`此報名尚未送出`;
    case 'test':
      return msg`幹部測試不列入結果`;
    case 'paid':
      return msg`已繳保證金，請先退費再更改`;
    case 'already_admitted':
      return msg`此人本學期已錄取其他工作坊`;
    case 'forbidden':
      return msg`沒有權限`;
    default:
      return msg`儲存失敗，請檢查網路`;
  }
}

export const saveFailedText = msg`儲存失敗，請檢查網路`;

export const kindText: Record<string, MessageDescriptor> = {
  '1': msg`暗房工作坊`,
  '3': msg`攝影工作坊`,
  none: msg`無`,
};

export const resultText: Record<number, MessageDescriptor> = {
  0: msg`未設定`,
  1: msg`錄取暗房工作坊`,
  3: msg`錄取攝影工作坊`,
  99: msg`未錄取`,
};

export const scheduleText: Record<string, MessageDescriptor> = {
  notstart: msg`尚未開始`,
  open: msg`開放報名`,
  end: msg`報名截止`,
  showresult: msg`公布結果`,
  close: msg`關閉`,
};

export const questionText: Record<string, MessageDescriptor> = {
  name: msg`姓名`,
  mobile: msg`手機`,
  email: msg`電子郵件`,
  studepartment: msg`學校系所`,
  stuid: msg`學號`,
  grade: msg`年級`,
  facebook: msg`社群個人頁連結（選填）`,
  camera: msg`你有哪種相機？`,
  filmever: msg`拍過底片嗎？`,
  darkroomever: msg`進過暗房嗎？`,
  experience: msg`其他攝影經驗（選填）`,
  choice1: msg`第一志願`,
  choice2: msg`第二志願`,
  availability: msg`每週哪些晚上可以上課？`,
  photogenre: msg`你喜歡拍什麼？`,
  cameramodel: msg`你會用哪台相機上課？`,
  filmcamera: msg`有底片相機嗎？`,
  darkroomwhy: msg`為什麼想學暗房？`,
  motivation: msg`報名動機`,
  semester2plan: msg`下學期打算繼續參加社團活動嗎？`,
  other: msg`還有什麼想告訴我們的？（選填）`,
  agree: msg`我知道錄取後須於第一堂課繳交保證金 500 元`,
};

export const optionText: Record<string, MessageDescriptor> = {
  none: msg`沒有`,
  phone: msg`手機`,
  digital: msg`數位相機`,
  film: msg`底片相機`,
  both: msg`數位與底片都有`,
  yes: msg`是`,
  no: msg`否`,
  own: msg`有`,
  borrow: msg`想向社團借`,
  continue: msg`會繼續`,
  undecided: msg`還不確定`,
};

export const pageTitleText: Record<number, MessageDescriptor> = {
  1: msg`聯絡與學校資料`,
  2: msg`攝影經驗`,
  3: msg`志願與時間`,
  4: msg`攝影工作坊`,
  5: msg`暗房工作坊`,
  6: msg`動機與作品`,
  7: msg`完成`,
};
