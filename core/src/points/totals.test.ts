import { describe, expect, it } from 'vitest';
import { pointTimes } from './status.ts';
import {
  type CountablePoint,
  formatPoints,
  hoursAndMinutes,
  pointsByRecipientHundredths,
  userPointsHundredths,
} from './totals.ts';

const now = new Date('2026-06-01T00:00:00.000Z');
const point = (
  recipientPk: number,
  amountHundredths: number,
  effectiveAt: string,
  invalidated = false,
): CountablePoint => ({
  recipientPk,
  amountHundredths,
  invalidated,
  ...pointTimes(new Date(effectiveAt)),
});

const records = [
  point(1, 250, '2026-05-01T00:00:00.000Z'), // valid
  point(1, 150, '2026-06-01T00:00:00.000Z'), // valid from exactly now
  point(1, 400, '2026-06-02T00:00:00.000Z'), // not yet effective
  point(1, 700, '2025-11-01T00:00:00.000Z'), // expired on 2026-05-01 (Taipei)
  point(1, 900, '2026-05-20T00:00:00.000Z', true), // invalidated
  point(2, 1000, '2026-04-01T00:00:00.000Z'), // another user's
];

describe('userPointsHundredths', () => {
  it('sums only the records valid at now, for that user', () => {
    expect(userPointsHundredths(records, 1, now)).toBe(400);
    expect(userPointsHundredths(records, 2, now)).toBe(1000);
    expect(userPointsHundredths(records, 3, now)).toBe(0);
  });

  it('changes with now alone: pending records start counting, valid ones stop when they expire', () => {
    expect(userPointsHundredths(records, 1, new Date('2026-06-02T00:00:00.000Z'))).toBe(800);
    expect(userPointsHundredths(records, 1, new Date('2026-11-01T00:00:00.000Z'))).toBe(150 + 400);
  });
});

describe('pointsByRecipientHundredths', () => {
  it('gives every recipient with valid points their total', () => {
    expect(pointsByRecipientHundredths(records, now)).toEqual(
      new Map([
        [1, 400],
        [2, 1000],
      ]),
    );
  });
});

describe('formatPoints', () => {
  it.each([
    [0, '0'],
    [150, '1.5'],
    [1000, '10'],
    [125, '1.3'],
    [124, '1.2'],
    [101, '1'],
    [4, '0'],
    [5, '0.1'],
    [-150, '-1.5'],
    [123_456, '1234.6'],
  ])('%i hundredths show as %s', (hundredths, text) => {
    expect(formatPoints(hundredths)).toBe(text);
  });

  it('refuses a value that is not integer hundredths', () => {
    expect(() => formatPoints(1.5)).toThrow();
  });
});

describe('hoursAndMinutes', () => {
  it.each([
    [150, '1 小時 30 分', '1 h 30 min'],
    [200, '2 小時', '2 h'],
    [75, '45 分', '45 min'],
    [0, '0 分', '0 min'],
    [1025, '10 小時 15 分', '10 h 15 min'],
    [101, '1 小時 1 分', '1 h 1 min'],
    [199, '1 小時 59 分', '1 h 59 min'],
    [1, '1 分', '1 min'],
  ])('%i hundredths: %s / %s', (hundredths, chinese, english) => {
    expect(hoursAndMinutes(hundredths, 'zh-Hant')).toBe(chinese);
    expect(hoursAndMinutes(hundredths, 'en')).toBe(english);
  });

  it('refuses negative time', () => {
    expect(() => hoursAndMinutes(-1, 'en')).toThrow();
  });
});
