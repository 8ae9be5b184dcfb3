import { describe, expect, it } from 'vitest';
import type { FeePayer } from '../api/fee-collection';
import {
  isFeeKeyword,
  memberfeeCheckedAtFirst,
  normalizeFeeKeyword,
  resetsForm,
  stepAfterCancel,
  totalNeedPay,
} from './fee-collection';

const payer = (memberfeeSemester: string | null): FeePayer => ({
  pk: 101,
  pkstr: 'U00101',
  name: '林新生',
  studepartment: '資工系',
  stuid: 'B12345678',
  identity: 1,
  ismember: false,
  isnextmember: false,
  lastmember: null,
  keyword: 'B12345678',
  memberfeeSemester,
  memberfee: 600,
});

describe('the fee lookup keyword', () => {
  it('is upper-cased and trimmed, then a student ID or a 10-digit mobile number', () => {
    expect(normalizeFeeKeyword('  b12345678 ')).toBe('B12345678');
    expect(isFeeKeyword('B12345678')).toBe(true);
    expect(isFeeKeyword('R09A21B33')).toBe(true);
    expect(isFeeKeyword('0912345678')).toBe(true);
    for (const wrong of ['', 'B1234567', 'BB2345678', '091234567', '09123456789', 'B12 45678'])
      expect(isFeeKeyword(wrong)).toBe(false);
  });
});

describe('the fee collection steps', () => {
  it('cancel goes back to the lookup when nothing is payable, else asks to confirm', () => {
    expect(stepAfterCancel(payer(null), [])).toBe(2);
    expect(stepAfterCancel(payer('115-1'), [])).toBe(4);
    expect(
      stepAfterCancel(payer(null), [
        { pk: '115-1:1', kind: 1, semester: '115-1', trans: false, amount: 500 },
      ]),
    ).toBe(4);
  });

  it('ticks the fee at first only for the current semester', () => {
    expect(memberfeeCheckedAtFirst(payer('115-1'), '115-1')).toBe(true);
    expect(memberfeeCheckedAtFirst(payer('115-2'), '115-1')).toBe(false);
    expect(memberfeeCheckedAtFirst(payer(null), '115-1')).toBe(false);
  });

  it('adds 600 for the fee and 500 per workshop; most refusals start over', () => {
    expect(totalNeedPay(true, 2)).toBe(1600);
    expect(totalNeedPay(false, 1)).toBe(500);
    expect(resetsForm('already')).toBe(true);
    expect(resetsForm('other')).toBe(false);
  });
});
