// The stock side of a refund on AdminTransDetail (document 3, section 4): a purchase's refund returns the
// full amount and deletes the stock delta, so the form asks for everything that is left and the purchased
// quantity; a sale's refund keeps the delta and gives back from 0 to what is left of the quantity sold.
// Pure, so it is unit-tested; the server decides again (api/src/routes/transactions.ts).
import type { TransactionDetail } from '../api/transactions';

export type StockLine = NonNullable<TransactionDetail['stockdelta']>;

/** What a refund of this transaction must or may give back of its stock. */
export type StockRefundRule =
  | { rule: 'none' }
  | { rule: 'purchase'; quantity: number; deleted: boolean }
  | { rule: 'sale'; remaining: number };

export function stockRefundRule(line: StockLine | null): StockRefundRule {
  if (line === null || line.refundRule === undefined || line.refundRule === 'none') return { rule: 'none' };
  if (line.refundRule === 'purchase')
    return { rule: 'purchase', quantity: line.delta, deleted: line.deleted ?? false };
  const remaining = Math.max(0, Math.round((Math.abs(line.delta) - (line.refunded ?? 0)) * 1000) / 1000);
  return { rule: 'sale', remaining };
}

/** The stock quantity the refund form starts with: everything the refund may give back. */
export function defaultRefundQuantity(rule: StockRefundRule): number {
  if (rule.rule === 'purchase') return rule.deleted ? 0 : rule.quantity;
  if (rule.rule === 'sale') return rule.remaining;
  return 0;
}

/** The reason the server would give for this refund's stock side, or null. */
export function stockRefundRefusal(
  rule: StockRefundRule,
  amount: number,
  refundable: number,
  quantity: number,
): 'purchase_refund_partial' | 'stockdelta_invalid' | 'stockdelta_exceeds' | 'no_stockdelta' | null {
  if (rule.rule === 'none') return quantity === 0 ? null : 'no_stockdelta';
  if (quantity < 0) return 'stockdelta_invalid';
  if (rule.rule === 'purchase') {
    if (amount !== refundable) return 'purchase_refund_partial';
    return quantity === rule.quantity ? null : 'purchase_refund_partial';
  }
  return quantity > rule.remaining + 1e-9 ? 'stockdelta_exceeds' : null;
}
