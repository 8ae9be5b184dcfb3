// The user aggregate: profile, password and settings of one person (stream user-{pk}).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { Lang, UserEvent } from './events.ts';
import { type ProfileEditReason, type ProfileFields, validateProfileEdit } from './profile-edit.ts';

type Registered = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      profile: Omit<Registered, 'passwordHash' | 'lang'>;
      passwordHash: string;
      lang: Lang;
      /** The member's club card, or null before staff register one. */
      cardid: string | null;
    };

export type UserCommand =
  | { type: 'Register'; profile: Registered }
  | { type: 'ChangePassword'; oldPasswordMatches: boolean; newPasswordHash: string }
  | { type: 'ChangeSettings'; lang: Lang }
  /** Staff edit profile fields; the rules are checked against the current profile (profile-edit.ts). */
  | { type: 'ModifyProfile'; execuserPk: number | null; edits: Partial<ProfileFields> }
  /** A reset by e-mail link: the link's token was checked by the password-reset stream. */
  | { type: 'ResetPassword'; newPasswordHash: string }
  /** The card id's unique claim is already held for this user (see Accounts.registerCard). */
  | { type: 'RegisterCard'; cardid: string };

export type UserRejection = 'exists' | 'notfound' | 'wrong' | ProfileEditReason;

export const userDecider: Decider<UserCommand, UserEvent, UserState, UserRejection> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'Register':
        if (state.status !== 'none') return reject('exists');
        return [{ type: 'UserRegistered', data: command.profile }];
      case 'ChangePassword':
        if (state.status !== 'registered') return reject('notfound');
        if (!command.oldPasswordMatches) return reject('wrong');
        return [{ type: 'PasswordChanged', data: { passwordHash: command.newPasswordHash } }];
      case 'ChangeSettings':
        if (state.status !== 'registered') return reject('notfound');
        if (state.lang === command.lang) return [];
        return [{ type: 'SettingsChanged', data: { lang: command.lang } }];
      case 'ModifyProfile': {
        if (state.status !== 'registered') return reject('notfound');
        const checked = validateProfileEdit(state.profile.identity, state.profile, command.edits);
        if (!checked.ok) return reject(checked.reason);
        return checked.changes.map((change) => ({
          type: 'UserProfileChanged' as const,
          data: { execuserPk: command.execuserPk, ...change },
        }));
      }
      case 'ResetPassword':
        if (state.status !== 'registered') return reject('notfound');
        return [{ type: 'PasswordChanged', data: { passwordHash: command.newPasswordHash } }];
      case 'RegisterCard':
        if (state.status !== 'registered') return reject('notfound');
        if (state.cardid === command.cardid) return [];
        return [{ type: 'CardRegistered', data: { cardid: command.cardid, previous: state.cardid } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { passwordHash, lang, ...profile } = event.data;
        return { status: 'registered', profile, passwordHash, lang, cardid: null };
      }
      case 'PasswordChanged':
        return state.status === 'registered' ? { ...state, passwordHash: event.data.passwordHash } : state;
      case 'SettingsChanged':
        return state.status === 'registered' ? { ...state, lang: event.data.lang } : state;
      case 'UserProfileChanged':
        return state.status === 'registered'
          ? { ...state, profile: { ...state.profile, [event.data.fieldname]: event.data.valuenew } }
          : state;
      case 'CardRegistered':
        return state.status === 'registered' ? { ...state, cardid: event.data.cardid } : state;
      default:
        return state;
    }
  },
};
