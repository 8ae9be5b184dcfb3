// The decider of one door-opening attempt (stream `door-open-{requestId}`). Outside the opening hours the
// attempt finishes at once with result 2; inside them it is requested, the API asks the door host, and the
// host's outcome finishes it. Replaying a request or an outcome changes nothing (the first result stands),
// except that a door answered 'unreachable' which then reports it opened is corrected to opened.
import { assertNever, type Decider, reject, type Rejection } from '../decider.ts';
import type {
  DoorCause,
  DoorEvent,
  DoorOpenFinishedEvent,
  DoorOpenRequestedEvent,
  DoorResult,
} from './events.ts';
import { type DoorOpener, withinOpeningHours } from './rules.ts';

export interface DoorAttempt {
  requestId: string;
  userPk: number;
  simple: boolean;
  opener: DoorOpener;
}

/** What the door host's answer came to: opened, no answer (servicedown), or tried and failed. */
export type DoorOutcome = 'opened' | 'unreachable' | 'failed';

export type DoorState =
  | { status: 'none' }
  | { status: 'requested'; attempt: DoorAttempt; requestedAt: string }
  | { status: 'finished'; attempt: DoorAttempt; result: DoorResult; cause: DoorCause };

export type DoorCommand =
  | { type: 'RequestOpen'; attempt: DoorAttempt }
  | { type: 'RecordOutcome'; requestId: string; outcome: DoorOutcome; error?: string };

/** mismatch: the request id was used for another person or another `simple`; notfound: no such request. */
export type DoorRejection = 'mismatch' | 'notfound';

const finished = (
  attempt: DoorAttempt,
  result: DoorResult,
  cause: DoorCause,
  now: Date,
  error?: string,
): DoorOpenFinishedEvent => ({
  type: 'DoorOpenFinished',
  data: {
    ...attempt,
    result,
    cause,
    finishedAt: now.toISOString(),
    ...(error ? { error: error.slice(0, 500) } : {}),
  },
});

const sameRequest = (a: DoorAttempt, b: DoorAttempt) =>
  a.requestId === b.requestId && a.userPk === b.userPk && a.simple === b.simple;

function decide(command: DoorCommand, state: DoorState, now: Date): DoorEvent[] | Rejection<DoorRejection> {
  switch (command.type) {
    case 'RequestOpen': {
      if (state.status !== 'none')
        return sameRequest(state.attempt, command.attempt) ? [] : reject('mismatch');
      if (!withinOpeningHours(now, command.attempt.opener))
        return [finished(command.attempt, 2, 'closed', now)];
      const requested: DoorOpenRequestedEvent = {
        type: 'DoorOpenRequested',
        data: { ...command.attempt, requestedAt: now.toISOString() },
      };
      return [requested];
    }
    case 'RecordOutcome': {
      if (state.status === 'none') return reject('notfound');
      if (state.status === 'finished') {
        // The person was told the door could not be reached, but the host ran the command after all.
        if (state.cause === 'unreachable' && command.outcome === 'opened')
          return [finished(state.attempt, 1, 'opened_late', now)];
        return [];
      }
      switch (command.outcome) {
        case 'opened':
          return [finished(state.attempt, 1, 'opened', now)];
        case 'unreachable':
          return [finished(state.attempt, 0, 'unreachable', now, command.error)];
        case 'failed':
          return [finished(state.attempt, 0, 'failed', now, command.error)];
        default:
          return assertNever(command.outcome);
      }
    }
    default:
      return assertNever(command);
  }
}

function attemptOf(data: DoorAttempt): DoorAttempt {
  return { requestId: data.requestId, userPk: data.userPk, simple: data.simple, opener: data.opener };
}

function evolve(state: DoorState, event: DoorEvent): DoorState {
  switch (event.type) {
    case 'DoorOpenRequested':
      return { status: 'requested', attempt: attemptOf(event.data), requestedAt: event.data.requestedAt };
    case 'DoorOpenFinished':
      return {
        status: 'finished',
        attempt: attemptOf(event.data),
        result: event.data.result,
        cause: event.data.cause,
      };
    default:
      return state;
  }
}

export const doorDecider: Decider<DoorCommand, DoorEvent, DoorState, DoorRejection> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
