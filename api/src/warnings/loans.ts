// The loans staff warnings (document 1): bookExpired (books overdue), propertyLendOut (items out, `due`
// of them overdue), sharingpaperNeedReturn (boxes out since an earlier day), sharingpaperNeedReplenish
// (returned boxes with fewer than 5 sheets), sharingpaperNeedFix (boxes with a problem pending).
import { loansOut, overdueBookLoans, paperBoxesOf, paperBoxView } from '../views/loans.ts';
import type { WarningSource } from './index.ts';

export const bookExpiredWarning: WarningSource = (services, now) => ({
  kind: 'bookExpired',
  quantity: overdueBookLoans(services, now).length,
});

export const propertyLendOutWarning: WarningSource = (services, now) => {
  const out = loansOut(services);
  return {
    kind: 'propertyLendOut',
    quantity: out.length,
    due: out.filter((loan) => Date.parse(loan.expReturnAt) < now.getTime()).length,
  };
};

const paperWarning =
  (kind: string, state: 'overdue' | 'low' | 'problem'): WarningSource =>
  (services, now) => ({
    kind,
    quantity: paperBoxesOf(services).filter(
      (box) => box.enabled && paperBoxView(services, box, now).state === state,
    ).length,
  });

export const sharingpaperNeedReturn = paperWarning('sharingpaperNeedReturn', 'overdue');
export const sharingpaperNeedReplenish = paperWarning('sharingpaperNeedReplenish', 'low');
export const sharingpaperNeedFix = paperWarning('sharingpaperNeedFix', 'problem');
