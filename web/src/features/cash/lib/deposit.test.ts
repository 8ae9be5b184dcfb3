import { describe, expect, it } from 'vitest';
import { banknoteTotal, barcodesOf, emptyBanknotes, parseBanknotes, wholeNumberOf } from './deposit';

describe('deposit counting input', () => {
  it('takes whole non-negative numbers only', () => {
    expect(wholeNumberOf('500')).toBe(500);
    expect(wholeNumberOf(' 0 ')).toBe(0);
    for (const wrong of ['', '-1', '1.5', 'abc', '1e3']) expect(wholeNumberOf(wrong)).toBeNull();
  });

  it('adds banknotes and coins; an empty field is 0, anything else not a number is refused', () => {
    const counts = { ...emptyBanknotes(), 2000: '1', 500: '2', 100: '3' };
    const parsed = parseBanknotes(counts, '45');
    expect(parsed).not.toBeNull();
    expect(banknoteTotal(parsed!.notes, parsed!.coins)).toBe(2000 + 1000 + 300 + 45);
    expect(parseBanknotes({ ...counts, 200: 'x' }, '')).toBeNull();
    expect(parseBanknotes(counts, '-5')).toBeNull();
  });

  it('reads barcodes one per line without repeats', () => {
    expect(barcodesOf('P001\nP002, P003\n\nP001 ')).toEqual(['P001', 'P002', 'P003']);
  });
});
