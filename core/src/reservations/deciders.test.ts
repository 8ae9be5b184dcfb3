import { describe, expect, it } from 'vitest';
import { fold, isRejection } from '../decider.ts';
import type { ReservationEvent, SlotEvent } from './events.ts';
import { type ReservationCommand, type ReservationFacts, reservationDecider } from './reservation.ts';
import { bookableWindow, checkRange, slotName, slotsBetween } from './rules.ts';
import { type SlotCommand, slotDecider } from './slot-claim.ts';

// Monday 2026-11-23, 10:07 in Taipei.
const now = new Date('2026-11-23T10:07:00+08:00');

describe('reservation rules', () => {
  it('offers 15 days from today (Taipei)', () => {
    expect(bookableWindow(now)).toEqual({ first: '2026-11-23', end: '2026-12-08' });
    // 23:30 UTC on the 22nd is already the 23rd in Taipei.
    expect(bookableWindow(new Date('2026-11-22T23:30:00Z')).first).toBe('2026-11-23');
  });

  it('accepts half-hour ranges from 08:00 to 22:00 and names their slots', () => {
    const range = checkRange('2026-11-24', [720, 900], now);
    expect(range).toMatchObject({
      day: '2026-11-24',
      slots: ['202611241200', '202611241230', '202611241300', '202611241330', '202611241400', '202611241430'],
    });
    expect(!('rejected' in range) && range.start.toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(checkRange('2026-11-24', [480, 1320], now)).toMatchObject({ slots: expect.any(Array) });
    expect(slotsBetween(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-24T14:00:00Z'))).toHaveLength(28);
  });

  it('refuses ranges off the grid, empty, reversed or outside the hours as invalid', () => {
    for (const range of [
      [725, 900],
      [720, 720],
      [900, 720],
      [450, 600],
      [1260, 1350],
      [720.5, 900],
    ] as const)
      expect(checkRange('2026-11-24', range, now)).toEqual({ rejected: 'invalid' });
    expect(checkRange('2026-02-30', [720, 900], now)).toEqual({ rejected: 'invalid' });
    expect(checkRange('24-11-2026', [720, 900], now)).toEqual({ rejected: 'invalid' });
  });

  it('refuses days outside the 15 and ranges already over as outofrange', () => {
    expect(checkRange('2026-11-22', [720, 900], now)).toEqual({ rejected: 'outofrange' });
    expect(checkRange('2026-12-08', [720, 900], now)).toEqual({ rejected: 'outofrange' });
    expect(checkRange('2026-12-07', [720, 900], now)).not.toHaveProperty('rejected');
    // Today 08:00-10:00 has ended at 10:07; 09:30-10:30 has not.
    expect(checkRange('2026-11-23', [480, 600], now)).toEqual({ rejected: 'outofrange' });
    expect(checkRange('2026-11-23', [570, 630], now)).not.toHaveProperty('rejected');
  });

  it('names a slot by its Taipei wall-clock start', () => {
    expect(slotName(new Date('2026-11-23T16:30:00Z'))).toBe('202611240030');
  });
});

describe('slot claim decider', () => {
  const claimed = (reservationId: string): SlotEvent => ({
    type: 'SlotClaimed',
    data: { room: 'a', slot: '202611241200', reservationId },
  });
  const given = (events: SlotEvent[], command: SlotCommand) =>
    slotDecider.decide(command, fold(slotDecider, events), now);
  const claim = (reservationId: string, takeOverFrom?: string): SlotCommand => ({
    type: 'ClaimSlot',
    room: 'a',
    slot: '202611241200',
    reservationId,
    ...(takeOverFrom ? { takeOverFrom } : {}),
  });

  it('given a free slot, a claim takes it', () => {
    expect(given([], claim('r1'))).toEqual([claimed('r1')]);
  });
  it('given a slot held by another reservation, a claim is refused taken', () => {
    expect(given([claimed('r1')], claim('r2'))).toEqual({ rejected: 'taken', detail: { holder: 'r1' } });
  });
  it('given a slot held by the same reservation, a claim again is a no-op', () => {
    expect(given([claimed('r1')], claim('r1'))).toEqual([]);
  });
  it('given a released slot, another reservation may claim it', () => {
    const released: SlotEvent = { type: 'SlotReleased', data: claimed('r1').data };
    expect(given([claimed('r1'), released], claim('r2'))).toEqual([claimed('r2')]);
  });
  it('takes over only from the holder named', () => {
    expect(given([claimed('r1')], claim('r2', 'r1'))).toEqual([claimed('r2')]);
    expect(isRejection(given([claimed('r1')], claim('r2', 'r9')))).toBe(true);
  });
  it('releases only its own claim', () => {
    const release = (reservationId: string): SlotCommand => ({
      type: 'ReleaseSlot',
      room: 'a',
      slot: '202611241200',
      reservationId,
    });
    expect(given([claimed('r1')], release('r2'))).toEqual([]);
    expect(given([claimed('r1')], release('r1'))).toEqual([
      { type: 'SlotReleased', data: claimed('r1').data },
    ]);
  });
});

describe('reservation decider', () => {
  const facts: ReservationFacts = {
    id: 'r1',
    userPk: 101,
    staff: false,
    rooms: ['a', 'b'],
    start: '2026-11-24T04:00:00.000Z',
    end: '2026-11-24T07:00:00.000Z',
    comment: '',
  };
  const made: ReservationEvent = { type: 'ReservationMade', data: facts };
  const owner = { pk: 101, isStaff: false };
  const other = { pk: 102, isStaff: false };
  const staff = { pk: 103, isStaff: true };
  const body = { rooms: ['a'], start: facts.start, end: facts.end, comment: 'x' };
  const given = (events: ReservationEvent[], command: ReservationCommand) =>
    reservationDecider.decide(command, fold(reservationDecider, events), now);

  it('makes a reservation once; a retry is a no-op; the id for another person is a mismatch', () => {
    expect(given([], { type: 'MakeReservation', reservation: facts })).toEqual([made]);
    expect(given([made], { type: 'MakeReservation', reservation: facts })).toEqual([]);
    expect(given([made], { type: 'MakeReservation', reservation: { ...facts, userPk: 102 } })).toEqual({
      rejected: 'mismatch',
    });
  });

  it('lets the owner change it at the version they saw; an older version is stale (get-old-error)', () => {
    expect(
      given([made], { type: 'ChangeReservation', id: 'r1', actor: owner, seenVersion: 1, body }),
    ).toMatchObject([{ type: 'ReservationChanged', data: { rooms: ['a'], comment: 'x', byPk: 101 } }]);
    const changed: ReservationEvent = { type: 'ReservationChanged', data: { id: 'r1', byPk: 101, ...body } };
    expect(
      given([made, changed], { type: 'ChangeReservation', id: 'r1', actor: owner, seenVersion: 1, body }),
    ).toEqual({ rejected: 'stale' });
    expect(
      given([made, changed], { type: 'DeleteReservation', id: 'r1', actor: owner, seenVersion: 2 }),
    ).toEqual([{ type: 'ReservationDeleted', data: { id: 'r1', byPk: 101 } }]);
  });

  it('refuses someone else, and lets staff change only staff entries', () => {
    expect(given([made], { type: 'DeleteReservation', id: 'r1', actor: other, seenVersion: 1 })).toEqual({
      rejected: 'notowner',
    });
    expect(given([made], { type: 'DeleteReservation', id: 'r1', actor: staff, seenVersion: 1 })).toEqual({
      rejected: 'notowner',
    });
    const staffEntry: ReservationEvent = {
      type: 'ReservationMade',
      data: { ...facts, userPk: 104, staff: true },
    };
    expect(
      given([staffEntry], { type: 'DeleteReservation', id: 'r1', actor: staff, seenVersion: 1 }),
    ).toHaveLength(1);
  });

  it('refuses a deleted or unknown reservation', () => {
    const deleted: ReservationEvent = { type: 'ReservationDeleted', data: { id: 'r1', byPk: 101 } };
    expect(
      given([made, deleted], { type: 'ChangeReservation', id: 'r1', actor: owner, seenVersion: 2, body }),
    ).toEqual({ rejected: 'stale' });
    expect(given([], { type: 'DeleteReservation', id: 'r1', actor: owner, seenVersion: 1 })).toEqual({
      rejected: 'notfound',
    });
  });
});
