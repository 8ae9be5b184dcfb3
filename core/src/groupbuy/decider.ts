// The group-buy decider. An order is a small saga (docs/groupbuy.md): GroupBuyOrderPlaced records the
// deposit to hold (none for administrators), the service posts it (member → group-buy account), then
// GroupBuyDepositHeld, or GroupBuyOrderRefused when the ledger refused it ('balance insufficient').
// Closing bills each open order's remainder: GroupBuyRemainderPaid, or GroupBuyRemainderShort when the
// balance cannot cover it; the order then stays billingstatus 1 until a later closing run pays it.
import { assertNever, type Decider, type Rejection, reject } from '../decider.ts';
import type { GroupBuyEvent, OrderPlacedData } from './events.ts';
import { orderSplit, unitPrice } from './price.ts';
import { checkOrderFields, type OrderFieldReason, positiveDecimal, type Website } from './validation.ts';

export interface GroupBuy {
  pk: number;
  website: Website;
  currency: string;
  expiredAt: string;
  createdAt: string;
  createdBy: number | null;
  status: 'open' | 'closed';
}

/**
 * An order: holding (its deposit is being posted), refused (the deposit was refused; not listed),
 * ordered (billingstatus 1), cancelled (9, deposit refunded), billing (closed, remainder not yet paid:
 * still 1), paid (2).
 */
export type GroupBuyOrder = OrderPlacedData & {
  status: 'holding' | 'refused' | 'ordered' | 'cancelled' | 'billing' | 'paid';
  /** Set once a remainder could not be billed: shows in the debt list. */
  remainderShort: boolean;
  /** Who cancelled it: the refund's posting names them, on every repeat. */
  cancelledBy: number | null;
};

export interface GroupBuyState {
  groupBuys: ReadonlyMap<number, GroupBuy>;
  orders: ReadonlyMap<number, GroupBuyOrder>;
  requests: ReadonlyMap<string, { fingerprint: string; pk: number }>;
  lastGroupBuyPk: number;
  lastOrderPk: number;
  /** Exchange rates staff set by hand, by currency (the default rate provider reads them). */
  rates: ReadonlyMap<string, string>;
}

export type GroupBuyCommand =
  | {
      type: 'OpenGroupBuy';
      website: Website;
      currency: string;
      expiredAt: Date;
      requestKey: string;
      actorPk: number | null;
    }
  | {
      type: 'PlaceOrder';
      groupBuyPk: number;
      userPk: number;
      url: string;
      title: string;
      price: string;
      weight: string;
      quantity: number;
      /** Looked-up fact: the exchange rate of the group buy's currency (null: none available). */
      rate: string | null;
      /** Looked-up fact: the orderer holds the groupbuy authority (pays no deposit). */
      isAdministrator: boolean;
      requestKey: string;
      actorPk: number | null;
    }
  | {
      type: 'AddManualOrder';
      groupBuyPk: number;
      userPk: number;
      url: string;
      title: string;
      weight: string;
      unitPriceNtd: number;
      totalNtd: number;
      quantity: number;
      requestKey: string;
      actorPk: number | null;
    }
  | { type: 'ConfirmDeposit'; orderPk: number; transferKey: string }
  | { type: 'RefuseOrder'; orderPk: number; reason: string }
  | { type: 'CancelOrder'; orderPk: number; actorPk: number; isAdministrator: boolean }
  | { type: 'CloseGroupBuy'; groupBuyPk: number; actorPk: number | null }
  | { type: 'SetRate'; currency: string; rate: string; actorPk: number | null }
  | { type: 'RecordRemainder'; orderPk: number; paid: { transferKey: string } | { short: string } };

export type GroupBuyReason =
  | OrderFieldReason
  | 'notfound'
  | 'closed'
  | 'no_rate'
  | 'forbidden'
  | 'not_cancellable'
  | 'no_orders'
  | 'amount_invalid'
  | 'rate_invalid'
  | 'mismatch';

export const initialGroupBuyState = (): GroupBuyState => ({
  groupBuys: new Map(),
  orders: new Map(),
  requests: new Map(),
  lastGroupBuyPk: 0,
  lastOrderPk: 0,
  rates: new Map(),
});

/** The spec's billingstatus of an order: 1 unpaid or partial, 2 paid off, 9 cancelled. */
export const billingStatusOf = (order: GroupBuyOrder): 1 | 2 | 9 | null => {
  switch (order.status) {
    case 'holding':
    case 'refused':
      return null;
    case 'ordered':
    case 'billing':
      return 1;
    case 'paid':
      return 2;
    case 'cancelled':
      return 9;
    default:
      return assertNever(order.status);
  }
};

/** What the member has paid and still owes, in cents. */
export const paidAndRemain = (order: GroupBuyOrder): { paidCents: number; remainCents: number } => {
  switch (order.status) {
    case 'paid':
      return { paidCents: order.totalCents, remainCents: 0 };
    case 'cancelled':
    case 'refused':
      return { paidCents: 0, remainCents: 0 };
    case 'holding':
      return { paidCents: 0, remainCents: order.totalCents };
    case 'ordered':
    case 'billing':
      return { paidCents: order.depositCents, remainCents: order.totalCents - order.depositCents };
    default:
      return assertNever(order.status);
  }
};

function placed(
  state: GroupBuyState,
  requestKey: string,
  fingerprint: string,
): GroupBuyEvent[] | Rejection<GroupBuyReason> | null {
  const seen = state.requests.get(requestKey);
  if (!seen) return null;
  return seen.fingerprint === fingerprint ? [] : reject('mismatch');
}

function decide(
  command: GroupBuyCommand,
  state: GroupBuyState,
  now: Date,
): GroupBuyEvent[] | Rejection<GroupBuyReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'OpenGroupBuy': {
      const fingerprint = `open:${command.website}:${command.currency}:${command.expiredAt.toISOString()}`;
      const repeat = placed(state, command.requestKey, fingerprint);
      if (repeat) return repeat;
      return [
        {
          type: 'GroupBuyOpened',
          data: {
            groupBuyPk: state.lastGroupBuyPk + 1,
            website: command.website,
            currency: command.currency,
            expiredAt: command.expiredAt.toISOString(),
            requestKey: command.requestKey,
            fingerprint,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'PlaceOrder': {
      const fingerprint = `order:${command.groupBuyPk}:${command.userPk}:${command.url}:${command.title}:${command.price}:${command.weight}:${command.quantity}`;
      const repeat = placed(state, command.requestKey, fingerprint);
      if (repeat) return repeat;
      const groupBuy = state.groupBuys.get(command.groupBuyPk);
      if (!groupBuy) return reject('notfound');
      if (groupBuy.status !== 'open') return reject('closed');
      const invalid = checkOrderFields(groupBuy.website, command);
      if (invalid) return reject(invalid);
      if (command.rate === null) return reject('no_rate');
      const price = unitPrice({
        price: command.price,
        weightLb: command.weight,
        rate: command.rate,
        title: command.title,
      });
      const totalNtd = price.unitPriceNtd * command.quantity;
      const split = orderSplit(totalNtd, command.isAdministrator);
      return [
        {
          type: 'GroupBuyOrderPlaced',
          data: {
            orderPk: state.lastOrderPk + 1,
            groupBuyPk: command.groupBuyPk,
            userPk: command.userPk,
            url: command.url.trim(),
            title: command.title.trim(),
            price: command.price.trim(),
            weight: command.weight.trim(),
            rate: command.rate,
            quantity: command.quantity,
            unitPriceCents: price.unitPriceNtd * 100,
            totalCents: totalNtd * 100,
            depositCents: split.depositNtd * 100,
            manual: false,
            requestKey: command.requestKey,
            fingerprint,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'AddManualOrder': {
      const fingerprint = `manual:${command.groupBuyPk}:${command.userPk}:${command.url}:${command.title}:${command.unitPriceNtd}:${command.totalNtd}:${command.quantity}`;
      const repeat = placed(state, command.requestKey, fingerprint);
      if (repeat) return repeat;
      const groupBuy = state.groupBuys.get(command.groupBuyPk);
      if (!groupBuy) return reject('notfound');
      if (groupBuy.status !== 'open') return reject('closed');
      if (command.title.trim() === '') return reject('title_required');
      if (!Number.isSafeInteger(command.quantity) || command.quantity < 1) return reject('quantity_invalid');
      const amountsValid = [command.unitPriceNtd, command.totalNtd].every(
        (amount) => Number.isSafeInteger(amount) && amount >= 0,
      );
      if (!amountsValid) return reject('amount_invalid');
      return [
        {
          type: 'GroupBuyOrderPlaced',
          data: {
            orderPk: state.lastOrderPk + 1,
            groupBuyPk: command.groupBuyPk,
            userPk: command.userPk,
            url: command.url.trim(),
            title: command.title.trim(),
            price: '',
            weight: command.weight.trim(),
            rate: null,
            quantity: command.quantity,
            unitPriceCents: command.unitPriceNtd * 100,
            totalCents: command.totalNtd * 100,
            // Added by an administrator: administrators pay no deposit.
            depositCents: 0,
            manual: true,
            requestKey: command.requestKey,
            fingerprint,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'ConfirmDeposit': {
      const order = state.orders.get(command.orderPk);
      if (!order) return reject('notfound');
      if (order.status !== 'holding') return [];
      return [
        { type: 'GroupBuyDepositHeld', data: { orderPk: order.orderPk, transferKey: command.transferKey } },
      ];
    }
    case 'RefuseOrder': {
      const order = state.orders.get(command.orderPk);
      if (!order) return reject('notfound');
      if (order.status !== 'holding') return [];
      return [{ type: 'GroupBuyOrderRefused', data: { orderPk: order.orderPk, reason: command.reason, at } }];
    }
    case 'CancelOrder': {
      const order = state.orders.get(command.orderPk);
      if (!order || order.status === 'refused' || order.status === 'holding') return reject('notfound');
      if (order.userPk !== command.actorPk && !command.isAdministrator) return reject('forbidden');
      // A retried cancel is a no-op: the refund follows once, by its transfer id.
      if (order.status === 'cancelled') return [];
      if (order.status !== 'ordered') return reject('not_cancellable');
      if (state.groupBuys.get(order.groupBuyPk)?.status !== 'open') return reject('closed');
      return [
        {
          type: 'GroupBuyOrderCancelled',
          data: { orderPk: order.orderPk, refundCents: order.depositCents, actorPk: command.actorPk, at },
        },
      ];
    }
    case 'CloseGroupBuy': {
      const groupBuy = state.groupBuys.get(command.groupBuyPk);
      if (!groupBuy) return reject('notfound');
      if (groupBuy.status === 'closed') return [];
      const hasOrders = [...state.orders.values()].some(
        (order) => order.groupBuyPk === groupBuy.pk && order.status !== 'refused',
      );
      if (!hasOrders) return reject('no_orders');
      return [{ type: 'GroupBuyClosed', data: { groupBuyPk: groupBuy.pk, actorPk: command.actorPk, at } }];
    }
    case 'SetRate': {
      const rate = positiveDecimal(command.rate);
      if (rate === null) return reject('rate_invalid');
      if (state.rates.get(command.currency) === command.rate.trim()) return [];
      return [
        {
          type: 'GroupBuyRateSet',
          data: { currency: command.currency, rate: command.rate.trim(), actorPk: command.actorPk, at },
        },
      ];
    }
    case 'RecordRemainder': {
      const order = state.orders.get(command.orderPk);
      if (!order) return reject('notfound');
      if (order.status !== 'billing') return [];
      if ('transferKey' in command.paid)
        return [
          {
            type: 'GroupBuyRemainderPaid',
            data: { orderPk: order.orderPk, transferKey: command.paid.transferKey, at },
          },
        ];
      if (order.remainderShort) return [];
      return [
        { type: 'GroupBuyRemainderShort', data: { orderPk: order.orderPk, reason: command.paid.short, at } },
      ];
    }
    default:
      return assertNever(command);
  }
}

function withOrder(state: GroupBuyState, order: GroupBuyOrder): GroupBuyState {
  const orders = new Map(state.orders);
  orders.set(order.orderPk, order);
  return { ...state, orders };
}

/** An order's status once its group buy has closed: an order still open is billed. */
const afterClosing = (state: GroupBuyState, order: GroupBuyOrder): GroupBuyOrder['status'] =>
  state.groupBuys.get(order.groupBuyPk)?.status === 'closed' ? 'billing' : 'ordered';

function evolve(state: GroupBuyState, event: GroupBuyEvent): GroupBuyState {
  switch (event.type) {
    case 'GroupBuyOpened': {
      const { data } = event;
      const groupBuys = new Map(state.groupBuys);
      groupBuys.set(data.groupBuyPk, {
        pk: data.groupBuyPk,
        website: data.website,
        currency: data.currency,
        expiredAt: data.expiredAt,
        createdAt: data.at,
        createdBy: data.actorPk,
        status: 'open',
      });
      const requests = new Map(state.requests);
      requests.set(data.requestKey, { fingerprint: data.fingerprint, pk: data.groupBuyPk });
      return { ...state, groupBuys, requests, lastGroupBuyPk: data.groupBuyPk };
    }
    case 'GroupBuyOrderPlaced': {
      const { data } = event;
      const requests = new Map(state.requests);
      requests.set(data.requestKey, { fingerprint: data.fingerprint, pk: data.orderPk });
      const order: GroupBuyOrder = {
        ...data,
        status: data.depositCents > 0 ? 'holding' : 'ordered',
        remainderShort: false,
        cancelledBy: null,
      };
      return { ...withOrder(state, order), requests, lastOrderPk: data.orderPk };
    }
    case 'GroupBuyDepositHeld': {
      const order = state.orders.get(event.data.orderPk);
      return order ? withOrder(state, { ...order, status: afterClosing(state, order) }) : state;
    }
    case 'GroupBuyOrderRefused': {
      const order = state.orders.get(event.data.orderPk);
      return order ? withOrder(state, { ...order, status: 'refused' }) : state;
    }
    case 'GroupBuyOrderCancelled': {
      const order = state.orders.get(event.data.orderPk);
      return order
        ? withOrder(state, { ...order, status: 'cancelled', cancelledBy: event.data.actorPk })
        : state;
    }
    case 'GroupBuyClosed': {
      const groupBuy = state.groupBuys.get(event.data.groupBuyPk);
      if (!groupBuy) return state;
      const groupBuys = new Map(state.groupBuys);
      groupBuys.set(groupBuy.pk, { ...groupBuy, status: 'closed' });
      const orders = new Map(state.orders);
      for (const order of state.orders.values())
        if (order.groupBuyPk === groupBuy.pk && order.status === 'ordered')
          orders.set(order.orderPk, { ...order, status: 'billing' });
      return { ...state, groupBuys, orders };
    }
    case 'GroupBuyRemainderPaid': {
      const order = state.orders.get(event.data.orderPk);
      return order ? withOrder(state, { ...order, status: 'paid', remainderShort: false }) : state;
    }
    case 'GroupBuyRateSet': {
      const rates = new Map(state.rates);
      rates.set(event.data.currency, event.data.rate);
      return { ...state, rates };
    }
    case 'GroupBuyRemainderShort': {
      const order = state.orders.get(event.data.orderPk);
      return order ? withOrder(state, { ...order, remainderShort: true }) : state;
    }
    default:
      return state;
  }
}

export const groupBuyDecider: Decider<GroupBuyCommand, GroupBuyEvent, GroupBuyState, GroupBuyReason> = {
  initialState: initialGroupBuyState,
  decide,
  evolve,
};

/** Ledger transfer ids of an order: each posted at most once, however often the service retries. */
export const orderTransferIds = (orderPk: number) => ({
  deposit: `groupbuy-order-${orderPk}:deposit`,
  refund: `groupbuy-order-${orderPk}:refund`,
  remainder: `groupbuy-order-${orderPk}:remainder`,
});
