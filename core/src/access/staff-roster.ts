// The staff roster of one semester (stream staff-roster-{semester}): who is staff and with which position
// title. Being on the current semester's roster is what `isstaff` means (see effective.ts).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { AuthorityKey } from './authorities.ts';
import { POSITION_TITLE_MAX_LENGTH, type StaffRosterEvent } from './events.ts';

/** Staff entry: one person on a semester's staff roster and the position title they hold. */
export interface StaffEntry {
  userPk: number;
  /** Free text such as '總務長' or '暗房組員'; trimmed. */
  position: string;
}

export interface StaffRosterState {
  /** Keyed by user pk, in the order the entries were added. */
  entries: ReadonlyMap<number, StaffEntry>;
}

export type StaffRosterCommand =
  | {
      type: 'AddStaff';
      semester: string;
      /** Null when no person was chosen. */
      userPk: number | null;
      position: string;
      /** The acting user's effective authorities, looked up by the caller. */
      actorAuthorities: readonly AuthorityKey[];
    }
  | { type: 'RemoveStaff'; semester: string; userPk: number; actorAuthorities: readonly AuthorityKey[] };

export const staffRosterReasons = [
  /** The actor lacks the staffset authority. */
  'forbidden',
  /** No person chosen ('please choose a person'). */
  'user_required',
  /** Empty position title ('please enter a position title'). */
  'position_required',
  'position_too_long',
  /** The person is already on this semester's roster ('already added this user'). */
  'duplicated',
  /** Removing someone who is not on the roster. */
  'notfound',
] as const;
export type StaffRosterReason = (typeof staffRosterReasons)[number];

export const staffRosterDecider: Decider<
  StaffRosterCommand,
  StaffRosterEvent,
  StaffRosterState,
  StaffRosterReason
> = {
  initialState: () => ({ entries: new Map() }),

  decide(command, state) {
    switch (command.type) {
      case 'AddStaff': {
        if (!command.actorAuthorities.includes('staffset')) return reject('forbidden');
        if (command.userPk === null) return reject('user_required');
        const position = command.position.trim();
        if (position === '') return reject('position_required');
        if (position.length > POSITION_TITLE_MAX_LENGTH) return reject('position_too_long');
        if (state.entries.has(command.userPk)) return reject('duplicated');
        return [
          { type: 'StaffAdded', data: { semester: command.semester, userPk: command.userPk, position } },
        ];
      }
      case 'RemoveStaff':
        if (!command.actorAuthorities.includes('staffset')) return reject('forbidden');
        if (!state.entries.has(command.userPk)) return reject('notfound');
        return [{ type: 'StaffRemoved', data: { semester: command.semester, userPk: command.userPk } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'StaffAdded': {
        const entries = new Map(state.entries);
        entries.set(event.data.userPk, { userPk: event.data.userPk, position: event.data.position });
        return { entries };
      }
      case 'StaffRemoved': {
        const entries = new Map(state.entries);
        entries.delete(event.data.userPk);
        return { entries };
      }
      default:
        return state;
    }
  },
};
