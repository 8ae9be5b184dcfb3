// Test helpers for reservations: a store with rooms, the requests of a race, and the check that no
// room-slot is held twice, read from the log itself (not from the service that wrote it).
import type { CommandContext } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { reservationDecider, type ReservationState } from './reservation.ts';
import { heldSlots, Reservations } from './service.ts';
import { fold } from '../decider.ts';
import type { ReservationEvent, SlotEvent } from './events.ts';
import { slotDecider, type SlotState } from './slot-claim.ts';

export const RACE_ROOMS = ['a', 'b', 'c'];

export const raceContext = (now: Date, commandId: string, actor = '0'): CommandContext => ({
  now,
  actor,
  correlationId: commandId,
  commandId,
});

export async function addRaceRooms(store: EventStore, now: Date): Promise<void> {
  const service = new Reservations(store);
  for (const key of RACE_ROOMS)
    await service.saveRoom({ key, space: '暗房', name: key.toUpperCase() }, raceContext(now, `room-${key}`));
}

/**
 * Every reservation and slot claim folded from the global log: which reservations are live, the
 * room-slots each holds, and each slot stream's holder. Throws nothing: the caller asserts.
 */
export async function foldLog(store: EventStore) {
  const reservationEvents = new Map<string, ReservationEvent[]>();
  const slotEvents = new Map<string, SlotEvent[]>();
  for (const event of await store.readAll()) {
    if (event.stream.startsWith('reservation-')) {
      const list = reservationEvents.get(event.stream) ?? [];
      list.push({ type: event.type, data: event.data } as ReservationEvent);
      reservationEvents.set(event.stream, list);
    } else if (event.stream.startsWith('reserve-slot-')) {
      const list = slotEvents.get(event.stream) ?? [];
      list.push({ type: event.type, data: event.data } as SlotEvent);
      slotEvents.set(event.stream, list);
    }
  }
  const reservations = new Map<string, ReservationState>();
  for (const [stream, events] of reservationEvents)
    reservations.set(stream.slice('reservation-'.length), fold(reservationDecider, events));
  const slots = new Map<string, SlotState>();
  for (const events of slotEvents.values()) {
    const { room, slot } = events[0]!.data;
    slots.set(`${room}|${slot}`, fold(slotDecider, events));
  }
  /** room|slot -> the live reservations whose own events say they hold it. */
  const holders = new Map<string, string[]>();
  for (const [id, state] of reservations) {
    if (state.status !== 'active') continue;
    for (const key of heldSlots(state.reservation)) holders.set(key, [...(holders.get(key) ?? []), id]);
  }
  return { reservations, slots, holders };
}
