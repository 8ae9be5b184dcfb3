// Given/when/then tests of the stock deciders: the item (deltas and their idempotency, the adjustment
// against the stock, the refunds), the sale saga and the cart.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { Posting } from '../ledger/events.ts';
import { cartDecider } from './cart.ts';
import type { CartEvent, SaleEvent, StockItemEvent } from './events.ts';
import { type StockItemCommand, stockItemDecider } from './item.ts';
import { newItemConfig } from './rules.ts';
import { saleDecider } from './sale.ts';

const now = new Date('2026-11-22T04:00:00Z');
const posting: Posting = {
  transferId: 'stock:1:p1',
  kind: 'posting',
  debit: '4',
  credit: '13',
  amountCents: 10_000,
  summary: '進貨',
  actorPk: 7,
  links: { stockDelta: { stockPk: 1, kind: 1, delta: 10 } },
};

const created: StockItemEvent = {
  type: 'StockItemCreated',
  data: {
    stockPk: 1,
    config: newItemConfig('F', 'Tri-X', '卷'),
    requestKey: 'k',
    actorPk: 7,
    at: now.toISOString(),
  },
};
const purchase = (deltaId: string, quantityMilli: number): StockItemCommand => ({
  type: 'RecordPurchase',
  stockPk: 1,
  deltaId,
  quantityMilli,
  amountCents: 10_000,
  unitPriceCents: 1_000,
  origin: 'shop',
  comment: '',
  expiry: '2027/01',
  manufactured: null,
  receiptPks: [],
  purchasePk: null,
  posting,
  fingerprint: `fp-${quantityMilli}`,
  actorPk: 7,
});
const sale = (deltaId: string, quantityMilli: number): StockItemCommand => ({
  type: 'RecordSale',
  stockPk: 1,
  deltaId,
  saleId: 's1',
  lineNo: 0,
  buyerPk: 101,
  quantityMilli,
  unitPriceCents: 28_000,
  listPriceCents: 28_000,
  amountCents: 28_000,
  listAmountCents: 28_000,
  transferKey: '101/sale:s1:0',
  actorPk: 101,
});

/** Given these commands in order (each must pass), the events and state. */
function given(commands: StockItemCommand[]) {
  const events: StockItemEvent[] = [created];
  for (const command of commands) {
    const decided = stockItemDecider.decide(command, fold(stockItemDecider, events), now);
    if (!Array.isArray(decided)) throw new Error(`given ${command.type} refused: ${decided.rejected}`);
    events.push(...decided);
  }
  return events;
}
const decide = (events: StockItemEvent[], command: StockItemCommand) =>
  stockItemDecider.decide(command, fold(stockItemDecider, events), now);
const quantity = (events: StockItemEvent[]) => {
  const state = fold(stockItemDecider, events);
  return state.status === 'active' ? state.quantityMilli : null;
};

describe('stock item', () => {
  it('refuses deltas on an item that does not exist', () => {
    expect(stockItemDecider.decide(purchase('p1', 1000), stockItemDecider.initialState(), now)).toEqual({
      rejected: 'notfound',
    });
  });

  it('a purchase adds, a sale takes away, a repeat is a no-op and other content is a mismatch', () => {
    const events = given([purchase('p1', 10_000), sale('sale:s1:0', 2_500)]);
    expect(quantity(events)).toBe(7_500);
    expect(decide(events, purchase('p1', 10_000))).toEqual([]);
    expect(decide(events, purchase('p1', 9_000))).toEqual({ rejected: 'mismatch' });
    expect(decide(events, sale('sale:s1:0', 2_500))).toEqual([]);
  });

  it('an adjustment records the difference to the counted stock; the same count again is unchanged', () => {
    const events = given([
      purchase('p1', 10_000),
      {
        type: 'AdjustQuantity',
        stockPk: 1,
        deltaId: 'a1',
        countedMilli: 8_500,
        reason: 'count',
        fingerprint: 'f',
        actorPk: 7,
      },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'StockAdjusted',
      data: { deltaMilli: -1_500, countedMilli: 8_500 },
    });
    expect(quantity(events)).toBe(8_500);
    expect(
      decide(events, {
        type: 'AdjustQuantity',
        stockPk: 1,
        deltaId: 'a2',
        countedMilli: 8_500,
        reason: 'again',
        fingerprint: 'g',
        actorPk: 7,
      }),
    ).toEqual({ rejected: 'unchanged' });
  });

  it('a purchase refund deletes the purchase once; a sale refund gives back at most what was sold', () => {
    const events = given([
      purchase('p1', 10_000),
      sale('sale:s1:0', 2_000),
      { type: 'RefundPurchase', stockPk: 1, deltaId: 'p1', refundTransferKey: '13/refund:r1' },
      {
        type: 'RefundSale',
        stockPk: 1,
        deltaId: 'sale:s1:0',
        refundTransferKey: '4/refund:r2',
        requestedMilli: 1_500,
        buyerPk: 101,
      },
      {
        type: 'RefundSale',
        stockPk: 1,
        deltaId: 'sale:s1:0',
        refundTransferKey: '4/refund:r3',
        requestedMilli: 1_500,
        buyerPk: 101,
      },
    ]);
    expect(
      events.filter((event) => event.type === 'StockSaleRefunded').map((event) => event.data.quantityMilli),
    ).toEqual([1_500, 500]);
    expect(quantity(events)).toBe(10_000 - 2_000 - 10_000 + 2_000);
    // The same refund again changes nothing; a second refund of a deleted purchase takes nothing more.
    expect(
      decide(events, {
        type: 'RefundPurchase',
        stockPk: 1,
        deltaId: 'p1',
        refundTransferKey: '13/refund:r1',
      }),
    ).toEqual([]);
    const again = decide(events, {
      type: 'RefundPurchase',
      stockPk: 1,
      deltaId: 'p1',
      refundTransferKey: '13/refund:r9',
    });
    expect(again).toMatchObject([{ type: 'StockPurchaseRefunded', data: { quantityMilli: 0 } }]);
    expect(
      decide(events, {
        type: 'RefundSale',
        stockPk: 1,
        deltaId: 'p1',
        refundTransferKey: '4/refund:x',
        requestedMilli: 1,
        buyerPk: 101,
      }),
    ).toEqual({ rejected: 'not_sale' });
  });

  it('origin and expiry are edited on purchases only; the comment on any delta', () => {
    const events = given([purchase('p1', 1_000), sale('sale:s1:0', 500)]);
    expect(
      decide(events, {
        type: 'EditDelta',
        stockPk: 1,
        deltaId: 'p1',
        origin: 'B&H',
        expiry: '2027/02',
        actorPk: 7,
      }),
    ).toMatchObject([{ type: 'StockDeltaEdited', data: { origin: 'B&H', expiry: '2027/02' } }]);
    expect(
      decide(events, { type: 'EditDelta', stockPk: 1, deltaId: 'sale:s1:0', origin: 'x', actorPk: 7 }),
    ).toEqual({ rejected: 'not_purchase' });
    expect(
      decide(events, { type: 'EditDelta', stockPk: 1, deltaId: 'sale:s1:0', comment: 'ok', actorPk: 7 }),
    ).toMatchObject([{ type: 'StockDeltaEdited' }]);
    expect(
      decide(events, { type: 'EditDelta', stockPk: 1, deltaId: 'nope', comment: 'x', actorPk: 7 }),
    ).toEqual({ rejected: 'notfound' });
  });
});

describe('sale saga', () => {
  const line = {
    lineNo: 0,
    stockPk: 1,
    name: 'Tri-X',
    unit: '卷',
    prefix: 'F',
    quantityMilli: 1_000,
    unitPriceCents: 28_000,
    listPriceCents: 28_000,
    amountCents: 28_000,
    listAmountCents: 28_000,
    cartItemId: 'c.0',
    label: '',
    posting,
  };
  const claim = {
    type: 'ClaimSale' as const,
    saleId: 's1',
    buyerPk: 101,
    actorPk: 101,
    lines: [line],
    allowDebt: false,
    fingerprint: 'f',
  };
  const claimed = saleDecider.decide(claim, saleDecider.initialState(), now) as SaleEvent[];

  it('claims once; the same claim again is a no-op, another is a mismatch', () => {
    expect(claimed).toMatchObject([{ type: 'SaleClaimed', data: { totalCents: 28_000 } }]);
    const state = fold(saleDecider, claimed);
    expect(saleDecider.decide(claim, state, now)).toEqual([]);
    expect(saleDecider.decide({ ...claim, fingerprint: 'g' }, state, now)).toEqual({ rejected: 'mismatch' });
  });

  it('ends confirmed (with its cart items) or released, never both', () => {
    const state = fold(saleDecider, claimed);
    const confirmed = saleDecider.decide(
      { type: 'ConfirmSale', saleId: 's1', transferKeys: ['101/sale:s1:0'] },
      state,
      now,
    ) as SaleEvent[];
    expect(confirmed).toMatchObject([{ type: 'SaleConfirmed', data: { cartItemIds: ['c.0'] } }]);
    const after = fold(saleDecider, [...claimed, ...confirmed]);
    expect(saleDecider.decide({ type: 'ConfirmSale', saleId: 's1', transferKeys: [] }, after, now)).toEqual(
      [],
    );
    expect(
      saleDecider.decide(
        { type: 'ReleaseSale', saleId: 's1', reason: 'insufficient_balance', refusedLine: 0, refundKeys: [] },
        after,
        now,
      ),
    ).toEqual({ rejected: 'finished' });
  });
});

describe('cart', () => {
  const add = {
    type: 'AddToCart' as const,
    userPk: 102,
    group: 'g1',
    items: [{ stockPk: 82, quantityMilli: 6_000, label: '鋁框 16×20 in' }],
    fingerprint: 'f',
  };

  it('adds once per group, removes by id, clears, and takes sold items out', () => {
    const added = cartDecider.decide(add, cartDecider.initialState(), now) as CartEvent[];
    expect(added).toMatchObject([{ type: 'CartItemsAdded', data: { items: [{ id: 'g1.0' }] } }]);
    const state = fold(cartDecider, added);
    expect(cartDecider.decide(add, state, now)).toEqual([]);
    expect(cartDecider.decide({ ...add, fingerprint: 'other' }, state, now)).toEqual({
      rejected: 'mismatch',
    });
    expect(cartDecider.decide({ type: 'RemoveFromCart', userPk: 102, id: 'nope' }, state, now)).toEqual({
      rejected: 'notfound',
    });
    const sold = cartDecider.decide(
      { type: 'MarkCartItemsSold', userPk: 102, saleId: 's1', ids: ['g1.0'] },
      state,
      now,
    ) as CartEvent[];
    const after = fold(cartDecider, [...added, ...sold]);
    expect(after.items.size).toBe(0);
    expect(
      cartDecider.decide({ type: 'MarkCartItemsSold', userPk: 102, saleId: 's1', ids: ['g1.0'] }, after, now),
    ).toEqual([]);
  });

  it('holds at most 50 items', () => {
    const many = { ...add, items: Array.from({ length: 51 }, () => add.items[0]!) };
    expect(cartDecider.decide(many, cartDecider.initialState(), now)).toEqual({ rejected: 'cart_full' });
  });
});
