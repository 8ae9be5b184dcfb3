import { describe, expect, it } from 'vitest';
import {
  confirmChoices,
  defaultConfirmtype,
  formatPointAmount,
  formatPointsOneDecimal,
  formatTaipeiTime,
  isFractionalPoints,
  isValidApplyPoint,
  kindGuidance,
  kindName,
  kindOptions,
} from './point-display';

describe('point display', () => {
  it('shows whole points as numbers and fractions as hours and minutes', () => {
    expect(formatPointAmount(3, 'zh-Hant')).toBe('3');
    expect(formatPointAmount(1.5, 'zh-Hant')).toBe('1 小時 30 分');
    expect(formatPointAmount(0.25, 'en')).toBe('15 min');
    expect(isFractionalPoints(2)).toBe(false);
    expect(isFractionalPoints(2.01)).toBe(true);
  });

  it('rounds points to one decimal', () => {
    expect(formatPointsOneDecimal(3)).toBe('3');
    expect(formatPointsOneDecimal(2.25)).toBe('2.3');
    expect(formatPointsOneDecimal(1.01)).toBe('1');
    expect(formatPointsOneDecimal(0.5)).toBe('0.5');
  });

  it('shows instants on the Taipei clock', () => {
    expect(formatTaipeiTime('2026-11-25T04:00:00.000Z')).toBe('2026-11-25 12:00');
    expect(formatTaipeiTime('2026-11-24T16:30:00.000Z')).toBe('2026-11-25 00:30');
    expect(formatTaipeiTime(null)).toBe('');
  });

  it('names kinds and their guidance in either language, by key or Chinese name', () => {
    expect(kindOptions('zh-Hant')).toHaveLength(18);
    expect(kindOptions('en')[0]).toEqual({ value: 'staff_meeting', label: 'Staff meeting' });
    expect(kindName('course', 'zh-Hant')).toBe('課程');
    expect(kindName('課程', 'en')).toBe('Course');
    expect(kindGuidance('course', 'zh-Hant')).toContain('3 點');
    expect(kindGuidance('', 'en')).toBe('');
  });

  it('accepts positive amounts with at most two decimals', () => {
    expect(isValidApplyPoint(2.5)).toBe(true);
    expect(isValidApplyPoint(0.01)).toBe(true);
    expect(isValidApplyPoint(0)).toBe(false);
    expect(isValidApplyPoint(-1)).toBe(false);
    expect(isValidApplyPoint(1.234)).toBe(false);
    expect(isValidApplyPoint(null)).toBe(false);
  });

  it('offers keeping the set time only while not yet effective, and nothing once expired', () => {
    expect(confirmChoices(1)).toEqual({ set: true, valid: true, invalid: true });
    expect(confirmChoices(2)).toEqual({ set: false, valid: true, invalid: true });
    expect(confirmChoices(0)).toEqual({ set: false, valid: true, invalid: true });
    expect(confirmChoices(3)).toEqual({ set: false, valid: false, invalid: false });
    expect([0, 1, 2, 3].map(defaultConfirmtype)).toEqual(['invalid', 'set', 'valid', 'valid']);
  });
});
