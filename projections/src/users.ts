// The users read model: profiles by pk and the lookups login needs (mobile, student ID, e-mail).
import type { Lang, UserEvent } from '@club/core/accounts/events';
import type { RecordedEvent } from '@club/core/eventstore/port';
import type { Projection } from './runner.ts';

export interface UserRow {
  pk: number;
  pkstr: string;
  name: string;
  identity: 1 | 3 | 5;
  sex: '1' | '2';
  school: string;
  department: string;
  stuid: string;
  grade: string;
  facebook: string;
  email: string;
  mobile: string;
  passwordHash: string;
  valid: boolean;
  lang: Lang;
  registeredAt: string;
  /** Semester tag the application was made in. */
  semester: string;
  loginCount: number;
  lastLoginAt: string | null;
}

export interface UsersModel {
  byPk: Map<number, UserRow>;
  byMobile: Map<string, number>;
  byStuid: Map<string, number>;
  byEmail: Map<string, number>;
}

/** The display id of a user: pk with a letter, as printed on labels and receipts. */
export const userPkstr = (pk: number) => `U${String(pk).padStart(5, '0')}`;

export const usersProjection: Projection<UsersModel> = {
  handles: new Set([
    'UserRegistered',
    'PasswordChanged',
    'SettingsChanged',
    'UserProfileChanged',
    'LoginAttempted',
  ]),
  initial: () => ({ byPk: new Map(), byMobile: new Map(), byStuid: new Map(), byEmail: new Map() }),
  evolve(model, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as
      | UserEvent
      | { type: 'LoginAttempted'; data: { userPk: number | null; status: number } };
    switch (event.type) {
      case 'UserRegistered': {
        const { lang, ...data } = event.data;
        model.byPk.set(data.pk, {
          ...data,
          pkstr: userPkstr(data.pk),
          lang,
          registeredAt: recorded.metadata.time,
          loginCount: 0,
          lastLoginAt: null,
        });
        if (data.mobile) model.byMobile.set(data.mobile, data.pk);
        if (data.stuid) model.byStuid.set(data.stuid.toUpperCase(), data.pk);
        model.byEmail.set(data.email.toLowerCase(), data.pk);
        return model;
      }
      case 'PasswordChanged': {
        const row = model.byPk.get(pkOfStream(recorded.stream));
        if (row) row.passwordHash = event.data.passwordHash;
        return model;
      }
      case 'SettingsChanged': {
        const row = model.byPk.get(pkOfStream(recorded.stream));
        if (row) row.lang = event.data.lang;
        return model;
      }
      case 'UserProfileChanged': {
        const row = model.byPk.get(pkOfStream(recorded.stream));
        if (!row) return model;
        const { fieldname, valueold, valuenew } = event.data;
        (row as unknown as Record<string, string>)[fieldname] = valuenew;
        // The login lookups follow a changed mobile, student ID or e-mail.
        const index =
          fieldname === 'mobile'
            ? { map: model.byMobile, key: (value: string) => value }
            : fieldname === 'stuid'
              ? { map: model.byStuid, key: (value: string) => value.toUpperCase() }
              : fieldname === 'email'
                ? { map: model.byEmail, key: (value: string) => value.toLowerCase() }
                : null;
        if (index) {
          if (valueold && index.map.get(index.key(valueold)) === row.pk)
            index.map.delete(index.key(valueold));
          if (valuenew) index.map.set(index.key(valuenew), row.pk);
        }
        return model;
      }
      case 'LoginAttempted': {
        const row = event.data.userPk === null ? undefined : model.byPk.get(event.data.userPk);
        if (row && (event.data.status === 2 || event.data.status === 3)) {
          row.loginCount += 1;
          row.lastLoginAt = recorded.metadata.time;
        }
        return model;
      }
      default:
        return model;
    }
  },
};

const pkOfStream = (stream: string) => Number(stream.slice(stream.indexOf('-') + 1));

/** Finds a user by what was typed at login: mobile, student ID (any case) or e-mail (any case). */
export function findUserByLogin(model: UsersModel, identifier: string): UserRow | undefined {
  const text = identifier.trim();
  const pk =
    model.byMobile.get(text) ??
    model.byStuid.get(text.toUpperCase()) ??
    model.byEmail.get(text.toLowerCase());
  return pk === undefined ? undefined : model.byPk.get(pk);
}
