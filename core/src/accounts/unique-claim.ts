// A claim on a unique value (stream unique-{kind}-{value}). The first claim is appended with
// "no stream", so two concurrent registrations can never both take the same value.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { UniqueClaimEvent, UniqueKind } from './events.ts';

export type ClaimState = { status: 'free' } | { status: 'held'; userPk: number };

export type ClaimCommand =
  | { type: 'Claim'; kind: UniqueKind; value: string; userPk: number }
  | { type: 'Release'; kind: UniqueKind; value: string; userPk: number };

export const claimDecider: Decider<ClaimCommand, UniqueClaimEvent, ClaimState, 'taken'> = {
  initialState: () => ({ status: 'free' }),
  decide(command, state) {
    switch (command.type) {
      case 'Claim':
        if (state.status === 'held') return state.userPk === command.userPk ? [] : reject('taken');
        return [
          {
            type: 'UniqueValueClaimed',
            data: { kind: command.kind, value: command.value, userPk: command.userPk },
          },
        ];
      case 'Release':
        if (state.status !== 'held' || state.userPk !== command.userPk) return [];
        return [
          {
            type: 'UniqueValueReleased',
            data: { kind: command.kind, value: command.value, userPk: command.userPk },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'UniqueValueClaimed':
        return { status: 'held', userPk: event.data.userPk };
      case 'UniqueValueReleased':
        return { status: 'free' };
      default:
        return state;
    }
  },
};
