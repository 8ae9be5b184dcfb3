import { describe, expect, it } from 'vitest';
import { isPositiveFloat, isPositiveInteger } from './validation';

describe('loan form checks', () => {
  it('takes a day fee only as a positive integer', () => {
    expect(isPositiveInteger('30')).toBe(true);
    for (const text of ['0', '-3', '2.5', '', 'abc', '07']) expect(isPositiveInteger(text)).toBe(false);
  });
  it('takes a weight only as a positive float', () => {
    expect(isPositiveFloat('420')).toBe(true);
    expect(isPositiveFloat('12.5')).toBe(true);
    for (const text of ['0', '0.0', '-1', '', '1.2345', 'x']) expect(isPositiveFloat(text)).toBe(false);
  });
});
