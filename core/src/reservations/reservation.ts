// One reservation (stream reservation-{id}): made, changed, deleted. Only its owner changes or deletes it,
// or any staff member when it is a staff entry. A change or deletion names the version the person saw; if
// the reservation changed since, it is refused 'stale' (the spec's get-old-error) so nobody overwrites a
// change they have not seen. The room-slot claims are the service's business (service.ts).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { ReservationEvent } from './events.ts';

export interface ReservationBody {
  rooms: string[];
  start: string;
  end: string;
  comment: string;
}

export interface ReservationFacts extends ReservationBody {
  id: string;
  userPk: number;
  staff: boolean;
}

/** `version`: how many events the reservation has had (1 once made), as the page last saw it. */
export type ReservationState =
  | { status: 'none' }
  | { status: 'active'; reservation: ReservationFacts; version: number }
  | { status: 'deleted'; reservation: ReservationFacts; version: number };

export interface Actor {
  pk: number;
  isStaff: boolean;
}

export type ReservationCommand =
  | { type: 'MakeReservation'; reservation: ReservationFacts }
  | { type: 'ChangeReservation'; id: string; actor: Actor; seenVersion: number; body: ReservationBody }
  | { type: 'DeleteReservation'; id: string; actor: Actor; seenVersion: number };

/**
 * notfound: no such reservation; stale: it changed or was deleted since the person saw it (get-old-error);
 * notowner: not theirs; mismatch: the same id was used for a different reservation.
 */
export type ReservationRejection = 'notfound' | 'stale' | 'notowner' | 'mismatch';

const sameBody = (a: ReservationBody, b: ReservationBody) =>
  a.start === b.start && a.end === b.end && a.comment === b.comment && a.rooms.join() === b.rooms.join();

/** The owner, or any staff member for a staff entry. */
export const mayChange = (reservation: ReservationFacts, actor: Actor): boolean =>
  reservation.userPk === actor.pk || (reservation.staff && actor.isStaff);

export const reservationDecider: Decider<
  ReservationCommand,
  ReservationEvent,
  ReservationState,
  ReservationRejection
> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'MakeReservation': {
        const made = command.reservation;
        if (state.status !== 'none') {
          const first = state.reservation;
          // A retry of the same request changes nothing; the same id for something else is a mismatch.
          return first.userPk === made.userPk && first.staff === made.staff ? [] : reject('mismatch');
        }
        return [{ type: 'ReservationMade', data: { ...made, rooms: [...made.rooms] } }];
      }
      case 'ChangeReservation':
      case 'DeleteReservation': {
        if (state.status === 'none') return reject('notfound');
        if (!mayChange(state.reservation, command.actor)) return reject('notowner');
        if (state.status === 'deleted' || state.version !== command.seenVersion) return reject('stale');
        if (command.type === 'DeleteReservation')
          return [{ type: 'ReservationDeleted', data: { id: command.id, byPk: command.actor.pk } }];
        if (sameBody(state.reservation, command.body)) return [];
        return [
          {
            type: 'ReservationChanged',
            data: { id: command.id, byPk: command.actor.pk, ...command.body, rooms: [...command.body.rooms] },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ReservationMade': {
        const { id, userPk, staff, rooms, start, end, comment } = event.data;
        return {
          status: 'active',
          reservation: { id, userPk, staff, rooms, start, end, comment },
          version: 1,
        };
      }
      case 'ReservationChanged': {
        if (state.status !== 'active') return state;
        const { rooms, start, end, comment } = event.data;
        return {
          status: 'active',
          reservation: { ...state.reservation, rooms, start, end, comment },
          version: state.version + 1,
        };
      }
      case 'ReservationDeleted':
        if (state.status !== 'active') return state;
        return { status: 'deleted', reservation: state.reservation, version: state.version + 1 };
      default:
        return state;
    }
  },
};
