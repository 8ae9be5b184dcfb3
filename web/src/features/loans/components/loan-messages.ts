import { useLingui } from '@lingui/react/macro';

/**
 * The loans' refusals (api/src/contracts/loans*.ts: loanReasons, propertyLoanReasons, propertyEditReasons,
 * paperReasons, bookEditReasons) in the person's language. `barcode` names the book a refusal is about.
 */
export function useLoanMessages(): (reason: string | undefined, barcode?: string) => string {
  const { t } = useLingui();
  return (reason, barcode) => {
    const book = barcode ?? '';
    switch (reason) {
      case 'notfound':
        return barcode ? t`找不到條碼 ${book}` : t`找不到資料`;
      case 'notallowed':
        return t`${book} 是參考書，不外借`;
      case 'out':
        return barcode ? t`${book} 已借出` : t`已借出，請先歸還`;
      case 'limit':
        return t`每人最多借 5 本書`;
      case 'expired':
        return t`你有書逾期未還，請先歸還`;
      case 'notmember':
        return t`僅限在籍社員借用`;
      case 'nouser':
        return t`請選擇借用人`;
      case 'notout':
        return barcode ? t`${book} 沒有借出` : t`沒有借出`;
      case 'notborrower':
        return t`${book} 不是你借的`;
      case 'empty':
        return t`請先掃描條碼`;
      case 'duplicated':
        return barcode ? t`${book} 重複了` : t`條碼重複`;
      case 'forbidden':
        return t`沒有權限：請在社辦櫃台刷卡登入，或請值班幹部協助`;
      case 'mismatch':
        return t`請求重複，請重新整理頁面`;
      case 'activitytype':
        return t`公務活動只限幹部借用`;
      case 'expreturntime':
        return t`預計歸還時間須在現在之後、60 天之內`;
      case 'insufficient_balance':
        return t`餘額不足，無法預扣押金`;
      case 'dayfee':
        return t`日租金須為正整數`;
      case 'noaccount':
        return t`沒有這個帳戶`;
      case 'invalid':
        return t`請檢查資料`;
      case 'disabled':
        return t`這盒相紙已停用`;
      case 'noproblem':
        return t`這盒相紙沒有待處理的問題`;
      case 'nostock':
        return t`沒有這個庫存品項，或它沒有售價`;
      default:
        return t`失敗，請再試一次`;
    }
  };
}
