import { describe, expect, it } from 'vitest';
import { isExpiryValid, normalizeExpiry, readQuantity } from './label-rules';

describe('readQuantity', () => {
  it('clamps to the kind cap and refuses what is not a positive integer', () => {
    expect(readQuantity('user', '12')).toEqual({ quantity: 10, clamped: true });
    expect(readQuantity('stock', '100')).toEqual({ quantity: 100, clamped: false });
    expect(readQuantity('book', '6')).toEqual({ quantity: 5, clamped: true });
    for (const text of ['0', '-1', '1.5', 'abc', '']) expect(readQuantity('user', text)).toBe('format');
  });
});

describe('expiry', () => {
  it('accepts YYYY.MM, auto and empty, slashes as dots', () => {
    expect(normalizeExpiry('2027/05')).toBe('2027.05');
    for (const text of ['2027.05', '2027/5', 'auto', '']) expect(isExpiryValid(text)).toBe(true);
    for (const text of ['2027-05', '2027.13', '27.05']) expect(isExpiryValid(text)).toBe(false);
  });
});
