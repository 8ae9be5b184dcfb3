// One member's NAS account (stream nas-{userPk}): assigned, reassigned (a new name or password), removed.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { NasEvent } from './events.ts';

/** The file server's user names: letters, digits, dot, dash, underscore; 2 to 32 characters. */
export const NAS_USER_PATTERN = /^[A-Za-z0-9._-]{2,32}$/;

export type NasState = { status: 'none' } | { status: 'assigned'; nasuser: string; sealedPassword: string };

export type NasCommand =
  | { type: 'Assign'; userPk: number; nasuser: string; sealedPassword: string; byPk: number | null }
  | { type: 'Remove'; userPk: number; byPk: number | null };

/** 'format': the user name is not one the file server takes; 'noaccount': nothing to remove. */
export type NasRejection = 'format' | 'noaccount';

export const nasDecider: Decider<NasCommand, NasEvent, NasState, NasRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'Assign': {
        if (!NAS_USER_PATTERN.test(command.nasuser)) return reject('format');
        return [
          {
            type: 'NasAccountAssigned',
            data: {
              userPk: command.userPk,
              nasuser: command.nasuser,
              sealedPassword: command.sealedPassword,
              byPk: command.byPk,
            },
          },
        ];
      }
      case 'Remove':
        if (state.status === 'none') return reject('noaccount');
        return [{ type: 'NasAccountRemoved', data: { userPk: command.userPk, byPk: command.byPk } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'NasAccountAssigned':
        return { status: 'assigned', nasuser: event.data.nasuser, sealedPassword: event.data.sealedPassword };
      case 'NasAccountRemoved':
        return { status: 'none' };
      default:
        return state;
    }
  },
};
