import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type WorkshopKind, type WorkshopRosterEvent, workshopRosterEventSchema } from './events.ts';
import { type WorkshopRosterCommand, workshopEntryKey, workshopRosterDecider } from './workshop-roster.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const semester = '115-1';
const workshopSetter = ['workshopset'] as const;

const givenWhen = (given: WorkshopRosterEvent[], when: WorkshopRosterCommand) =>
  workshopRosterDecider.decide(when, fold(workshopRosterDecider, given), now);

type Add = Extract<WorkshopRosterCommand, { type: 'AddWorkshopEntry' }>;
type Remove = Extract<WorkshopRosterCommand, { type: 'RemoveWorkshopEntry' }>;

const add = (overrides: Partial<Add> = {}): WorkshopRosterCommand => ({
  type: 'AddWorkshopEntry',
  semester,
  userPk: 101,
  kind: 1,
  actorAuthorities: workshopSetter,
  ...overrides,
});
const remove = (overrides: Partial<Remove> = {}): WorkshopRosterCommand => ({
  type: 'RemoveWorkshopEntry',
  semester,
  userPk: 101,
  kind: 1,
  actorAuthorities: workshopSetter,
  ...overrides,
});
const link = (transferId: string, kind: WorkshopKind = 1): WorkshopRosterCommand => ({
  type: 'LinkWorkshopDeposit',
  semester,
  userPk: 101,
  kind,
  transferId,
});
const unlink = (transferId: string): WorkshopRosterCommand => ({
  type: 'UnlinkWorkshopDeposit',
  semester,
  userPk: 101,
  kind: 1,
  transferId,
});

const added = (userPk: number, kind: WorkshopKind): WorkshopRosterEvent => ({
  type: 'WorkshopEntryAdded',
  data: { semester, userPk, kind },
});
const removed = (userPk: number, kind: WorkshopKind): WorkshopRosterEvent => ({
  type: 'WorkshopEntryRemoved',
  data: { semester, userPk, kind },
});
const linked = (transferId: string): WorkshopRosterEvent => ({
  type: 'WorkshopDepositLinked',
  data: { semester, userPk: 101, kind: 1, transferId },
});
const unlinked = (transferId: string): WorkshopRosterEvent => ({
  type: 'WorkshopDepositUnlinked',
  data: { semester, userPk: 101, kind: 1, transferId },
});

describe('workshop roster decider', () => {
  describe('AddWorkshopEntry', () => {
    it('given an empty roster, when workshopset adds a person to a workshop, then WorkshopEntryAdded', () => {
      const events = givenWhen([], add({ kind: 3 }));
      expect(events).toEqual([added(101, 3)]);
      expect(() => workshopRosterEventSchema.array().parse(events)).not.toThrow();
    });

    it('given the person is on that workshop, when added again, then duplicated', () => {
      expect(givenWhen([added(101, 1)], add())).toEqual({ rejected: 'duplicated' });
    });

    it('given the person is on another workshop kind, when added to this one, then WorkshopEntryAdded', () => {
      expect(givenWhen([added(101, 3)], add({ kind: 1 }))).toEqual([added(101, 1)]);
    });

    it('given the entry was removed, when added again, then WorkshopEntryAdded', () => {
      expect(givenWhen([added(101, 1), removed(101, 1)], add())).toEqual([added(101, 1)]);
    });

    it('when the actor lacks workshopset, then forbidden', () => {
      expect(givenWhen([], add({ actorAuthorities: ['staffset'] }))).toEqual({ rejected: 'forbidden' });
    });

    it('when no person is chosen, then user_required', () => {
      expect(givenWhen([], add({ userPk: null }))).toEqual({ rejected: 'user_required' });
    });

    it('when the workshop kind is missing or not 1..5, then workshop_required', () => {
      for (const kind of [null, 0, 6, 1.5, -1]) {
        expect(givenWhen([], add({ kind }))).toEqual({ rejected: 'workshop_required' });
      }
    });
  });

  describe('RemoveWorkshopEntry', () => {
    it('given an unpaid entry, when removed, then WorkshopEntryRemoved', () => {
      expect(givenWhen([added(101, 1)], remove())).toEqual([removed(101, 1)]);
    });

    it('given no such entry (other kind, or removed), when removed, then notfound', () => {
      expect(givenWhen([added(101, 3)], remove())).toEqual({ rejected: 'notfound' });
      expect(givenWhen([added(101, 1), removed(101, 1)], remove())).toEqual({ rejected: 'notfound' });
    });

    it('given a paid entry, when removed, then paid (refund the deposit first)', () => {
      expect(givenWhen([added(101, 1), linked('t-1')], remove())).toEqual({
        rejected: 'paid',
        detail: { transferId: 't-1' },
      });
    });

    it('given the deposit was refunded (unlinked), when removed, then WorkshopEntryRemoved', () => {
      expect(givenWhen([added(101, 1), linked('t-1'), unlinked('t-1')], remove())).toEqual([removed(101, 1)]);
    });

    it('when the actor lacks workshopset, then forbidden', () => {
      expect(givenWhen([added(101, 1)], remove({ actorAuthorities: [] }))).toEqual({ rejected: 'forbidden' });
    });
  });

  describe('LinkWorkshopDeposit and UnlinkWorkshopDeposit', () => {
    it('given an unpaid entry, when the ledger links a transfer, then WorkshopDepositLinked and the entry is paid', () => {
      const events = givenWhen([added(101, 1)], link('t-1'));
      expect(events).toEqual([linked('t-1')]);
      const state = fold(workshopRosterDecider, [added(101, 1), linked('t-1')]);
      expect(state.entries.get(workshopEntryKey(101, 1))?.deposit).toEqual({
        status: 'paid',
        transferId: 't-1',
      });
    });

    it('given the entry is paid by the same transfer, when linked again (a retry), then no events', () => {
      expect(givenWhen([added(101, 1), linked('t-1')], link('t-1'))).toEqual([]);
    });

    it('given the entry is paid by another transfer, when linked, then already_paid', () => {
      expect(givenWhen([added(101, 1), linked('t-1')], link('t-2'))).toEqual({ rejected: 'already_paid' });
    });

    it('given no such entry, when linked or unlinked, then notfound', () => {
      expect(givenWhen([added(101, 3)], link('t-1', 1))).toEqual({ rejected: 'notfound' });
      expect(givenWhen([], unlink('t-1'))).toEqual({ rejected: 'notfound' });
    });

    it('given a paid entry, when the paying transfer is unlinked, then WorkshopDepositUnlinked and it is unpaid', () => {
      expect(givenWhen([added(101, 1), linked('t-1')], unlink('t-1'))).toEqual([unlinked('t-1')]);
      const state = fold(workshopRosterDecider, [added(101, 1), linked('t-1'), unlinked('t-1')]);
      expect(state.entries.get(workshopEntryKey(101, 1))?.deposit).toEqual({ status: 'unpaid' });
    });

    it('given an unpaid entry, when unlinked (a retry), then no events', () => {
      expect(givenWhen([added(101, 1)], unlink('t-1'))).toEqual([]);
    });

    it('given the entry is paid by another transfer, when unlinked, then link_mismatch', () => {
      expect(givenWhen([added(101, 1), linked('t-1')], unlink('t-2'))).toEqual({ rejected: 'link_mismatch' });
    });

    it('keeps other entries of the same person untouched', () => {
      const state = fold(workshopRosterDecider, [added(101, 1), added(101, 3), linked('t-1')]);
      expect(state.entries.get(workshopEntryKey(101, 3))?.deposit).toEqual({ status: 'unpaid' });
    });
  });
});
