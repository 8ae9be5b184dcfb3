// The rooms and equipment one can reserve (stream reserve-rooms), managed by staff. A removed room keeps
// its reservations (they stay in the log and the read model) but can no longer be booked.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { Room, RoomEvent } from './events.ts';

export interface RoomsState {
  rooms: Map<string, Room>;
}

export type RoomsCommand = { type: 'SaveRoom'; room: Room } | { type: 'RemoveRoom'; key: string };

export const roomsDecider: Decider<RoomsCommand, RoomEvent, RoomsState, 'notfound'> = {
  initialState: () => ({ rooms: new Map() }),
  decide(command, state) {
    switch (command.type) {
      case 'SaveRoom': {
        const known = state.rooms.get(command.room.key);
        if (known && known.space === command.room.space && known.name === command.room.name) return [];
        return [{ type: 'RoomSaved', data: { ...command.room } }];
      }
      case 'RemoveRoom':
        if (!state.rooms.has(command.key)) return reject('notfound');
        return [{ type: 'RoomRemoved', data: { key: command.key } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    const rooms = new Map(state.rooms);
    switch (event.type) {
      case 'RoomSaved':
        rooms.set(event.data.key, event.data);
        return { rooms };
      case 'RoomRemoved':
        rooms.delete(event.data.key);
        return { rooms };
      default:
        return state;
    }
  },
};
