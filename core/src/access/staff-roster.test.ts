import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type StaffRosterEvent, staffRosterEventSchema } from './events.ts';
import { type StaffRosterCommand, staffRosterDecider } from './staff-roster.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const semester = '115-1';
const staffSetter = ['staffset'] as const;

/** Given these events, when this command: the events or the rejection the decider returns. */
const givenWhen = (given: StaffRosterEvent[], when: StaffRosterCommand) =>
  staffRosterDecider.decide(when, fold(staffRosterDecider, given), now);

const add = (
  overrides: Partial<Extract<StaffRosterCommand, { type: 'AddStaff' }>> = {},
): StaffRosterCommand => ({
  type: 'AddStaff',
  semester,
  userPk: 101,
  position: '總務長',
  actorAuthorities: staffSetter,
  ...overrides,
});
const remove = (
  overrides: Partial<Extract<StaffRosterCommand, { type: 'RemoveStaff' }>> = {},
): StaffRosterCommand => ({
  type: 'RemoveStaff',
  semester,
  userPk: 101,
  actorAuthorities: staffSetter,
  ...overrides,
});
const added = (userPk: number, position: string): StaffRosterEvent => ({
  type: 'StaffAdded',
  data: { semester, userPk, position },
});
const removed = (userPk: number): StaffRosterEvent => ({ type: 'StaffRemoved', data: { semester, userPk } });

describe('staff roster decider', () => {
  describe('AddStaff', () => {
    it('given an empty roster, when staffset adds a person, then StaffAdded with the trimmed title', () => {
      const events = givenWhen([], add({ position: '  總務長 ' }));
      expect(events).toEqual([added(101, '總務長')]);
      expect(() => staffRosterEventSchema.array().parse(events)).not.toThrow();
    });

    it('given the person is on the roster, when added again (any title), then duplicated', () => {
      expect(givenWhen([added(101, '總務長')], add({ position: '學術長' }))).toEqual({
        rejected: 'duplicated',
      });
    });

    it('given the person was removed, when added again, then StaffAdded', () => {
      expect(givenWhen([added(101, '總務長'), removed(101)], add({ position: '學術長' }))).toEqual([
        added(101, '學術長'),
      ]);
    });

    it('given another person is on the roster, when a second person is added, then StaffAdded', () => {
      expect(givenWhen([added(102, '社長')], add())).toEqual([added(101, '總務長')]);
    });

    it('when the actor lacks staffset, then forbidden (checked before anything else)', () => {
      expect(givenWhen([], add({ actorAuthorities: ['workshopset', 'auth'] }))).toEqual({
        rejected: 'forbidden',
      });
      expect(givenWhen([added(101, '總務長')], add({ actorAuthorities: [], position: '' }))).toEqual({
        rejected: 'forbidden',
      });
    });

    it('when no person is chosen, then user_required', () => {
      expect(givenWhen([], add({ userPk: null }))).toEqual({ rejected: 'user_required' });
    });

    it('when the position title is empty or blank, then position_required', () => {
      expect(givenWhen([], add({ position: '' }))).toEqual({ rejected: 'position_required' });
      expect(givenWhen([], add({ position: '  \t ' }))).toEqual({ rejected: 'position_required' });
    });

    it('when the position title is longer than 40 characters, then position_too_long', () => {
      expect(givenWhen([], add({ position: '長'.repeat(41) }))).toEqual({ rejected: 'position_too_long' });
      expect(givenWhen([], add({ position: '長'.repeat(40) }))).toEqual([added(101, '長'.repeat(40))]);
    });
  });

  describe('RemoveStaff', () => {
    it('given the person is on the roster, when staffset removes them, then StaffRemoved', () => {
      expect(givenWhen([added(101, '總務長')], remove())).toEqual([removed(101)]);
    });

    it('given the person is not on the roster, when removed, then notfound', () => {
      expect(givenWhen([added(102, '社長')], remove())).toEqual({ rejected: 'notfound' });
      expect(givenWhen([added(101, '總務長'), removed(101)], remove())).toEqual({ rejected: 'notfound' });
    });

    it('when the actor lacks staffset, then forbidden', () => {
      expect(givenWhen([added(101, '總務長')], remove({ actorAuthorities: ['auth'] }))).toEqual({
        rejected: 'forbidden',
      });
    });
  });

  describe('evolve', () => {
    it('keeps the entries in the order they were added and drops removed ones', () => {
      const state = fold(staffRosterDecider, [
        added(103, '社長'),
        added(101, '總務長'),
        added(102, '學術'),
        removed(101),
      ]);
      expect([...state.entries.values()]).toEqual([
        { userPk: 103, position: '社長' },
        { userPk: 102, position: '學術' },
      ]);
    });

    it('returns the state unchanged for an event it does not handle', () => {
      const state = fold(staffRosterDecider, [added(103, '社長')]);
      const foreign = { type: 'SomethingElse', data: {} } as unknown as StaffRosterEvent;
      expect(staffRosterDecider.evolve(state, foreign)).toBe(state);
    });
  });
});
