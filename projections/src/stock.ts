// The stock read model (core/src/stock): items with their stock (the sum of their deltas), every delta as
// a log row (its pk is the global position of the event that recorded it), the counter sales, and the
// members' carts. Views that move with time (the one-year windows, the batches still in stock) are
// computed from it at read (stockViews below), never stored.
import type { SaleClaimed, StockConfig, StockEvent } from '@club/core/stock/events';
import { stockEventTypes } from '@club/core/stock/events';
import type { Projection } from './runner.ts';

/** One stock delta: a purchase (1), a sale line (2) or an adjustment (3). */
export interface StockDeltaRow {
  pk: number;
  stockPk: number;
  deltaId: string;
  kind: 1 | 2 | 3;
  at: string;
  actorPk: number | null;
  /** Signed: a purchase's quantity, minus a sale's, an adjustment's difference. */
  deltaMilli: number;
  /** Purchases: the total paid; sales: what the buyer paid. */
  amountCents: number | null;
  unitPriceCents: number | null;
  comment: string;
  origin: string;
  expiry: string | null;
  manufactured: string | null;
  receiptPks: number[];
  purchasePk: number | null;
  /** The transfer booked with it (the purchase's posting, the sale line's debit). */
  transferKey: string | null;
  /** Purchases: deleted by their refund. */
  deleted: boolean;
  saleId: string | null;
  buyerPk: number | null;
  listAmountCents: number | null;
  /** Sales: quantity given back by refunds. */
  refundedMilli: number;
  /** Adjustments. */
  countedMilli: number | null;
  reason: string | null;
}

export interface StockItemRow {
  pk: number;
  config: StockConfig;
  createdAt: string;
  quantityMilli: number;
  /** In log order. */
  deltas: StockDeltaRow[];
}

export interface SaleRow {
  saleId: string;
  buyerPk: number;
  actorPk: number | null;
  at: string;
  status: 'pending' | 'paid' | 'refused';
  reason: string | null;
  totalCents: number;
  lines: (Omit<SaleClaimed['data']['lines'][number], 'posting'> & {
    transferKey: string;
    deltaPk: number | null;
  })[];
}

export interface CartRow {
  id: string;
  stockPk: number;
  quantityMilli: number;
  label: string;
  group: string;
  addedAt: string;
}

export interface StockModel {
  items: Map<number, StockItemRow>;
  deltas: Map<number, StockDeltaRow>;
  /** `${stockPk}|${deltaId}`. */
  deltaById: Map<string, StockDeltaRow>;
  /** The delta a purchase's posting or a sale line's debit booked (by the transfer's key). */
  deltaByTransferKey: Map<string, StockDeltaRow>;
  sales: Map<string, SaleRow>;
  /** Per buyer, their sales' ids in order. */
  salesByBuyer: Map<number, string[]>;
  /** Per member, the cart's items in the order added. */
  carts: Map<number, Map<string, CartRow>>;
}

const deltaKey = (stockPk: number, deltaId: string) => `${stockPk}|${deltaId}`;

const blankDelta = {
  amountCents: null,
  unitPriceCents: null,
  comment: '',
  origin: '',
  expiry: null,
  manufactured: null,
  receiptPks: [],
  purchasePk: null,
  transferKey: null,
  deleted: false,
  saleId: null,
  buyerPk: null,
  listAmountCents: null,
  refundedMilli: 0,
  countedMilli: null,
  reason: null,
} satisfies Partial<StockDeltaRow>;

function addDelta(model: StockModel, item: StockItemRow, row: StockDeltaRow): void {
  item.deltas.push(row);
  item.quantityMilli += row.deltaMilli;
  model.deltas.set(row.pk, row);
  model.deltaById.set(deltaKey(row.stockPk, row.deltaId), row);
  if (row.transferKey) model.deltaByTransferKey.set(row.transferKey, row);
}

export const stockProjection: Projection<StockModel> = {
  handles: new Set<string>(stockEventTypes),
  initial: () => ({
    items: new Map(),
    deltas: new Map(),
    deltaById: new Map(),
    deltaByTransferKey: new Map(),
    sales: new Map(),
    salesByBuyer: new Map(),
    carts: new Map(),
  }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const base = { pk: recorded.position, actorPk: null as number | null };
    switch (event.type) {
      case 'StockItemCreated':
        if (!model.items.has(event.data.stockPk))
          model.items.set(event.data.stockPk, {
            pk: event.data.stockPk,
            config: event.data.config,
            createdAt: event.data.at,
            quantityMilli: 0,
            deltas: [],
          });
        return model;
      case 'StockItemConfigured': {
        const item = model.items.get(event.data.stockPk);
        if (item) item.config = event.data.config;
        return model;
      }
      case 'StockPurchased': {
        const item = model.items.get(event.data.stockPk);
        if (!item) return model;
        const { data } = event;
        addDelta(model, item, {
          ...base,
          ...blankDelta,
          stockPk: data.stockPk,
          deltaId: data.deltaId,
          kind: 1,
          at: data.at,
          actorPk: data.actorPk,
          deltaMilli: data.quantityMilli,
          amountCents: data.amountCents,
          unitPriceCents: data.unitPriceCents,
          comment: data.comment,
          origin: data.origin,
          expiry: data.expiry,
          manufactured: data.manufactured,
          receiptPks: data.receiptPks,
          purchasePk: data.purchasePk,
          transferKey: `${data.posting.debit}/${data.posting.transferId}`,
        });
        return model;
      }
      case 'StockSold': {
        const item = model.items.get(event.data.stockPk);
        if (!item) return model;
        const { data } = event;
        const row: StockDeltaRow = {
          ...base,
          ...blankDelta,
          stockPk: data.stockPk,
          deltaId: data.deltaId,
          kind: 2,
          at: data.at,
          actorPk: data.actorPk,
          deltaMilli: -data.quantityMilli,
          amountCents: data.amountCents,
          unitPriceCents: data.unitPriceCents,
          transferKey: data.transferKey,
          saleId: data.saleId,
          buyerPk: data.buyerPk,
          listAmountCents: data.listAmountCents,
        };
        addDelta(model, item, row);
        const line = model.sales.get(data.saleId)?.lines[data.lineNo];
        if (line) line.deltaPk = row.pk;
        return model;
      }
      case 'StockAdjusted': {
        const item = model.items.get(event.data.stockPk);
        if (!item) return model;
        const { data } = event;
        addDelta(model, item, {
          ...base,
          ...blankDelta,
          stockPk: data.stockPk,
          deltaId: data.deltaId,
          kind: 3,
          at: data.at,
          actorPk: data.actorPk,
          deltaMilli: data.deltaMilli,
          countedMilli: data.countedMilli,
          reason: data.reason,
        });
        return model;
      }
      case 'StockDeltaEdited': {
        const row = model.deltaById.get(deltaKey(event.data.stockPk, event.data.deltaId));
        if (!row) return model;
        if (event.data.comment !== undefined) row.comment = event.data.comment;
        if (event.data.origin !== undefined) row.origin = event.data.origin;
        if (event.data.expiry !== undefined) row.expiry = event.data.expiry;
        return model;
      }
      case 'StockPurchaseRefunded': {
        const row = model.deltaById.get(deltaKey(event.data.stockPk, event.data.deltaId));
        const item = model.items.get(event.data.stockPk);
        if (!row || !item) return model;
        row.deleted = true;
        item.quantityMilli -= event.data.quantityMilli;
        return model;
      }
      case 'StockSaleRefunded': {
        const row = model.deltaById.get(deltaKey(event.data.stockPk, event.data.deltaId));
        const item = model.items.get(event.data.stockPk);
        if (!row || !item) return model;
        row.refundedMilli += event.data.quantityMilli;
        item.quantityMilli += event.data.quantityMilli;
        return model;
      }
      case 'SaleClaimed': {
        const { data } = event;
        if (model.sales.has(data.saleId)) return model;
        model.sales.set(data.saleId, {
          saleId: data.saleId,
          buyerPk: data.buyerPk,
          actorPk: data.actorPk,
          at: data.at,
          status: 'pending',
          reason: null,
          totalCents: data.totalCents,
          lines: data.lines.map(({ posting, ...line }) => ({
            ...line,
            transferKey: `${posting.debit}/${posting.transferId}`,
            deltaPk: null,
          })),
        });
        const mine = model.salesByBuyer.get(data.buyerPk) ?? [];
        mine.push(data.saleId);
        model.salesByBuyer.set(data.buyerPk, mine);
        return model;
      }
      case 'SaleConfirmed': {
        const sale = model.sales.get(event.data.saleId);
        if (sale) sale.status = 'paid';
        return model;
      }
      case 'SaleReleased': {
        const sale = model.sales.get(event.data.saleId);
        if (sale) {
          sale.status = 'refused';
          sale.reason = event.data.reason;
        }
        return model;
      }
      case 'CartItemsAdded': {
        const cart = model.carts.get(event.data.userPk) ?? new Map<string, CartRow>();
        for (const item of event.data.items)
          cart.set(item.id, { ...item, group: event.data.group, addedAt: event.data.at });
        model.carts.set(event.data.userPk, cart);
        return model;
      }
      case 'CartItemRemoved':
        model.carts.get(event.data.userPk)?.delete(event.data.id);
        return model;
      case 'CartCleared':
      case 'CartItemsSold': {
        const cart = model.carts.get(event.data.userPk);
        for (const id of event.data.ids) cart?.delete(id);
        return model;
      }
      case 'StockPkAllocated':
      case 'StockPurchasePkAllocated':
        return model;
      default:
        return model;
    }
  },
};
