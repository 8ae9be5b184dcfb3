// The cart decider: one member's cart (stream cart-{userPk}). The estimators add their results (the
// items an estimate uses, each with a label such as '鋁框 16×20 in'); the counter sale picks them up and,
// once paid, takes them out (CartItemsSold). Adding is idempotent by the request's key (the group).
import { type Decider, reject, type Rejection } from '../decider.ts';
import type { CartEvent, CartItem } from './events.ts';

/** At most this many items wait in a cart. */
export const CART_MAX_ITEMS = 50;

export interface CartState {
  items: ReadonlyMap<string, CartItem & { group: string; addedAt: string }>;
  /** Groups added so far, with their fingerprints (idempotency of 'add'). */
  groups: ReadonlyMap<string, string>;
  /** Sales that already took their items out. */
  sales: ReadonlySet<string>;
}

export type CartCommand =
  | {
      type: 'AddToCart';
      userPk: number;
      group: string;
      items: Omit<CartItem, 'id'>[];
      fingerprint: string;
    }
  | { type: 'RemoveFromCart'; userPk: number; id: string }
  | { type: 'ClearCart'; userPk: number }
  | { type: 'MarkCartItemsSold'; userPk: number; saleId: string; ids: string[] };

export type CartReason = 'cart_full' | 'notfound' | 'mismatch';

function decide(command: CartCommand, state: CartState, now: Date): CartEvent[] | Rejection<CartReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'AddToCart': {
      const known = state.groups.get(command.group);
      if (known !== undefined) return known === command.fingerprint ? [] : reject('mismatch');
      if (state.items.size + command.items.length > CART_MAX_ITEMS) return reject('cart_full');
      const items = command.items.map((item, index) => ({ ...item, id: `${command.group}.${index}` }));
      return [
        {
          type: 'CartItemsAdded',
          data: { userPk: command.userPk, group: command.group, items, fingerprint: command.fingerprint, at },
        },
      ];
    }
    case 'RemoveFromCart':
      if (!state.items.has(command.id)) return reject('notfound');
      return [{ type: 'CartItemRemoved', data: { userPk: command.userPk, id: command.id, at } }];
    case 'ClearCart':
      if (state.items.size === 0) return [];
      return [{ type: 'CartCleared', data: { userPk: command.userPk, ids: [...state.items.keys()], at } }];
    case 'MarkCartItemsSold': {
      if (state.sales.has(command.saleId)) return [];
      const ids = command.ids.filter((id) => state.items.has(id));
      return [{ type: 'CartItemsSold', data: { userPk: command.userPk, saleId: command.saleId, ids, at } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown cart command ${JSON.stringify(unknown)}`);
    }
  }
}

const without = <Value>(items: ReadonlyMap<string, Value>, ids: readonly string[]): Map<string, Value> => {
  const next = new Map(items);
  for (const id of ids) next.delete(id);
  return next;
};

function evolve(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartItemsAdded': {
      const items = new Map(state.items);
      for (const item of event.data.items)
        items.set(item.id, { ...item, group: event.data.group, addedAt: event.data.at });
      return { ...state, items, groups: new Map(state.groups).set(event.data.group, event.data.fingerprint) };
    }
    case 'CartItemRemoved':
      return { ...state, items: without(state.items, [event.data.id]) };
    case 'CartCleared':
      return { ...state, items: without(state.items, event.data.ids) };
    case 'CartItemsSold':
      return {
        ...state,
        items: without(state.items, event.data.ids),
        sales: new Set(state.sales).add(event.data.saleId),
      };
    default:
      return state;
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState, CartReason> = {
  initialState: () => ({ items: new Map(), groups: new Map(), sales: new Set() }),
  decide,
  evolve,
};
