// Darkroom reservations (document 2: DarkroomReserve). Three kinds of stream:
//   reserve-rooms                  the rooms and equipment staff manage (key, space, name);
//   reservation-{id}               one reservation: who, which rooms, when, and its changes;
//   reserve-slot-{room}-{slot}     the claim on one room's half-hour slot, so two reservations can never
//                                  hold it at once, whichever process writes (docs/reservations.md).
import { z } from 'zod';

export const ROOMS_STREAM = 'reserve-rooms';
export const reservationStream = (id: string): string => `reservation-${id}`;
/** `slot` is the slot's Taipei start as 'YYYYMMDDHHmm'. */
export const slotStream = (roomKey: string, slot: string): string => `reserve-slot-${roomKey}-${slot}`;

/** A room's key: short, safe in a stream name. */
export const roomKeySchema = z.string().regex(/^[a-z0-9][a-z0-9_]{0,31}$/);

const roomSchema = z.object({
  key: roomKeySchema,
  /** What kind of place or thing it is (for example 暗房, 設備); rooms are grouped by it. */
  space: z.string().min(1).max(40),
  name: z.string().min(1).max(40),
});

export const roomSavedSchema = z.object({ type: z.literal('RoomSaved'), data: roomSchema });
export const roomRemovedSchema = z.object({
  type: z.literal('RoomRemoved'),
  data: z.object({ key: roomKeySchema }),
});

const reservationBody = z.object({
  /** Room keys, sorted, at least one. */
  rooms: z.array(roomKeySchema).min(1),
  /** ISO instants; half-hour boundaries in Taipei, same day, 08:00 to 22:00. */
  start: z.string(),
  end: z.string(),
  comment: z.string().max(200),
});

export const reservationMadeSchema = z.object({
  type: z.literal('ReservationMade'),
  data: reservationBody.extend({
    id: z.string(),
    userPk: z.number().int().positive(),
    /** A staff entry (a class, maintenance): shown grey with its comment. */
    staff: z.boolean(),
  }),
});
export const reservationChangedSchema = z.object({
  type: z.literal('ReservationChanged'),
  data: reservationBody.extend({ id: z.string(), byPk: z.number().int().positive() }),
});
export const reservationDeletedSchema = z.object({
  type: z.literal('ReservationDeleted'),
  data: z.object({ id: z.string(), byPk: z.number().int().positive() }),
});

export const slotClaimedSchema = z.object({
  type: z.literal('SlotClaimed'),
  data: z.object({ room: roomKeySchema, slot: z.string(), reservationId: z.string() }),
});
export const slotReleasedSchema = z.object({
  type: z.literal('SlotReleased'),
  data: z.object({ room: roomKeySchema, slot: z.string(), reservationId: z.string() }),
});

export const roomEventSchema = z.discriminatedUnion('type', [roomSavedSchema, roomRemovedSchema]);
export const reservationEventSchema = z.discriminatedUnion('type', [
  reservationMadeSchema,
  reservationChangedSchema,
  reservationDeletedSchema,
]);
export const slotEventSchema = z.discriminatedUnion('type', [slotClaimedSchema, slotReleasedSchema]);

export type Room = z.infer<typeof roomSchema>;
export type RoomEvent = z.infer<typeof roomEventSchema>;
export type ReservationEvent = z.infer<typeof reservationEventSchema>;
export type SlotEvent = z.infer<typeof slotEventSchema>;

export const ROOM_EVENT_TYPES = new Set<string>(['RoomSaved', 'RoomRemoved']);
export const RESERVATION_EVENT_TYPES = new Set<string>([
  'ReservationMade',
  'ReservationChanged',
  'ReservationDeleted',
]);
