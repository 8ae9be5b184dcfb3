import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UsageFigures } from '../api/statistics';

/** The usage figures as table columns, in the order the pages show them. */
export const usageFigureColumns: readonly { key: keyof UsageFigures; header: MessageDescriptor }[] = [
  { key: 'darkroomSessions', header: msg`暗房次數` },
  { key: 'rolls', header: msg`沖片卷數` },
  { key: 'prints', header: msg`放相張數` },
  { key: 'gicleeJobs', header: msg`數位輸出件數` },
  { key: 'gicleeSquareInches', header: msg`數位輸出平方英吋` },
  { key: 'labels', header: msg`標籤張數` },
  { key: 'loans', header: msg`借用次數` },
  { key: 'purchases', header: msg`購買筆數` },
  { key: 'purchaseAmount', header: msg`購買金額（元）` },
  { key: 'points', header: msg`點數` },
];
