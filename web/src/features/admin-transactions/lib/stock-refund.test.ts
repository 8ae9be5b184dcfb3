import { describe, expect, it } from 'vitest';
import { defaultRefundQuantity, stockRefundRefusal, stockRefundRule } from './stock-refund';

const purchase = {
  stockPk: 5,
  kind: 1,
  delta: 5,
  refundRule: 'purchase' as const,
  deleted: false,
  refunded: 0,
};
const sale = { stockPk: 5, kind: 2, delta: -3, refundRule: 'sale' as const, deleted: false, refunded: 1 };

describe('stock refund rules', () => {
  it('refunds a purchase only in full, with its whole quantity', () => {
    const rule = stockRefundRule(purchase);
    expect(defaultRefundQuantity(rule)).toBe(5);
    expect(stockRefundRefusal(rule, 60, 60, 5)).toBeNull();
    expect(stockRefundRefusal(rule, 30, 60, 5)).toBe('purchase_refund_partial');
    expect(stockRefundRefusal(rule, 60, 60, 4)).toBe('purchase_refund_partial');
  });
  it('gives back at most what is left of a sale, and allows money only', () => {
    const rule = stockRefundRule(sale);
    expect(rule).toEqual({ rule: 'sale', remaining: 2 });
    expect(defaultRefundQuantity(rule)).toBe(2);
    expect(stockRefundRefusal(rule, 100, 560, 0)).toBeNull();
    expect(stockRefundRefusal(rule, 100, 560, 2)).toBeNull();
    expect(stockRefundRefusal(rule, 100, 560, 2.5)).toBe('stockdelta_exceeds');
    expect(stockRefundRefusal(rule, 100, 560, -1)).toBe('stockdelta_invalid');
  });
  it('moves no stock for other transactions', () => {
    expect(stockRefundRefusal(stockRefundRule(null), 10, 10, 0)).toBeNull();
    expect(stockRefundRefusal(stockRefundRule(null), 10, 10, 1)).toBe('no_stockdelta');
  });
});
