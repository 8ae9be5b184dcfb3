// One wish's life (stream actplace-wish-{wishId}): pending -> sent -> booked | failed; a wish whose host
// could not be reached goes back to pending, so the next run tries it again. Staff may withdraw a wish
// that is not sent.
import { assertNever, type Decider, reject } from '../decider.ts';
import { taipeiDate } from '../semester.ts';
import type { ActPlaceEvent, BookingOutcome, Wish } from './events.ts';
import { MAX_CHOICES, roomOffers } from './rules.ts';

export type WishState =
  | { status: 'none' }
  | { status: 'pending'; wish: Wish; attempts: number }
  | { status: 'sent'; wish: Wish; attempts: number; requestId: string }
  | { status: 'booked'; wish: Wish; room: string }
  | { status: 'failed'; wish: Wish; outcome: BookingOutcome }
  | { status: 'withdrawn'; wish: Wish };

export type WishCommand =
  | { type: 'Add'; wish: Wish; byPk: number }
  | { type: 'Withdraw'; byPk: number }
  | { type: 'Send'; requestId: string }
  | {
      type: 'RecordResult';
      requestId: string;
      outcome: BookingOutcome;
      room: string | null;
      tried: { room: string; answer: string }[];
      error?: string;
    };

/**
 * 'past': the date is today or before (the booking is for days to come); 'choices': no room, more than 6,
 * or one twice; 'room': a room that does not exist or is not lent in that slot; 'name': no activity name;
 * 'exists': the wish id is taken; 'notpending': only a pending wish can be withdrawn or sent.
 */
export type WishRejection = 'past' | 'choices' | 'room' | 'name' | 'exists' | 'notpending';

export const wishDecider: Decider<WishCommand, ActPlaceEvent, WishState, WishRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, now) {
    switch (command.type) {
      case 'Add': {
        const { wish } = command;
        if (state.status !== 'none') return reject('exists');
        if (wish.name.trim() === '') return reject('name');
        if (wish.date <= taipeiDate(now)) return reject('past');
        const { choicelist } = wish;
        if (choicelist.length === 0 || choicelist.length > MAX_CHOICES) return reject('choices');
        if (new Set(choicelist).size !== choicelist.length) return reject('choices');
        if (!choicelist.every((room) => roomOffers(room, wish.timeslot))) return reject('room');
        return [{ type: 'ActPlaceWishAdded', data: { ...wish, byPk: command.byPk } }];
      }
      case 'Withdraw':
        if (state.status !== 'pending') return reject('notpending');
        return [{ type: 'ActPlaceWishWithdrawn', data: { wishId: state.wish.wishId, byPk: command.byPk } }];
      case 'Send':
        if (state.status === 'sent' && state.requestId === command.requestId) return [];
        if (state.status !== 'pending') return reject('notpending');
        return [
          {
            type: 'ActPlaceBookingSent',
            data: { wishId: state.wish.wishId, requestId: command.requestId, attempt: state.attempts + 1 },
          },
        ];
      case 'RecordResult':
        // A result of another send (or one recorded already) changes nothing.
        if (state.status !== 'sent' || state.requestId !== command.requestId) return [];
        return [
          {
            type: 'ActPlaceBookingResult',
            data: {
              wishId: state.wish.wishId,
              requestId: command.requestId,
              outcome: command.outcome,
              room: command.room,
              tried: command.tried,
              ...(command.error ? { error: command.error } : {}),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ActPlaceWishAdded': {
        const { byPk: _byPk, ...wish } = event.data;
        return { status: 'pending', wish, attempts: 0 };
      }
      case 'ActPlaceWishWithdrawn':
        return state.status === 'none' ? state : { status: 'withdrawn', wish: state.wish };
      case 'ActPlaceBookingSent':
        return state.status === 'pending'
          ? {
              status: 'sent',
              wish: state.wish,
              attempts: event.data.attempt,
              requestId: event.data.requestId,
            }
          : state;
      case 'ActPlaceBookingResult': {
        if (state.status !== 'sent') return state;
        const { outcome, room } = event.data;
        if (outcome === 'booked' && room !== null) return { status: 'booked', wish: state.wish, room };
        // The host never got the job: the wish waits for the next run.
        if (outcome === 'unreachable')
          return { status: 'pending', wish: state.wish, attempts: state.attempts };
        return { status: 'failed', wish: state.wish, outcome };
      }
      default:
        return state;
    }
  },
};
