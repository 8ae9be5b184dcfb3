// The reservations read model (document 2: GET /reserve/): the rooms one can book and every live
// reservation with its version (how many events it has had), which a change or deletion names so that a
// change nobody saw is refused (get-old-error).
import {
  RESERVATION_EVENT_TYPES,
  type ReservationEvent,
  ROOM_EVENT_TYPES,
  type Room,
  type RoomEvent,
} from '@club/core/reservations/events';
import type { Projection } from './runner.ts';

export interface ReservationRow {
  id: string;
  userPk: number;
  staff: boolean;
  rooms: string[];
  start: string;
  end: string;
  comment: string;
  version: number;
}

export interface ReservationsModel {
  /** Bookable rooms in the order staff first saved them. */
  rooms: Map<string, Room>;
  /** Live (not deleted) reservations by id. */
  reservations: Map<string, ReservationRow>;
  /** Versions of every reservation ever made, deleted ones included. */
  versions: Map<string, number>;
}

const handles = new Set<string>([...ROOM_EVENT_TYPES, ...RESERVATION_EVENT_TYPES]);

export const reservationsProjection: Projection<ReservationsModel> = {
  handles,
  initial: () => ({ rooms: new Map(), reservations: new Map(), versions: new Map() }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as RoomEvent | ReservationEvent;
    switch (event.type) {
      case 'RoomSaved':
        model.rooms.set(event.data.key, { ...event.data });
        break;
      case 'RoomRemoved':
        model.rooms.delete(event.data.key);
        break;
      case 'ReservationMade': {
        const { id, userPk, staff, rooms, start, end, comment } = event.data;
        model.versions.set(id, 1);
        model.reservations.set(id, { id, userPk, staff, rooms, start, end, comment, version: 1 });
        break;
      }
      case 'ReservationChanged': {
        const row = model.reservations.get(event.data.id);
        if (!row) break;
        const version = row.version + 1;
        model.versions.set(row.id, version);
        const { rooms, start, end, comment } = event.data;
        model.reservations.set(row.id, { ...row, rooms, start, end, comment, version });
        break;
      }
      case 'ReservationDeleted': {
        const row = model.reservations.get(event.data.id);
        if (!row) break;
        model.versions.set(row.id, row.version + 1);
        model.reservations.delete(row.id);
        break;
      }
      default:
        break;
    }
    return model;
  },
};
