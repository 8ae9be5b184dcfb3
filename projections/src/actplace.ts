// The room-booking helper's read model (AdminActPlace): every wish with its state, and every booking
// result newest last (orderAllList).
import type { ActPlaceEvent } from '@club/core/actplace/events';
import { actplaceEventTypes } from '@club/core/actplace/events';
import type { Projection } from './runner.ts';

export interface ActPlaceWishRow {
  wishId: string;
  date: string;
  timeslot: string;
  name: string;
  ntup: number;
  choicelist: string[];
  status: 'pending' | 'sent' | 'booked' | 'failed' | 'withdrawn';
  room: string | null;
  byPk: number;
  addedAt: string;
}

export interface ActPlaceOrderRow {
  wishId: string;
  requestId: string;
  outcome: string;
  room: string | null;
  tried: { room: string; answer: string }[];
  at: string;
}

export interface ActPlaceModel {
  wishes: Map<string, ActPlaceWishRow>;
  orders: ActPlaceOrderRow[];
}

export const actplaceProjection: Projection<ActPlaceModel> = {
  handles: new Set(actplaceEventTypes),
  initial: () => ({ wishes: new Map(), orders: [] }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ActPlaceEvent;
    switch (event.type) {
      case 'ActPlaceWishAdded': {
        const { byPk, ...wish } = event.data;
        model.wishes.set(wish.wishId, {
          ...wish,
          status: 'pending',
          room: null,
          byPk,
          addedAt: recorded.metadata.time,
        });
        break;
      }
      case 'ActPlaceWishWithdrawn': {
        const row = model.wishes.get(event.data.wishId);
        if (row) row.status = 'withdrawn';
        break;
      }
      case 'ActPlaceBookingSent': {
        const row = model.wishes.get(event.data.wishId);
        if (row) row.status = 'sent';
        break;
      }
      case 'ActPlaceBookingResult': {
        const row = model.wishes.get(event.data.wishId);
        if (row) {
          row.status =
            event.data.outcome === 'booked'
              ? 'booked'
              : event.data.outcome === 'unreachable'
                ? 'pending'
                : 'failed';
          row.room = event.data.room;
        }
        model.orders.push({
          wishId: event.data.wishId,
          requestId: event.data.requestId,
          outcome: event.data.outcome,
          room: event.data.room,
          tried: event.data.tried,
          at: recorded.metadata.time,
        });
        break;
      }
    }
    return model;
  },
};
