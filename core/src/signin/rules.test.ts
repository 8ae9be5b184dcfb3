import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attendanceTable, depositDeductionNtd, randomCode } from './rules.ts';

describe('depositDeductionNtd', () => {
  it('deducts 100 per missed class below 7 attended', () => {
    expect(depositDeductionNtd(7, 8)).toBe(0);
    expect(depositDeductionNtd(8, 8)).toBe(0);
    expect(depositDeductionNtd(6, 8)).toBe(100);
    expect(depositDeductionNtd(4, 8)).toBe(300);
  });

  it('never deducts more than the 500 deposit', () => {
    expect(depositDeductionNtd(0, 8)).toBe(500);
    expect(depositDeductionNtd(1, 10)).toBe(500);
  });

  it('bars at the classes held when fewer than 7 were held', () => {
    expect(depositDeductionNtd(3, 3)).toBe(0);
    expect(depositDeductionNtd(1, 3)).toBe(200);
    expect(depositDeductionNtd(0, 0)).toBe(0);
  });

  it('is a multiple of 100 between 0 and 500 that never grows with attendance', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), (attended, held) => {
        const deduction = depositDeductionNtd(attended, held);
        expect(deduction % 100).toBe(0);
        expect(deduction).toBeGreaterThanOrEqual(0);
        expect(deduction).toBeLessThanOrEqual(500);
        expect(depositDeductionNtd(attended + 1, held)).toBeLessThanOrEqual(deduction);
      }),
    );
  });

  it('refuses negative counts as a programmer error', () => {
    expect(() => depositDeductionNtd(-1, 3)).toThrow();
  });
});

describe('attendanceTable', () => {
  it('lists the roster against the sheets, then people who signed in without being on it', () => {
    const signed = new Set(['a:1', 'b:1', 'a:2', 'b:9']);
    const rows = attendanceTable([1, 2], ['a', 'b'], (sheet, pk) => signed.has(`${sheet}:${pk}`), [9, 1]);
    expect(rows.map((row) => [row.userPk, row.attended, row.deductionNtd])).toEqual([
      [1, [true, true], 0],
      [2, [true, false], 100],
      [9, [false, true], 100],
    ]);
  });
});

describe('randomCode', () => {
  it('is always four digits', () => {
    expect(randomCode(0)).toBe('0000');
    expect(randomCode(0.99999)).toBe('9999');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) =>
        /^\d{4}$/.test(randomCode(r)),
      ),
    );
  });
});
