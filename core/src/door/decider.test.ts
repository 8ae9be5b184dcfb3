import { describe, expect, it } from 'vitest';
import { type DomainEvent, fold, isRejection } from '../decider.ts';
import { type DoorAttempt, type DoorCommand, doorDecider } from './decider.ts';
import type { DoorEvent } from './events.ts';

const attempt: DoorAttempt = { requestId: 'door-u7-abc', userPk: 7, simple: false, opener: 'member' };
const inHours = new Date('2026-11-23T10:00:00+08:00');
const afterHours = new Date('2026-11-23T21:52:00+08:00');

/** Given these events, when this command at `now`, then: the decision. */
function given(events: DoorEvent[], command: DoorCommand, now = inHours) {
  return doorDecider.decide(command, fold(doorDecider, events), now);
}
const types = (decision: DomainEvent[] | unknown) =>
  isRejection(decision) ? decision : (decision as DomainEvent[]).map((event) => event.type);

const requested: DoorEvent = {
  type: 'DoorOpenRequested',
  data: { ...attempt, requestedAt: inHours.toISOString() },
};
const finishedAs = (result: 0 | 1 | 2, cause: 'opened' | 'unreachable' | 'failed' | 'closed'): DoorEvent => ({
  type: 'DoorOpenFinished',
  data: { ...attempt, result, cause, finishedAt: inHours.toISOString() },
});

describe('door decider', () => {
  it('requests the door inside the opening hours', () => {
    expect(given([], { type: 'RequestOpen', attempt })).toEqual([requested]);
  });

  it('finishes at once with result 2 outside the opening hours, without asking the door', () => {
    const decision = given([], { type: 'RequestOpen', attempt }, afterHours);
    expect(decision).toEqual([
      {
        type: 'DoorOpenFinished',
        data: { ...attempt, result: 2, cause: 'closed', finishedAt: afterHours.toISOString() },
      },
    ]);
    // The opendoor authority may still open at 21:52.
    expect(
      types(given([], { type: 'RequestOpen', attempt: { ...attempt, opener: 'authority' } }, afterHours)),
    ).toEqual(['DoorOpenRequested']);
  });

  it('records the outcome as result 1 opened, or 0 for an unreachable or failed door', () => {
    const opened = given([requested], {
      type: 'RecordOutcome',
      requestId: attempt.requestId,
      outcome: 'opened',
    });
    expect(opened).toMatchObject([{ type: 'DoorOpenFinished', data: { result: 1, cause: 'opened' } }]);
    const down = given([requested], {
      type: 'RecordOutcome',
      requestId: attempt.requestId,
      outcome: 'unreachable',
      error: 'no-heartbeat',
    });
    expect(down).toMatchObject([{ data: { result: 0, cause: 'unreachable', error: 'no-heartbeat' } }]);
    const failed = given([requested], {
      type: 'RecordOutcome',
      requestId: attempt.requestId,
      outcome: 'failed',
    });
    expect(failed).toMatchObject([{ data: { result: 0, cause: 'failed' } }]);
  });

  it('replays: the same request again decides nothing, another person or flag is a mismatch', () => {
    expect(given([requested], { type: 'RequestOpen', attempt })).toEqual([]);
    expect(given([requested, finishedAs(1, 'opened')], { type: 'RequestOpen', attempt })).toEqual([]);
    expect(given([requested], { type: 'RequestOpen', attempt: { ...attempt, userPk: 8 } })).toEqual({
      rejected: 'mismatch',
    });
    expect(given([requested], { type: 'RequestOpen', attempt: { ...attempt, simple: true } })).toEqual({
      rejected: 'mismatch',
    });
  });

  it('keeps the first outcome, except a late opening after unreachable, which corrects it', () => {
    const record = (outcome: 'opened' | 'failed') =>
      ({ type: 'RecordOutcome', requestId: attempt.requestId, outcome }) as const;
    expect(given([requested, finishedAs(1, 'opened')], record('failed'))).toEqual([]);
    expect(given([requested, finishedAs(0, 'failed')], record('opened'))).toEqual([]);
    expect(given([requested, finishedAs(0, 'unreachable')], record('opened'))).toMatchObject([
      { data: { result: 1, cause: 'opened_late' } },
    ]);
    expect(given([], record('opened'))).toEqual({ rejected: 'notfound' });
  });
});
