// The sheet decider (creating a sheet) and the sign-in claim decider (one person on one sheet).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { SheetWorkshop, SignedIn, SignInSheetCreated } from './events.ts';
import { DEFAULT_OPEN_PERIOD_MS } from './rules.ts';

/** A sign-in sheet as a command sees it. */
export type SheetState = { status: 'none' } | { status: 'created'; sheet: SignInSheetCreated['data'] };

export type SheetCommand = {
  type: 'CreateSheet';
  sheetId: string;
  /** As typed; blank is refused with 'title_required' ('activity name required'). */
  title: string;
  /** '' for no code. The default four random digits are drawn by the caller (rules.ts randomCode). */
  code: string;
  /** Absent: from now for DEFAULT_OPEN_PERIOD_MS (three hours). */
  opensAt?: Date;
  closesAt?: Date;
  workshop: SheetWorkshop | null;
  actorPk: number;
};

export type SheetRejection = 'title_required' | 'period_invalid' | 'code_invalid';

export const sheetDecider: Decider<SheetCommand, SignInSheetCreated, SheetState, SheetRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, now) {
    switch (command.type) {
      case 'CreateSheet': {
        // A replay of the same creation is a no-op (the id derives from the command id).
        if (state.status === 'created') return [];
        const title = command.title.trim();
        if (title === '') return reject('title_required');
        const code = command.code.trim();
        if (!/^[\w-]{0,50}$/u.test(code)) return reject('code_invalid');
        const opensAt = command.opensAt ?? now;
        const closesAt = command.closesAt ?? new Date(opensAt.getTime() + DEFAULT_OPEN_PERIOD_MS);
        if (!(closesAt.getTime() > opensAt.getTime())) return reject('period_invalid');
        return [
          {
            type: 'SignInSheetCreated',
            data: {
              sheetId: command.sheetId,
              title,
              code,
              opensAt: opensAt.toISOString(),
              closesAt: closesAt.toISOString(),
              workshop: command.workshop,
              createdBy: command.actorPk,
            },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    if (event.type === 'SignInSheetCreated') return { status: 'created', sheet: event.data };
    return state;
  },
};

/** One person's sign-in on one sheet. */
export type ClaimState = { status: 'free' } | { status: 'signed'; signedAt: string };

export type SignInCommand = {
  type: 'SignIn';
  /** The sheet, looked up by the caller. */
  sheet: SignInSheetCreated['data'];
  userPk: number;
  /** The secret word as typed. */
  code: string;
};

/** The spec's reasons (document 2, section 7): codewrong, exists, expired. */
export type SignInRejection = 'codewrong' | 'exists' | 'expired';

/** Whether a sheet takes sign-ins at `now`. */
export const isSheetOpen = (sheet: SignInSheetCreated['data'], now: Date): boolean =>
  now.getTime() >= Date.parse(sheet.opensAt) && now.getTime() < Date.parse(sheet.closesAt);

export const signInDecider: Decider<SignInCommand, SignedIn, ClaimState, SignInRejection> = {
  initialState: () => ({ status: 'free' }),
  decide(command, state, now) {
    switch (command.type) {
      case 'SignIn':
        if (state.status === 'signed') return reject('exists');
        // Outside the period (before it opens too): the page lists only open sheets, so a person meets
        // this only when the sheet closed while the page was open.
        if (!isSheetOpen(command.sheet, now)) return reject('expired');
        if (command.sheet.code !== '' && command.code.trim() !== command.sheet.code)
          return reject('codewrong');
        return [
          {
            type: 'SignedIn',
            data: { sheetId: command.sheet.sheetId, userPk: command.userPk, signedAt: now.toISOString() },
          },
        ];
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    if (event.type === 'SignedIn') return { status: 'signed', signedAt: event.data.signedAt };
    return state;
  },
};
