// Sign-in sheets and their logs (document 3: AdminSignIn; document 2: SignIn's loglist and waitlist).
// A sheet's pk is the global position of its creation event (the spec's digits pk).
import { SIGNIN_EVENT_TYPES, type SignInEvent, type SignInSheetCreated } from '@club/core/signin/events';
import type { Projection } from './runner.ts';

export interface SignInSheetRow extends Omit<SignInSheetCreated['data'], never> {
  pk: number;
  /** When the sheet was created. */
  timestamp: string;
  /** Sign-ins in order: who and when. */
  log: { userPk: number; timestamp: string; pk: number }[];
}

export interface SignInModel {
  /** Sheets in creation order. */
  sheets: SignInSheetRow[];
  byPk: Map<number, SignInSheetRow>;
  bySheetId: Map<string, SignInSheetRow>;
  /** Per user: the sheets they signed in on, in order (sheet pk and time). */
  byUser: Map<number, { sheetPk: number; timestamp: string }[]>;
  /** `${sheetId}:${userPk}` of every sign-in, for the attendance table. */
  signed: Set<string>;
}

export const signInProjection: Projection<SignInModel> = {
  handles: SIGNIN_EVENT_TYPES,
  initial: () => ({
    sheets: [],
    byPk: new Map(),
    bySheetId: new Map(),
    byUser: new Map(),
    signed: new Set(),
  }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as SignInEvent;
    if (event.type === 'SignInSheetCreated') {
      if (model.bySheetId.has(event.data.sheetId)) return model;
      const row: SignInSheetRow = {
        ...event.data,
        pk: recorded.position,
        timestamp: recorded.metadata.time,
        log: [],
      };
      model.sheets.push(row);
      model.byPk.set(row.pk, row);
      model.bySheetId.set(row.sheetId, row);
      return model;
    }
    const sheet = model.bySheetId.get(event.data.sheetId);
    if (!sheet) return model;
    sheet.log.push({ userPk: event.data.userPk, timestamp: event.data.signedAt, pk: recorded.position });
    const mine = model.byUser.get(event.data.userPk) ?? [];
    mine.push({ sheetPk: sheet.pk, timestamp: event.data.signedAt });
    model.byUser.set(event.data.userPk, mine);
    model.signed.add(`${sheet.sheetId}:${event.data.userPk}`);
    return model;
  },
};
