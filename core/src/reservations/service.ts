// The reservations application service. A reservation holds each of its room-slots through a claim stream
// (slot-claim.ts): it claims the slots first, in one fixed order, then writes its own stream; a change
// claims the slots it gains, writes the change, then releases the slots it gives up; a deletion writes the
// deletion, then releases. When a claim is refused the slots this call took are released again, so a
// refused request holds nothing. Only the port's append with expected revisions is used, so the rule holds
// on both event stores and across processes (docs/reservations.md).
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import { deterministicUuid, newId } from '../ids.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type Room,
  ROOMS_STREAM,
  reservationEventSchema,
  reservationStream,
  roomEventSchema,
  slotEventSchema,
  slotStream,
} from './events.ts';
import {
  type Actor,
  mayChange,
  type ReservationBody,
  type ReservationRejection,
  type ReservationState,
  reservationDecider,
} from './reservation.ts';
import { roomsDecider } from './rooms.ts';
import { checkRange, type RangeRejection, roomSlots, slotsBetween } from './rules.ts';
import { slotDecider } from './slot-claim.ts';

/**
 * A claim whose reservation does not hold the slot this long after the claim was written was left by a
 * crash (between a claim and the reservation's event, or before a release) and may be taken over.
 */
export const ABANDONED_CLAIM_MS = 60_000;
/** How often, and how far apart, a claim waits for a holder still in flight before it gives up. */
const IN_FLIGHT_WAITS = 40;
const IN_FLIGHT_WAIT_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReserveRequest {
  actor: Actor;
  /** A staff entry (only staff may make one). */
  staffEntry: boolean;
  rooms: string[];
  /** 'YYYY-MM-DD', Taipei. */
  day: string;
  /** Minutes since Taipei midnight, [from, to). */
  hourRange: readonly [number, number];
  comment: string;
}

/**
 * conflict: a room-slot is held by another reservation (`taken` lists them as 'room|slotname');
 * noroom: a room is unknown or removed; forbidden: a staff entry asked for by someone who is not staff.
 */
export type ReserveRejection = RangeRejection | ReservationRejection | 'conflict' | 'noroom' | 'forbidden';

export type ReserveAnswer =
  | { ok: true; id: string; position: number }
  | { ok: false; reason: ReserveRejection; taken?: string[] };

const refuse = (reason: ReserveRejection, taken?: string[]): ReserveAnswer =>
  taken ? { ok: false, reason, taken } : { ok: false, reason };

/** A reservation's id from the request's idempotency key: a retried request finds its first result. */
export const reservationIdOf = (userPk: number, commandId: string): string =>
  `r${deterministicUuid(`reservation ${userPk} ${commandId}`).replace(/-/g, '').slice(0, 19)}`;

/** The room-slot keys a reservation holds. */
export const heldSlots = (body: ReservationBody): string[] =>
  roomSlots(body.rooms, slotsBetween(new Date(body.start), new Date(body.end)));

const splitKey = (key: string): [string, string] => {
  const at = key.indexOf('|');
  return [key.slice(0, at), key.slice(at + 1)];
};

export class Reservations {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  async rooms(): Promise<Map<string, Room>> {
    return (await loadState(this.store, ROOMS_STREAM, roomsDecider, this.cache)).state.rooms;
  }

  async saveRoom(room: Room, context: CommandContext) {
    return handleCommand(this.store, ROOMS_STREAM, roomsDecider, { type: 'SaveRoom', room }, context, {
      cache: this.cache,
      schema: roomEventSchema,
      deciderIsIdempotent: true,
    });
  }

  async removeRoom(key: string, context: CommandContext) {
    return handleCommand(this.store, ROOMS_STREAM, roomsDecider, { type: 'RemoveRoom', key }, context, {
      cache: this.cache,
      schema: roomEventSchema,
      deciderIsIdempotent: true,
    });
  }

  /** Makes a new reservation; its id derives from `context.commandId` (a retry answers the first result). */
  async make(request: ReserveRequest, context: CommandContext): Promise<ReserveAnswer> {
    const commandId = context.commandId ?? newId();
    const id = reservationIdOf(request.actor.pk, commandId);
    if (request.staffEntry && !request.actor.isStaff) return refuse('forbidden');
    const body = await this.checkBody(request, context.now);
    if ('rejected' in body) return refuse(body.rejected);
    const claimed = await this.claimAll(id, heldSlots(body), { ...context, commandId });
    if (!claimed.ok) return refuse('conflict', claimed.taken);
    const made = await handleCommand(
      this.store,
      reservationStream(id),
      reservationDecider,
      {
        type: 'MakeReservation',
        reservation: { id, userPk: request.actor.pk, staff: request.staffEntry, ...body },
      },
      { ...context, commandId },
      { cache: this.cache, schema: reservationEventSchema, deciderIsIdempotent: true },
    );
    if (!made.ok) {
      await this.releaseAll(id, claimed.keys, { ...context, commandId });
      return refuse(made.rejection.rejected);
    }
    return { ok: true, id, position: made.position };
  }

  /** Changes a reservation the actor saw at `seenVersion`. */
  async change(
    id: string,
    seenVersion: number,
    request: ReserveRequest,
    context: CommandContext,
  ): Promise<ReserveAnswer> {
    const commandId = context.commandId ?? newId();
    const ctx = { ...context, commandId };
    const current = await this.load(id);
    const early = this.checkChangeable(current, request.actor, seenVersion);
    if (early) return refuse(early);
    if (current.status !== 'active') throw new Error('unreachable: checked above');
    const body = await this.checkBody(request, context.now);
    if ('rejected' in body) return refuse(body.rejected);
    const before = new Set(heldSlots(current.reservation));
    const after = heldSlots(body);
    const afterSet = new Set(after);
    const claimed = await this.claimAll(
      id,
      after.filter((key) => !before.has(key)),
      ctx,
    );
    if (!claimed.ok) return refuse('conflict', claimed.taken);
    const changed = await handleCommand(
      this.store,
      reservationStream(id),
      reservationDecider,
      { type: 'ChangeReservation', id, actor: request.actor, seenVersion, body },
      ctx,
      { cache: this.cache, schema: reservationEventSchema, deciderIsIdempotent: true },
    );
    if (!changed.ok) {
      await this.releaseAll(id, claimed.keys, ctx);
      return refuse(changed.rejection.rejected);
    }
    await this.releaseAll(
      id,
      [...before].filter((key) => !afterSet.has(key)),
      ctx,
    );
    return { ok: true, id, position: changed.position };
  }

  /** Deletes a reservation the actor saw at `seenVersion`, then frees its slots. */
  async delete(
    id: string,
    seenVersion: number,
    actor: Actor,
    context: CommandContext,
  ): Promise<ReserveAnswer> {
    const ctx = { ...context, commandId: context.commandId ?? newId() };
    const deleted = await handleCommand(
      this.store,
      reservationStream(id),
      reservationDecider,
      { type: 'DeleteReservation', id, actor, seenVersion },
      ctx,
      { cache: this.cache, schema: reservationEventSchema, deciderIsIdempotent: true },
    );
    if (!deleted.ok) return refuse(deleted.rejection.rejected);
    if (deleted.state.status !== 'deleted')
      throw new Error(`reservation ${id} is not deleted after deleting`);
    await this.releaseAll(id, heldSlots(deleted.state.reservation), ctx);
    return { ok: true, id, position: deleted.position };
  }

  private async load(id: string): Promise<ReservationState> {
    return (await loadState(this.store, reservationStream(id), reservationDecider, this.cache)).state;
  }

  private checkChangeable(
    state: ReservationState,
    actor: Actor,
    seenVersion: number,
  ): ReserveRejection | null {
    if (state.status === 'none') return 'notfound';
    if (!mayChange(state.reservation, actor)) return 'notowner';
    if (state.status === 'deleted' || state.version !== seenVersion) return 'stale';
    return null;
  }

  /** The request's rooms and range checked, as a reservation body (rooms sorted, without repeats). */
  private async checkBody(
    request: ReserveRequest,
    now: Date,
  ): Promise<ReservationBody | { rejected: ReserveRejection }> {
    const range = checkRange(request.day, request.hourRange, now);
    if ('rejected' in range) return range;
    const rooms = [...new Set(request.rooms)].sort();
    if (rooms.length === 0) return { rejected: 'invalid' };
    const known = await this.rooms();
    if (rooms.some((key) => !known.has(key))) return { rejected: 'noroom' };
    return {
      rooms,
      start: range.start.toISOString(),
      end: range.end.toISOString(),
      comment: request.comment.trim().slice(0, 200),
    };
  }

  /**
   * Claims the room-slots one after the other in sorted order (two requests wanting the same slots meet at
   * the first one they share, so one of them gets all, rather than each a part). On a refusal it releases
   * what it claimed and lists every slot of the request that another reservation holds.
   */
  private async claimAll(
    id: string,
    keys: string[],
    context: CommandContext & { commandId: string },
  ): Promise<{ ok: true; keys: string[] } | { ok: false; taken: string[] }> {
    const claimed: string[] = [];
    for (const key of [...keys].sort()) {
      if (await this.claim(id, key, context)) {
        claimed.push(key);
        continue;
      }
      await this.releaseAll(id, claimed, context);
      const taken: string[] = [];
      for (const other of keys) if (!(await this.isFreeFor(id, other, context.now))) taken.push(other);
      return { ok: false, taken: taken.length > 0 ? taken : [key] };
    }
    return { ok: true, keys: claimed };
  }

  /** True once `id` holds the slot (claimed now, or already), taking over an abandoned claim. */
  private async claim(
    id: string,
    key: string,
    context: CommandContext & { commandId: string },
  ): Promise<boolean> {
    const [room, slot] = splitKey(key);
    const stream = slotStream(room, slot);
    const claimContext = { ...context, commandId: deterministicUuid(`${context.commandId} claim ${key}`) };
    const options = { cache: this.cache, schema: slotEventSchema, deciderIsIdempotent: true };
    const command = { type: 'ClaimSlot' as const, room, slot, reservationId: id };
    let result = await handleCommand(this.store, stream, slotDecider, command, claimContext, options);
    for (let wait = 1; !result.ok; wait++) {
      const holder = result.rejection.detail?.holder;
      if (typeof holder !== 'string') return false;
      const claim = await this.claimStatus(holder, key, context.now);
      if (claim === 'held') return false;
      if (claim === 'in_flight') {
        // The holder is still being written, or is undoing its own refusal: its outcome decides ours, so
        // wait for it rather than refuse a slot that may be free in a moment. Claims go in one order, so
        // waits cannot form a cycle; the bound covers a holder that crashed (abandoned after a minute).
        if (wait > IN_FLIGHT_WAITS) return false;
        await sleep(IN_FLIGHT_WAIT_MS * Math.min(wait, 4));
        result = await handleCommand(this.store, stream, slotDecider, command, claimContext, options);
        continue;
      }
      result = await handleCommand(
        this.store,
        stream,
        slotDecider,
        { ...command, takeOverFrom: holder },
        { ...claimContext, commandId: deterministicUuid(`${claimContext.commandId} takeover ${holder}`) },
        options,
      );
    }
    // Read back (a replayed event id, for one, writes nothing): the claim counts only if it is ours now.
    return result.state.status === 'held' && result.state.reservationId === id;
  }

  /** Whether the slot is free, held by `id`, or abandoned (for listing what a refused request lacked). */
  private async isFreeFor(id: string, key: string, now: Date): Promise<boolean> {
    const [room, slot] = splitKey(key);
    const { state } = await loadState(this.store, slotStream(room, slot), slotDecider, this.cache);
    if (state.status === 'free' || state.reservationId === id) return true;
    return (await this.claimStatus(state.reservationId, key, now)) === 'abandoned';
  }

  /**
   * What another reservation's claim on a slot is: held (its reservation holds the slot), in flight (it
   * does not, and the claim is recent: a request still being written, or undoing a refusal), or abandoned
   * (it does not, and the claim is over a minute old: left by a crash).
   */
  private async claimStatus(
    holder: string,
    key: string,
    now: Date,
  ): Promise<'held' | 'in_flight' | 'abandoned'> {
    const reservation = await this.load(holder);
    if (reservation.status === 'active' && heldSlots(reservation.reservation).includes(key)) return 'held';
    const [room, slot] = splitKey(key);
    const [last] = await this.store.readStream(slotStream(room, slot), {
      direction: 'backwards',
      maxCount: 1,
    });
    if (!last) return 'abandoned';
    const age = now.getTime() - new Date(last.metadata.time).getTime();
    return age > ABANDONED_CLAIM_MS ? 'abandoned' : 'in_flight';
  }

  private async releaseAll(id: string, keys: string[], context: CommandContext & { commandId: string }) {
    for (const key of keys) {
      const [room, slot] = splitKey(key);
      await handleCommand(
        this.store,
        slotStream(room, slot),
        slotDecider,
        { type: 'ReleaseSlot', room, slot, reservationId: id },
        { ...context, commandId: deterministicUuid(`${context.commandId} release ${key}`) },
        { cache: this.cache, schema: slotEventSchema, deciderIsIdempotent: true },
      );
    }
  }
}
