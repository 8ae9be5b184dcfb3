import { describe, expect, it } from 'vitest';
import { fold, isRejection } from '../decider.ts';
import { wishDecider } from './decider.ts';
import type { ActPlaceEvent, Wish } from './events.ts';
import { msUntilNextOpening } from './rules.ts';

const now = new Date('2026-11-23T09:00:00+08:00');
const wish: Wish = {
  wishId: 'w1',
  date: '2026-11-30',
  timeslot: 'evening',
  name: '暗房講座',
  ntup: 30,
  choicelist: ['sac-101', 'gen-101'],
};
const added: ActPlaceEvent = { type: 'ActPlaceWishAdded', data: { ...wish, byPk: 7 } };
const decide = (events: ActPlaceEvent[], command: Parameters<typeof wishDecider.decide>[0]) =>
  wishDecider.decide(command, fold(wishDecider, events), now);

describe('the wish decider', () => {
  it('given nothing, when a wish with rooms lent in its slot is added, then it is added', () => {
    expect(decide([], { type: 'Add', wish, byPk: 7 })).toEqual([added]);
  });

  it('rejects a date that is today or past, more than 6 choices, a repeated room, a room not lent in the slot', () => {
    expect(decide([], { type: 'Add', wish: { ...wish, date: '2026-11-23' }, byPk: 7 })).toEqual({
      rejected: 'past',
    });
    const seven = ['sac-101', 'sac-102', 'sac-201', 'sac-202', 'gen-101', 'gen-102', 'gen-201'];
    expect(decide([], { type: 'Add', wish: { ...wish, choicelist: seven }, byPk: 7 })).toEqual({
      rejected: 'choices',
    });
    expect(
      decide([], { type: 'Add', wish: { ...wish, choicelist: ['sac-101', 'sac-101'] }, byPk: 7 }),
    ).toEqual({
      rejected: 'choices',
    });
    // The library lends no evening slot.
    expect(decide([], { type: 'Add', wish: { ...wish, choicelist: ['lib-b1'] }, byPk: 7 })).toEqual({
      rejected: 'room',
    });
    expect(decide([], { type: 'Add', wish: { ...wish, name: ' ' }, byPk: 7 })).toEqual({ rejected: 'name' });
    expect(decide([added], { type: 'Add', wish, byPk: 7 })).toEqual({ rejected: 'exists' });
  });

  it('records a result only for the send it answers; an unreachable host leaves the wish pending again', () => {
    const sent: ActPlaceEvent = {
      type: 'ActPlaceBookingSent',
      data: { wishId: 'w1', requestId: 'r1', attempt: 1 },
    };
    expect(
      decide([added, sent], {
        type: 'RecordResult',
        requestId: 'other',
        outcome: 'booked',
        room: 'x',
        tried: [],
      }),
    ).toEqual([]);
    const unreachable = decide([added, sent], {
      type: 'RecordResult',
      requestId: 'r1',
      outcome: 'unreachable',
      room: null,
      tried: [],
    });
    expect(isRejection(unreachable)).toBe(false);
    const state = fold(wishDecider, [added, sent, ...(unreachable as ActPlaceEvent[])]);
    expect(state).toMatchObject({ status: 'pending', attempts: 1 });
    expect(decide([added, sent], { type: 'Withdraw', byPk: 7 })).toEqual({ rejected: 'notpending' });
  });
});

describe('msUntilNextOpening', () => {
  it('counts to 10:00:00 Taipei today before it, and to tomorrow at or after it', () => {
    expect(msUntilNextOpening(new Date('2026-11-23T09:59:59+08:00'))).toBe(1000);
    expect(msUntilNextOpening(new Date('2026-11-23T10:00:00+08:00'))).toBe(86_400_000);
    expect(msUntilNextOpening(new Date('2026-11-23T23:30:00+08:00'))).toBe(10.5 * 3_600_000);
  });
});
