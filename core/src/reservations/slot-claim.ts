// The claim on one room's half-hour slot (stream reserve-slot-{room}-{slot}). Its first claim is appended
// with "no stream" and every later one with the revision it was decided on, so of two reservations racing
// for a slot (in one process or several, on either event store) exactly one gets it; the other decides
// again and is refused 'taken'. A released slot can be claimed again.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { SlotEvent } from './events.ts';

export type SlotState = { status: 'free' } | { status: 'held'; reservationId: string };

export type SlotCommand =
  | {
      type: 'ClaimSlot';
      room: string;
      slot: string;
      reservationId: string;
      /**
       * Take the slot over from this holder: the service found its claim abandoned (a crash between the
       * claim and the reservation's own event, or a release that never ran).
       */
      takeOverFrom?: string;
    }
  | { type: 'ReleaseSlot'; room: string; slot: string; reservationId: string };

export const slotDecider: Decider<SlotCommand, SlotEvent, SlotState, 'taken'> = {
  initialState: () => ({ status: 'free' }),
  decide(command, state) {
    const data = { room: command.room, slot: command.slot, reservationId: command.reservationId };
    switch (command.type) {
      case 'ClaimSlot':
        if (state.status === 'held') {
          if (state.reservationId === command.reservationId) return [];
          if (state.reservationId !== command.takeOverFrom)
            return reject('taken', { holder: state.reservationId });
        }
        return [{ type: 'SlotClaimed', data }];
      case 'ReleaseSlot':
        if (state.status !== 'held' || state.reservationId !== command.reservationId) return [];
        return [{ type: 'SlotReleased', data }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SlotClaimed':
        return { status: 'held', reservationId: event.data.reservationId };
      case 'SlotReleased':
        return { status: 'free' };
      default:
        return state;
    }
  },
};
