import { describe, it } from 'vitest';
import { deciderSpec } from '../ledger/testing.ts';
import { darkroomDecider } from './decider.ts';
import { type DarkroomSessionEvent, darkroomSessionEventSchema } from './events.ts';

const now = new Date('2026-11-23T08:00:00Z');
const spec = deciderSpec(darkroomDecider, darkroomSessionEventSchema, now);
const checkedIn: DarkroomSessionEvent = {
  type: 'DarkroomCheckedIn',
  data: { sessionId: 's1', userPk: 7, semester: '115-1', startedAt: now.toISOString(), byPk: 7 },
};
const line = { lineId: 'l1', kind: 0, format: '135' as const, quantity: 12 };

describe('darkroom member decider', () => {
  it('given a session open, when another check-in, then already_in; the same one again is a no-op', () => {
    const given = spec.given([checkedIn]);
    given
      .when({ type: 'CheckIn', sessionId: 's2', userPk: 7, semester: '115-1', byPk: 7 })
      .thenRejected('already_in');
    given.when({ type: 'CheckIn', sessionId: 's1', userPk: 7, semester: '115-1', byPk: 7 }).thenEvents([]);
  });

  it('refuses lines outside a session, formats of another kind, and a line id reused for other content', () => {
    spec.given([]).when({ type: 'AddLine', sessionId: 's1', line }).thenRejected('not_in');
    const given = spec.given([checkedIn, { type: 'DarkroomLineAdded', data: { sessionId: 's1', ...line } }]);
    given
      .when({ type: 'AddLine', sessionId: 's1', line: { ...line, lineId: 'l2', format: '11x14' } })
      .thenRejected('format');
    given.when({ type: 'AddLine', sessionId: 's1', line: { ...line, quantity: 3 } }).thenRejected('mismatch');
    given.when({ type: 'AddLine', sessionId: 's1', line }).thenEvents([]);
  });

  it('when checked out, then 12 b/w rolls charge the 2 beyond the 10 covered, and a repeat charges nothing', () => {
    const added: DarkroomSessionEvent = { type: 'DarkroomLineAdded', data: { sessionId: 's1', ...line } };
    const checkedOut: DarkroomSessionEvent = {
      type: 'DarkroomCheckedOut',
      data: {
        sessionId: 's1',
        userPk: 7,
        semester: '115-1',
        endedAt: now.toISOString(),
        byPk: 7,
        charge: {
          items: [{ code: 'bw_film_roll', quantity: 12, covered: 10, unitCents: 3000, amountCents: 6000 }],
          totalCents: 6000,
          allowanceUsed: { bwRolls: 10, bwPrintSessions: 0 },
        },
      },
    };
    spec
      .given([checkedIn, added])
      .when({ type: 'CheckOut', sessionId: 's1', byPk: 7 })
      .thenEvents([checkedOut]);
    spec
      .given([checkedIn, added, checkedOut])
      .when({ type: 'CheckOut', sessionId: 's1', byPk: 7 })
      .thenEvents([]);
  });
});
