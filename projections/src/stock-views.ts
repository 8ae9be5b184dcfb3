// Views of the stock read model that move with time or need a walk over an item's deltas: sales in a
// window, the batches still in stock and the stock's value (oldest sold first), the recent sales.
import { type RemainingBatch, remainingBatches } from '@club/core/stock/rules';
import type { StockDeltaRow, StockItemRow, StockModel } from './stock.ts';

/** Quantity sold since `from` (sales less what their refunds gave back), thousandths. */
export function soldMilliSince(item: StockItemRow, from: Date): number {
  const fromMs = from.getTime();
  let sold = 0;
  for (const delta of item.deltas)
    if (delta.kind === 2 && Date.parse(delta.at) >= fromMs) sold += -delta.deltaMilli - delta.refundedMilli;
  return sold;
}

/** The purchases still in stock (with their dates) and the stock's value at purchase prices, in cents. */
export function itemBatches(item: StockItemRow): { batches: RemainingBatch[]; valueCents: number } {
  const purchases = item.deltas
    .filter((delta) => delta.kind === 1 && !delta.deleted && delta.deltaMilli > 0)
    .map((delta) => ({
      quantityMilli: delta.deltaMilli,
      unitPriceCents: delta.unitPriceCents ?? 0,
      expiry: delta.expiry,
      manufactured: delta.manufactured,
      at: delta.at,
    }));
  return remainingBatches(purchases, item.quantityMilli);
}

/** The last purchase that still counts, or undefined. */
export const lastPurchase = (item: StockItemRow): StockDeltaRow | undefined =>
  item.deltas.findLast((delta) => delta.kind === 1 && !delta.deleted);

/** The newest sale lines first, at most `limit`. */
export function recentSaleDeltas(model: StockModel, limit: number): StockDeltaRow[] {
  const rows: StockDeltaRow[] = [];
  const all = [...model.deltas.values()];
  for (let index = all.length - 1; index >= 0 && rows.length < limit; index--)
    if (all[index]!.kind === 2) rows.push(all[index]!);
  return rows;
}
