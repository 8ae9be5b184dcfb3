// The item decider: one stock item (stream stock-{pk}). Its stock is the sum of its deltas, folded here so
// an adjustment is decided against the stock it replaces. Every delta has an id (deltaId, from the request's
// key or the sale line), remembered with a fingerprint of its content: the same id again is a no-op, with
// other content a mismatch. Refunds are remembered by the refund's transfer key, so the process manager can
// repeat one safely.
import { assertNever, type Decider, reject, type Rejection } from '../decider.ts';
import type { Posting } from '../ledger/events.ts';
import { PersistentMap } from '../ledger/persistent-map.ts';
import type { StockConfig, StockItemEvent } from './events.ts';

/** What the item remembers of one delta. */
export interface DeltaMemo {
  kind: 1 | 2 | 3;
  fingerprint: string;
  /** Purchase: bought; sale: sold; adjustment: the signed difference. */
  quantityMilli: number;
  /** Sales: given back by refunds. */
  refundedMilli: number;
  /** Purchases: deleted by their refund. */
  deleted: boolean;
}

export type StockItemState =
  | { status: 'none' }
  | {
      status: 'active';
      stockPk: number;
      config: StockConfig;
      createdKey: string;
      /** The sum of the deltas, thousandths. */
      quantityMilli: number;
      deltas: PersistentMap<DeltaMemo>;
      /** Refund transfer keys already applied. */
      refunds: PersistentMap<true>;
    };

export type StockItemCommand =
  | {
      type: 'CreateStockItem';
      stockPk: number;
      config: StockConfig;
      requestKey: string;
      actorPk: number | null;
    }
  | { type: 'ConfigureStockItem'; stockPk: number; config: StockConfig; actorPk: number | null }
  | {
      type: 'RecordPurchase';
      stockPk: number;
      deltaId: string;
      quantityMilli: number;
      amountCents: number;
      unitPriceCents: number;
      origin: string;
      comment: string;
      expiry: string | null;
      manufactured: string | null;
      receiptPks: number[];
      purchasePk: number | null;
      posting: Posting;
      fingerprint: string;
      actorPk: number | null;
    }
  | {
      type: 'RecordSale';
      stockPk: number;
      deltaId: string;
      saleId: string;
      lineNo: number;
      buyerPk: number;
      quantityMilli: number;
      unitPriceCents: number;
      listPriceCents: number;
      amountCents: number;
      listAmountCents: number;
      transferKey: string;
      actorPk: number | null;
    }
  | {
      type: 'AdjustQuantity';
      stockPk: number;
      deltaId: string;
      countedMilli: number;
      reason: string;
      fingerprint: string;
      actorPk: number | null;
    }
  | {
      type: 'EditDelta';
      stockPk: number;
      deltaId: string;
      comment?: string;
      origin?: string;
      expiry?: string | null;
      actorPk: number | null;
    }
  | { type: 'RefundPurchase'; stockPk: number; deltaId: string; refundTransferKey: string }
  | {
      type: 'RefundSale';
      stockPk: number;
      deltaId: string;
      refundTransferKey: string;
      requestedMilli: number;
      buyerPk: number;
    };

export type StockItemReason = 'notfound' | 'exists' | 'mismatch' | 'unchanged' | 'not_purchase' | 'not_sale';

type Decision = StockItemEvent[] | Rejection<StockItemReason>;

const sameConfig = (a: StockConfig, b: StockConfig): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fingerprint a sale line's delta is compared by: the transfer that pays it and what it moved. */
const saleFingerprint = (command: Extract<StockItemCommand, { type: 'RecordSale' }>): string =>
  `${command.transferKey}|${command.quantityMilli}`;

function decide(command: StockItemCommand, state: StockItemState, now: Date): Decision {
  const at = now.toISOString();
  if (command.type === 'CreateStockItem') {
    if (state.status === 'active')
      return state.createdKey === command.requestKey && sameConfig(state.config, command.config)
        ? []
        : reject('exists');
    const { type: _type, ...data } = command;
    return [{ type: 'StockItemCreated', data: { ...data, at } }];
  }
  if (state.status === 'none') return reject('notfound');
  switch (command.type) {
    case 'ConfigureStockItem': {
      if (sameConfig(state.config, command.config)) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'StockItemConfigured', data: { ...data, at } }];
    }
    case 'RecordPurchase': {
      const known = state.deltas.get(command.deltaId);
      if (known) return known.fingerprint === command.fingerprint ? [] : reject('mismatch');
      const { type: _type, ...data } = command;
      return [{ type: 'StockPurchased', data: { ...data, at } }];
    }
    case 'RecordSale': {
      const known = state.deltas.get(command.deltaId);
      if (known) return known.fingerprint === saleFingerprint(command) ? [] : reject('mismatch');
      const { type: _type, ...data } = command;
      return [{ type: 'StockSold', data: { ...data, at } }];
    }
    case 'AdjustQuantity': {
      const known = state.deltas.get(command.deltaId);
      if (known) return known.fingerprint === command.fingerprint ? [] : reject('mismatch');
      const deltaMilli = command.countedMilli - state.quantityMilli;
      if (deltaMilli === 0) return reject('unchanged');
      const { type: _type, ...data } = command;
      return [{ type: 'StockAdjusted', data: { ...data, deltaMilli, at } }];
    }
    case 'EditDelta': {
      const known = state.deltas.get(command.deltaId);
      if (!known) return reject('notfound');
      // Origin and expiry belong to purchases; the comment to any delta.
      if (known.kind !== 1 && (command.origin !== undefined || command.expiry !== undefined))
        return reject('not_purchase');
      if (command.comment === undefined && command.origin === undefined && command.expiry === undefined)
        return [];
      const { type: _type, ...data } = command;
      return [{ type: 'StockDeltaEdited', data: { ...data, at } }];
    }
    case 'RefundPurchase': {
      if (state.refunds.has(command.refundTransferKey)) return [];
      const known = state.deltas.get(command.deltaId);
      if (!known) return reject('notfound');
      if (known.kind !== 1) return reject('not_purchase');
      // A second full refund cannot pass the ledger; if one ever did, the purchase is deleted once (the
      // event still records that this refund was seen, with nothing more taken out).
      return [
        {
          type: 'StockPurchaseRefunded',
          data: {
            stockPk: command.stockPk,
            deltaId: command.deltaId,
            refundTransferKey: command.refundTransferKey,
            quantityMilli: known.deleted ? 0 : known.quantityMilli,
            at,
          },
        },
      ];
    }
    case 'RefundSale': {
      if (state.refunds.has(command.refundTransferKey)) return [];
      const known = state.deltas.get(command.deltaId);
      if (!known) return reject('notfound');
      if (known.kind !== 2) return reject('not_sale');
      // Concurrent refunds are checked by the ledger for money only: the quantity is capped here, so a
      // sale never comes back more than it went out.
      const quantityMilli = Math.max(
        0,
        Math.min(command.requestedMilli, known.quantityMilli - known.refundedMilli),
      );
      return [
        {
          type: 'StockSaleRefunded',
          data: {
            stockPk: command.stockPk,
            deltaId: command.deltaId,
            refundTransferKey: command.refundTransferKey,
            quantityMilli,
            requestedMilli: command.requestedMilli,
            buyerPk: command.buyerPk,
            at,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: StockItemState, event: StockItemEvent): StockItemState {
  if (event.type === 'StockItemCreated') {
    return {
      status: 'active',
      stockPk: event.data.stockPk,
      config: event.data.config,
      createdKey: event.data.requestKey,
      quantityMilli: 0,
      deltas: PersistentMap.empty(),
      refunds: PersistentMap.empty(),
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'StockItemConfigured':
      return { ...state, config: event.data.config };
    case 'StockPurchased':
      return {
        ...state,
        quantityMilli: state.quantityMilli + event.data.quantityMilli,
        deltas: state.deltas.set(event.data.deltaId, {
          kind: 1,
          fingerprint: event.data.fingerprint,
          quantityMilli: event.data.quantityMilli,
          refundedMilli: 0,
          deleted: false,
        }),
      };
    case 'StockSold':
      return {
        ...state,
        quantityMilli: state.quantityMilli - event.data.quantityMilli,
        deltas: state.deltas.set(event.data.deltaId, {
          kind: 2,
          fingerprint: `${event.data.transferKey}|${event.data.quantityMilli}`,
          quantityMilli: event.data.quantityMilli,
          refundedMilli: 0,
          deleted: false,
        }),
      };
    case 'StockAdjusted':
      return {
        ...state,
        quantityMilli: state.quantityMilli + event.data.deltaMilli,
        deltas: state.deltas.set(event.data.deltaId, {
          kind: 3,
          fingerprint: event.data.fingerprint,
          quantityMilli: event.data.deltaMilli,
          refundedMilli: 0,
          deleted: false,
        }),
      };
    case 'StockDeltaEdited':
      return state;
    case 'StockPurchaseRefunded': {
      const known = state.deltas.get(event.data.deltaId);
      return {
        ...state,
        quantityMilli: state.quantityMilli - event.data.quantityMilli,
        deltas: known ? state.deltas.set(event.data.deltaId, { ...known, deleted: true }) : state.deltas,
        refunds: state.refunds.set(event.data.refundTransferKey, true),
      };
    }
    case 'StockSaleRefunded': {
      const known = state.deltas.get(event.data.deltaId);
      return {
        ...state,
        quantityMilli: state.quantityMilli + event.data.quantityMilli,
        deltas: known
          ? state.deltas.set(event.data.deltaId, {
              ...known,
              refundedMilli: known.refundedMilli + event.data.quantityMilli,
            })
          : state.deltas,
        refunds: state.refunds.set(event.data.refundTransferKey, true),
      };
    }
    default:
      return state;
  }
}

export const stockItemDecider: Decider<StockItemCommand, StockItemEvent, StockItemState, StockItemReason> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
