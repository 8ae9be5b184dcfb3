// Numbered cash pouches (stream pouch-{barcode}). Staff register pouches (their labels are printed); a
// member puts cash in one, scans its barcode and enters the amount (a multiple of 100 NTD), and is
// credited at once: the pouch records the use with its posting (pouch clearing to the member), then the
// ledger debits the pouch-clearing account. A pouch is used once. If the process stops between the two
// steps, the process manager posts the recorded posting (the transferId 'pouch:{barcode}' makes it
// idempotent). The cash is counted later (deposit.ts).
import { assertNever, type Decider, reject } from '../decider.ts';
import { CLUB_ACCOUNTS, userAccount } from './accounts.ts';
import type { Posting, PouchEvent } from './events.ts';
import { isPositiveCents, POUCH_AMOUNT_STEP_CENTS } from './money.ts';
import { systemSummary } from './summary-text.ts';

/** A cash pouch: unknown until registered, then unused, then used by one member for one amount. */
export type PouchState =
  | { status: 'unregistered' }
  | { status: 'unused'; barcode: string }
  | { status: 'used'; barcode: string; userPk: number; amountCents: number; posting: Posting };

export type PouchCommand =
  | { type: 'RegisterPouch'; barcode: string; actorPk: number | null }
  | { type: 'UsePouch'; barcode: string; userPk: number; amountCents: number; actorPk: number | null };

export const pouchReasons = [
  /** No pouch with this barcode was registered. */
  'pouch_unknown',
  /** The pouch was already used (by someone else, or for another amount). */
  'pouch_used',
  /** The amount is not a positive multiple of 100 NTD. */
  'amount_invalid',
] as const;
export type PouchReason = (typeof pouchReasons)[number];

export const isPouchAmount = (amountCents: number): boolean =>
  isPositiveCents(amountCents) && amountCents % POUCH_AMOUNT_STEP_CENTS === 0;

/** The top-up a pouch books: the pouch-clearing account pays the member. */
export const pouchTopUpPosting = (
  barcode: string,
  userPk: number,
  amountCents: number,
  actorPk: number | null,
): Posting => ({
  transferId: `pouch:${barcode}`,
  kind: 'pouch_topup',
  debit: CLUB_ACCOUNTS.pouchClearing.id,
  credit: userAccount(userPk),
  amountCents,
  ...systemSummary({ code: 'pouch_topup', params: { barcode } }),
  actorPk,
  links: { pouch: barcode },
});

export const pouchDecider: Decider<PouchCommand, PouchEvent, PouchState, PouchReason> = {
  initialState: () => ({ status: 'unregistered' }),

  decide(command, state, now) {
    switch (command.type) {
      case 'RegisterPouch':
        if (state.status !== 'unregistered') return [];
        return [
          {
            type: 'PouchRegistered',
            data: { barcode: command.barcode, actorPk: command.actorPk, at: now.toISOString() },
          },
        ];
      case 'UsePouch': {
        if (!isPouchAmount(command.amountCents)) return reject('amount_invalid');
        if (state.status === 'unregistered') return reject('pouch_unknown');
        if (state.status === 'used') {
          // The same member and amount again is a retry of this top-up.
          const retry = state.userPk === command.userPk && state.amountCents === command.amountCents;
          return retry ? [] : reject('pouch_used');
        }
        const { barcode, userPk, amountCents, actorPk } = command;
        return [
          {
            type: 'PouchUsed',
            data: {
              barcode,
              userPk,
              amountCents,
              posting: pouchTopUpPosting(barcode, userPk, amountCents, actorPk),
              at: now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PouchRegistered':
        return state.status === 'unregistered' ? { status: 'unused', barcode: event.data.barcode } : state;
      case 'PouchUsed': {
        const { barcode, userPk, amountCents, posting } = event.data;
        return { status: 'used', barcode, userPk, amountCents, posting };
      }
      default:
        return state;
    }
  },
};
