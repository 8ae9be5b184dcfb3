import { describe, expect, it } from 'vitest';
import {
  formatTaipeiTime,
  hasText,
  parseStockDelta,
  parseTransactionPk,
  parseWholeAmount,
} from './correction-form';

describe('the refund and modify form rules', () => {
  it('takes a positive whole amount only', () => {
    expect(['100', ' 7 ', '0012'].map(parseWholeAmount)).toEqual([100, 7, 12]);
    expect(['', '0', '-5', '1.5', '1e3', 'abc', '10 0'].map(parseWholeAmount)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('takes a stock delta as a float with an optional sign', () => {
    expect(['0', '1.5', '-2', '+3.25'].map(parseStockDelta)).toEqual([0, 1.5, -2, 3.25]);
    expect(['', '.5', '1.', 'x', '1,5'].map(parseStockDelta)).toEqual([null, null, null, null, null]);
  });

  it('needs a reason', () => {
    expect([hasText('退費'), hasText('  '), hasText('')]).toEqual([true, false, false]);
  });

  it('reads a transaction number as typed', () => {
    expect(['T123', 't00123', ' 123 '].map(parseTransactionPk)).toEqual(['123', '123', '123']);
    expect(['', 'T', 'U00123', '0', '12a'].map(parseTransactionPk)).toEqual([null, null, null, null, null]);
  });

  it('shows times on the Taipei clock', () => {
    expect(formatTaipeiTime('2026-11-22T04:00:00.000Z')).toBe('2026-11-22 12:00');
    expect(formatTaipeiTime('nonsense')).toBe('');
  });
});
