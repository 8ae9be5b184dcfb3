// The dispenser run decider: requested (init) -> started (dispense) -> finished (an end status). A request
// replayed is a no-op; a report of a run already finished is ignored (the host may report twice).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { DispenseEvent, DispenseFinished, DispenseRequested } from './events.ts';

export type DispenseState =
  | { status: 'none' }
  | { status: 'init' | 'dispense'; run: DispenseRequested['data'] }
  | { status: 'ended'; run: DispenseRequested['data']; finished: DispenseFinished['data'] };

export type DispenseCommand =
  | { type: 'RequestDispense'; run: DispenseRequested['data'] }
  | { type: 'StartDispense'; dispenseId: string; startedAt: string }
  | { type: 'FinishDispense'; finished: DispenseFinished['data'] };

export type DispenseRejection = 'notfound';

export const dispenseDecider: Decider<DispenseCommand, DispenseEvent, DispenseState, DispenseRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestDispense':
        return state.status === 'none' ? [{ type: 'DispenseRequested', data: command.run }] : [];
      case 'StartDispense':
        if (state.status === 'none') return reject('notfound');
        return state.status === 'init'
          ? [
              {
                type: 'DispenseStarted',
                data: { dispenseId: command.dispenseId, startedAt: command.startedAt },
              },
            ]
          : [];
      case 'FinishDispense':
        if (state.status === 'none') return reject('notfound');
        return state.status === 'ended' ? [] : [{ type: 'DispenseFinished', data: command.finished }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DispenseRequested':
        return { status: 'init', run: event.data };
      case 'DispenseStarted':
        return state.status === 'init' ? { status: 'dispense', run: state.run } : state;
      case 'DispenseFinished':
        return state.status === 'none' ? state : { status: 'ended', run: state.run, finished: event.data };
      default:
        return state;
    }
  },
};
