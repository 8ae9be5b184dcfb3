// Darkroom reservations (document 2: DarkroomReserve, GET /reserve/, POST and DELETE /reserve; the rules in
// sections 5, 6 and 9) and the staff's room list (not in the spec: docs/reservations.md). Members only
// (staff are members too).
import { z } from 'zod';
import { endpoint, failSchema, okSchema, personRefSchema, requestIdSchema } from './shared.ts';

/** A room or piece of equipment (document 2, section 3: key, space, name). */
export const roomSchema = z.object({
  key: z.string(),
  /** What kind of place or thing (暗房, 放大機, ...); the grid groups rooms by it. */
  space: z.string(),
  name: z.string(),
});

/**
 * A reservation (document 2, section 3). `room` lists the keys of every room it holds (one reservation
 * may hold several). `version` counts its changes: a change or deletion sends the version it saw.
 */
export const reservationRowSchema = z.object({
  pk: z.string(),
  room: z.array(z.string()),
  startmoment: z.string(),
  endmoment: z.string(),
  user: personRefSchema,
  /** A staff entry: shown grey, with its comment. */
  staff: z.boolean(),
  comment: z.string(),
  version: z.number(),
  /** The viewer may change or delete it (theirs, or a staff entry for staff). */
  editable: z.boolean(),
});

/** What GET /reserve/ answers and every POST and DELETE answers again (the refreshed data). */
export const reserveDataSchema = z.object({
  /** Taipei midnight of the first of the 15 days (ISO instant). */
  startDateMoment: z.string(),
  /** Reservations that end after the first day starts, by start. */
  reserveList: z.array(reservationRowSchema),
  roomList: z.array(roomSchema),
  /** The server's clock (ISO instant): the page greys the slots already past. */
  nowMoment: z.string(),
});

export const reservePage = endpoint({
  method: 'GET',
  path: '/reserve/',
  ok: okSchema.extend(reserveDataSchema.shape),
  fail: failSchema,
});

/**
 * `msg` of a refusal (document 2, section 7): conflict, a room-slot is held by another reservation
 * (`taken` lists them as 'room|YYYYMMDDHHmm'); get-old-error, the reservation changed or went since the
 * page loaded. Other reasons: invalid (not on the 08:00-22:00 half-hour grid), outofrange (not one of
 * the 15 days, or already over), noroom, notowner, forbidden (a staff entry from a non-staff member),
 * mismatch (the request id was used for another reservation).
 */
export const reserveMsgSchema = z.enum(['conflict', 'get-old-error']);
export const reserveReasons = [
  'conflict',
  'notfound',
  'stale',
  'invalid',
  'outofrange',
  'noroom',
  'notowner',
  'forbidden',
  'mismatch',
] as const;

export const reserveFailSchema = failSchema.extend({
  msg: reserveMsgSchema.optional(),
  taken: z.array(z.string()).optional(),
  ...reserveDataSchema.partial().shape,
});

export const makeReservation = endpoint({
  method: 'POST',
  path: '/reserve',
  body: z.object({
    /** 'new', or the pk of the viewer's reservation to change. */
    pk: z.string().min(1).max(40),
    /** With a pk: the version the page showed. */
    version: z.number().int().positive().optional(),
    /** 'YYYY-MM-DD', Taipei. */
    date: z.string().max(10),
    /** [from, to) in minutes since midnight, 480 to 1320 in steps of 30. */
    hourRange: z.tuple([z.number(), z.number()]),
    roomList: z.array(z.string().max(40)).max(50),
    comment: z.string().max(200).optional(),
    /** Staff only: a staff entry (grey, with its comment). */
    staff: z.boolean().optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ pk: z.string(), ...reserveDataSchema.shape }),
  fail: reserveFailSchema,
});

export const deleteReservation = endpoint({
  method: 'DELETE',
  path: '/reserve',
  body: z.object({
    pk: z.string().min(1).max(40),
    version: z.number().int().positive(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend(reserveDataSchema.shape),
  fail: reserveFailSchema,
});

/** Staff add or rename a room (the key stays; lowercase letters, digits and '_'). */
export const saveRoom = endpoint({
  method: 'POST',
  path: '/admin/reserve/room',
  body: z.object({
    key: z.string().regex(/^[a-z0-9][a-z0-9_]{0,31}$/),
    space: z.string().trim().min(1).max(40),
    name: z.string().trim().min(1).max(40),
  }),
  ok: okSchema.extend({ roomList: z.array(roomSchema) }),
  fail: failSchema,
});

/** Staff remove a room: it can no longer be booked; its reservations stay. */
export const removeRoom = endpoint({
  method: 'DELETE',
  path: '/admin/reserve/room/:key',
  params: z.object({ key: z.string().regex(/^[a-z0-9][a-z0-9_]{0,31}$/) }),
  ok: okSchema.extend({ roomList: z.array(roomSchema) }),
  fail: failSchema,
});
