// The account decider: one stored-value account (stream account-{id}). It decides the debit side of a
// transfer against its own balance and expected revision, and accepts the credit side of transfers other
// accounts debited. Idempotency lives here: the state remembers every transferId it debited (or refused
// for good) and every transfer it credited, each with a fingerprint of the content, so a repeated command
// is a no-op and the same id with other content is refused with 'idempotency_mismatch'.
import { assertNever, type Decider, reject } from '../decider.ts';
import { type AccountId, MEMBER_FEE_ACCOUNT_TEXT } from './accounts.ts';
import {
  type AccountEvent,
  type Posting,
  recordedRefusalReasons,
  type TransferDebitedData,
  transferKeyOf,
} from './events.ts';
import { fingerprintOf } from './fingerprint.ts';
import { characterCount, isPositiveCents, SUMMARY_MIN_LENGTH } from './money.ts';
import { PersistentMap } from './persistent-map.ts';

/** A posting as a caller proposes it: the recipient may still be missing (refused with 'no_recipient'). */
export type PostingDraft = Omit<Posting, 'credit'> & { credit: AccountId | null };

export type DebitTransfer = {
  type: 'DebitTransfer';
  posting: PostingDraft;
  /** Looked-up fact: the debited account may go below zero (allowdebt, or an account that does by design). */
  allowDebt: boolean;
  /** Looked-up fact: the credited account's name; a plain transfer to the member-fee income is refused. */
  creditAccountName: string;
  /**
   * Sagas set this: a refusal for balance, amount or summary is then recorded (TransferRefused), so this
   * transferId can never be debited later and the saga may safely release what it claimed.
   */
  recordRefusal: boolean;
};

export type CreditTransfer = { type: 'CreditTransfer'; debited: TransferDebitedData };

export type AccountCommand = DebitTransfer | CreditTransfer;

export const debitReasons = [
  /** No recipient chosen ('not yet chosen who to transfer to'). */
  'no_recipient',
  /** Debit and credit are the same account. */
  'same_account',
  /** The amount is not a positive integer. */
  'amount_invalid',
  /** A refund of a transfer this account never received. */
  'refund_unknown',
  /** A refund larger than what is left of the refunded transfer. */
  'refund_exceeds',
  /** Below zero without allowdebt. */
  'insufficient_balance',
  /** The summary is missing or shorter than 2 characters. */
  'summary_too_short',
  /** A plain transfer to the member-fee income: use the pay-member-fee feature. */
  'memberfee_account',
  /** The same transferId was used for a transfer with other content. */
  'idempotency_mismatch',
] as const;
export type DebitReason = (typeof debitReasons)[number];
export type CreditReason = 'idempotency_mismatch';
export type AccountReason = DebitReason | CreditReason;

/** What the account remembers of a transferId it debited or refused for good. */
export type DebitMemo =
  | { outcome: 'debited'; fingerprint: string; revision: number; amountCents: number }
  | {
      outcome: 'refused';
      fingerprint: string;
      revision: number;
      reason: (typeof recordedRefusalReasons)[number];
    };

/** What the account remembers of a transfer it received, and how much of it has been refunded since. */
export interface CreditMemo {
  fingerprint: string;
  revision: number;
  amountCents: number;
  refundedCents: number;
}

export interface AccountState {
  balanceCents: number;
  /** Events folded so far: the next event's revision. */
  eventCount: number;
  /** By transferId (unique within this debit account). */
  debits: PersistentMap<DebitMemo>;
  /** By transferKey (the global name: debit account and transferId). */
  credits: PersistentMap<CreditMemo>;
}

/**
 * The fingerprint idempotency compares: everything a posting says, nothing about when it was asked. The
 * summary code is left out: it is the structured copy of the summary text, which is in, and leaving it
 * out keeps a retry that spans the release that added codes (same text, now with a code) a retry.
 */
export const postingFingerprint = (posting: PostingDraft): string =>
  fingerprintOf({ ...posting, summaryCode: undefined });

const isRecordable = (reason: DebitReason): reason is (typeof recordedRefusalReasons)[number] =>
  (recordedRefusalReasons as readonly string[]).includes(reason);

/** The business rules of a debit, in the order the spec lists them (document 1, section 5). */
function debitRefusal(command: DebitTransfer, state: AccountState): DebitReason | null {
  const { posting } = command;
  if (posting.credit === null) return 'no_recipient';
  if (posting.credit === posting.debit) return 'same_account';
  if (!isPositiveCents(posting.amountCents)) return 'amount_invalid';
  if (posting.links.refundOf !== undefined) {
    const refunded = state.credits.get(posting.links.refundOf);
    if (!refunded) return 'refund_unknown';
    if (refunded.refundedCents + posting.amountCents > refunded.amountCents) return 'refund_exceeds';
  }
  if (state.balanceCents - posting.amountCents < 0 && !command.allowDebt) return 'insufficient_balance';
  if (characterCount(posting.summary) < SUMMARY_MIN_LENGTH) return 'summary_too_short';
  if (posting.kind === 'transfer' && command.creditAccountName.includes(MEMBER_FEE_ACCOUNT_TEXT)) {
    return 'memberfee_account';
  }
  return null;
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState, AccountReason> = {
  initialState: () => ({
    balanceCents: 0,
    eventCount: 0,
    debits: PersistentMap.empty(),
    credits: PersistentMap.empty(),
  }),

  decide(command, state, now) {
    switch (command.type) {
      case 'DebitTransfer': {
        const { posting } = command;
        const fingerprint = postingFingerprint(posting);
        const prior = state.debits.get(posting.transferId);
        if (prior) return prior.fingerprint === fingerprint ? [] : reject('idempotency_mismatch');
        const refusal = debitRefusal(command, state);
        const transferKey = transferKeyOf(posting.debit, posting.transferId);
        if (refusal !== null) {
          if (!command.recordRefusal || posting.credit === null || !isRecordable(refusal))
            return reject(refusal);
          const data = {
            transferKey,
            posting: { ...posting, credit: posting.credit },
            at: now.toISOString(),
          };
          return [{ type: 'TransferRefused', data: { ...data, fingerprint, reason: refusal } }];
        }
        const credit = posting.credit as AccountId;
        return [
          {
            type: 'TransferDebited',
            data: {
              transferKey,
              posting: { ...posting, credit },
              at: now.toISOString(),
              fingerprint,
              balanceAfterCents: state.balanceCents - posting.amountCents,
            },
          },
        ];
      }
      case 'CreditTransfer': {
        const { debited } = command;
        const prior = state.credits.get(debited.transferKey);
        if (prior) return prior.fingerprint === debited.fingerprint ? [] : reject('idempotency_mismatch');
        return [
          {
            type: 'TransferCredited',
            data: {
              transferKey: debited.transferKey,
              posting: debited.posting,
              at: debited.at,
              fingerprint: debited.fingerprint,
              balanceAfterCents: state.balanceCents + debited.posting.amountCents,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    const revision = state.eventCount;
    switch (event.type) {
      case 'TransferDebited': {
        const { posting, fingerprint } = event.data;
        let credits = state.credits;
        if (posting.links.refundOf !== undefined) {
          const refunded = credits.get(posting.links.refundOf);
          if (refunded) {
            credits = credits.set(posting.links.refundOf, {
              ...refunded,
              refundedCents: refunded.refundedCents + posting.amountCents,
            });
          }
        }
        return {
          balanceCents: state.balanceCents - posting.amountCents,
          eventCount: revision + 1,
          debits: state.debits.set(posting.transferId, {
            outcome: 'debited',
            fingerprint,
            revision,
            amountCents: posting.amountCents,
          }),
          credits,
        };
      }
      case 'TransferRefused': {
        const { posting, fingerprint, reason } = event.data;
        return {
          ...state,
          eventCount: revision + 1,
          debits: state.debits.set(posting.transferId, { outcome: 'refused', fingerprint, revision, reason }),
        };
      }
      case 'TransferCredited': {
        const { transferKey, posting, fingerprint } = event.data;
        return {
          ...state,
          balanceCents: state.balanceCents + posting.amountCents,
          eventCount: revision + 1,
          credits: state.credits.set(transferKey, {
            fingerprint,
            revision,
            amountCents: posting.amountCents,
            refundedCents: 0,
          }),
        };
      }
      default:
        // Another domain's event in this stream would be a programmer error, but evolve stays total.
        return { ...state, eventCount: revision + 1 };
    }
  },
};

/** An account event as read from a stream or the log (a RecordedEvent will do). */
export interface AccountEntryLike {
  type: string;
  data: unknown;
}

/** The signed amount an account event moves on its own account: minus for a debit, plus for a credit. */
export function signedAmountCents(event: AccountEntryLike): number {
  if (event.type === 'TransferDebited') return -(event.data as TransferDebitedData).posting.amountCents;
  if (event.type === 'TransferCredited') return (event.data as TransferDebitedData).posting.amountCents;
  return 0;
}

const timeOf = (at: Date | string): number => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * Point-in-time balance: the balance of an account as of `at`, from its stream's events (every entry
 * whose transfer time is at or before `at`). A credit carries its debit's time, so both sides of a
 * transfer enter the balances at the same moment.
 */
export function balanceAt(events: Iterable<AccountEntryLike>, at: Date | string): number {
  const limit = timeOf(at);
  let balance = 0;
  for (const event of events) {
    if (event.type !== 'TransferDebited' && event.type !== 'TransferCredited') continue;
    if (Date.parse((event.data as TransferDebitedData).at) <= limit) balance += signedAmountCents(event);
  }
  return balance;
}
