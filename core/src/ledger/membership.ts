// The dues of one person (stream membership-{pk}): the member fee of each semester and the deposit of each
// workshop, each paid at most once. Paying is a saga over two streams:
//   1. ClaimDues here: every due of the request becomes 'pending' with the debit that will pay it, in one
//      append (refused with 'already' if any is pending or paid), so two payments of one due can never both
//      pass this step, whatever the interleaving;
//   2. the debit of each item on the payer's (or the collecting staff member's) account, asked to record a
//      refusal, so its outcome for that transferId is final either way;
//   3. ConfirmDue (paid) after a debit, or ReleaseDue (open again) after a recorded refusal.
// A saga that stops after step 1 or 2 is finished by the process manager, which repeats step 2 with the
// claim's stored posting (a no-op if it happened) and then step 3. Because the debit's outcome is final,
// the manager and a still-running saga always agree.
//
// ismember / isnextmember / lastmember derive from this state (membershipSummary).
import { assertNever, type Decider, reject } from '../decider.ts';
import { compareSemesterTags } from '../semester.ts';
import {
  type ClaimItem,
  type Due,
  dueKeyOf,
  type MembershipEvent,
  type recordedRefusalReasons,
  transferKeyOf,
} from './events.ts';
import { fingerprintOf } from './fingerprint.ts';

type RecordedRefusalReason = (typeof recordedRefusalReasons)[number];

/** A due's state; a due with no entry is open (never claimed, or released). */
export type DueStatus =
  | { status: 'pending'; claimId: string; item: ClaimItem; transferKey: string }
  | { status: 'paid'; transferKey: string }
  | { status: 'refunded'; transferKey: string; refundTransferKey: string };

export interface MembershipState {
  /** By dueKeyOf(due). */
  dues: Readonly<Record<string, DueStatus>>;
  /** Every claim by its claimId (the caller's idempotency key), with its fingerprint and items. */
  claims: Readonly<Record<string, { fingerprint: string; items: readonly ClaimItem[] }>>;
  /** Items whose debit was refused, by the item's transferId. */
  released: Readonly<Record<string, RecordedRefusalReason>>;
  /** Refunds already handled (cancelled or skipped), by the refund's transferKey. */
  refundsHandled: Readonly<Record<string, true>>;
  /** Every transfer that paid a due, by transferKey: 'refunded' once a refund cancelled it. */
  payments: Readonly<Record<string, 'paid' | 'refunded'>>;
}

/**
 * Facts the claim is checked against. 'self': a member paying from their balance (document 2: needs a
 * previous membership, not errormember, a valid account). 'collection': staff collecting cash (document
 * 3: not their own fee, not a current staff member's, not errormember, not awaiting review, and a person
 * who is not a member this semester must be identified by student ID).
 */
export type ClaimGate =
  | { kind: 'self'; errormember: boolean; valid: boolean }
  | {
      kind: 'collection';
      staffPk: number;
      currentSemester: string;
      payerIsCurrentStaff: boolean;
      errormember: boolean;
      needsReview: boolean;
      identifiedBy: 'stuid' | 'mobile';
    };

export type ClaimDues = {
  type: 'ClaimDues';
  userPk: number;
  claimId: string;
  items: readonly ClaimItem[];
  gate: ClaimGate;
};
export type ConfirmDue = { type: 'ConfirmDue'; userPk: number; due: Due; transferKey: string };
export type ReleaseDue = {
  type: 'ReleaseDue';
  userPk: number;
  due: Due;
  transferId: string;
  reason: RecordedRefusalReason;
};
/** A refund of `transferKey` with the cancel option: the due it paid is open again. */
export type CancelDue = {
  type: 'CancelDue';
  userPk: number;
  due: Due;
  transferKey: string;
  refundTransferKey: string;
};
export type MembershipCommand = ClaimDues | ConfirmDue | ReleaseDue | CancelDue;

export const claimReasons = [
  /** Self-pay not allowed: never a member, errormember, or not valid ('you currently cannot pay the fee'). */
  'not_allowed',
  /** Staff collecting their own fee ('pay your own fee yourself'). */
  'self',
  /** The payer is current staff ('cannot pay for current staff'). */
  'staff',
  /** The payer has the errormember authority. */
  'errormember',
  /** Another-school student awaiting the president's review. */
  'needreview',
  /** A non-member must be identified by student ID ('no such person'). */
  'notfound',
  /** A due of the request is already paid or being paid. */
  'already',
  'idempotency_mismatch',
] as const;
export type ClaimReason = (typeof claimReasons)[number];
/** A saga step that does not match the due's state: impossible unless a programmer broke the saga. */
export type MembershipReason = ClaimReason | 'not_pending';

/** The fingerprint of a claim: which dues, paid by which postings (not the looked-up facts). */
export const claimFingerprint = (userPk: number, items: readonly ClaimItem[]): string =>
  fingerprintOf({ userPk, items: items.map(({ due, posting }) => ({ due, posting })) });

const itemTransferKey = (item: ClaimItem): string =>
  transferKeyOf(item.posting.debit, item.posting.transferId);

const hasPaidMemberFee = (state: MembershipState, semester?: string): boolean =>
  Object.entries(state.dues).some(
    ([key, status]) =>
      status.status === 'paid' &&
      (semester === undefined ? key.startsWith('memberfee:') : key === `memberfee:${semester}`),
  );

function gateRefusal(gate: ClaimGate, userPk: number, state: MembershipState): ClaimReason | null {
  switch (gate.kind) {
    case 'self':
      if (gate.errormember || !gate.valid || !hasPaidMemberFee(state)) return 'not_allowed';
      return null;
    case 'collection':
      if (gate.staffPk === userPk) return 'self';
      if (gate.payerIsCurrentStaff) return 'staff';
      if (gate.errormember) return 'errormember';
      if (gate.needsReview) return 'needreview';
      if (gate.identifiedBy !== 'stuid' && !hasPaidMemberFee(state, gate.currentSemester)) return 'notfound';
      return null;
    default:
      return assertNever(gate);
  }
}

const withDue = (
  state: MembershipState,
  due: Due,
  status: DueStatus | undefined,
): MembershipState['dues'] => {
  const dues = { ...state.dues };
  if (status) dues[dueKeyOf(due)] = status;
  else delete dues[dueKeyOf(due)];
  return dues;
};

export const membershipDecider: Decider<
  MembershipCommand,
  MembershipEvent,
  MembershipState,
  MembershipReason
> = {
  initialState: () => ({ dues: {}, claims: {}, released: {}, refundsHandled: {}, payments: {} }),

  decide(command, state, now) {
    const at = now.toISOString();
    switch (command.type) {
      case 'ClaimDues': {
        if (command.items.length === 0) throw new Error('a claim needs at least one due');
        const fingerprint = claimFingerprint(command.userPk, command.items);
        const prior = state.claims[command.claimId];
        if (prior) return prior.fingerprint === fingerprint ? [] : reject('idempotency_mismatch');
        const refusal = gateRefusal(command.gate, command.userPk, state);
        if (refusal) return reject(refusal);
        const seen = new Set<string>();
        for (const item of command.items) {
          const key = dueKeyOf(item.due);
          if (seen.has(key)) throw new Error(`due ${key} twice in one claim`);
          seen.add(key);
          const status = state.dues[key]?.status;
          if (status === 'pending' || status === 'paid') return reject('already', { due: key, status });
        }
        return [
          {
            type: 'DuesClaimed',
            data: {
              userPk: command.userPk,
              claimId: command.claimId,
              fingerprint,
              items: [...command.items],
              at,
            },
          },
        ];
      }
      case 'ConfirmDue': {
        // Already confirmed, or refunded before it was confirmed: nothing to do.
        if (state.payments[command.transferKey]) return [];
        const status = state.dues[dueKeyOf(command.due)];
        if (status?.status !== 'pending' || status.transferKey !== command.transferKey)
          return reject('not_pending');
        return [
          {
            type: 'DuePaid',
            data: {
              userPk: command.userPk,
              due: command.due,
              transferId: status.item.posting.transferId,
              transferKey: command.transferKey,
              at,
            },
          },
        ];
      }
      case 'ReleaseDue': {
        if (state.released[command.transferId]) return [];
        const status = state.dues[dueKeyOf(command.due)];
        if (status?.status !== 'pending' || status.item.posting.transferId !== command.transferId) {
          return reject('not_pending');
        }
        const { userPk, due, transferId, reason } = command;
        return [{ type: 'DueReleased', data: { userPk, due, transferId, reason, at } }];
      }
      case 'CancelDue': {
        if (state.refundsHandled[command.refundTransferKey]) return [];
        const status = state.dues[dueKeyOf(command.due)];
        const { userPk, due, transferKey, refundTransferKey } = command;
        const data = { userPk, due, transferKey, refundTransferKey, at };
        // A refund of the transfer that pays this due now (paid, or paid but not yet confirmed) cancels it;
        // any other refund (a second partial refund, a payment since replaced) is noted and changes nothing.
        const paysNow =
          status !== undefined && status.status !== 'refunded' && status.transferKey === transferKey;
        return [{ type: paysNow ? 'DueRefunded' : 'DueRefundSkipped', data }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DuesClaimed': {
        const dues = { ...state.dues };
        for (const item of event.data.items) {
          dues[dueKeyOf(item.due)] = {
            status: 'pending',
            claimId: event.data.claimId,
            item,
            transferKey: itemTransferKey(item),
          };
        }
        const claims = {
          ...state.claims,
          [event.data.claimId]: { fingerprint: event.data.fingerprint, items: event.data.items },
        };
        return { ...state, dues, claims };
      }
      case 'DuePaid':
        return {
          ...state,
          dues: withDue(state, event.data.due, { status: 'paid', transferKey: event.data.transferKey }),
          payments: { ...state.payments, [event.data.transferKey]: 'paid' },
        };
      case 'DueReleased':
        return {
          ...state,
          dues: withDue(state, event.data.due, undefined),
          released: { ...state.released, [event.data.transferId]: event.data.reason },
        };
      case 'DueRefunded':
        return {
          ...state,
          dues: withDue(state, event.data.due, {
            status: 'refunded',
            transferKey: event.data.transferKey,
            refundTransferKey: event.data.refundTransferKey,
          }),
          refundsHandled: { ...state.refundsHandled, [event.data.refundTransferKey]: true },
          payments: { ...state.payments, [event.data.transferKey]: 'refunded' },
        };
      case 'DueRefundSkipped':
        return {
          ...state,
          refundsHandled: { ...state.refundsHandled, [event.data.refundTransferKey]: true },
        };
      default:
        return state;
    }
  },
};

export interface MembershipSummary {
  /** Paid the member fee of the current semester. */
  ismember: boolean;
  /** Paid the member fee of the next semester. */
  isnextmember: boolean;
  /** The latest semester with a paid member fee, or null if never a member. */
  lastmember: string | null;
  /** Every semester with a paid member fee, oldest first. */
  paidSemesters: string[];
}

export function membershipSummary(
  state: MembershipState,
  currentSemester: string,
  nextSemester: string,
): MembershipSummary {
  const paidSemesters = Object.entries(state.dues)
    .filter(([key, status]) => key.startsWith('memberfee:') && status.status === 'paid')
    .map(([key]) => key.slice('memberfee:'.length))
    .sort(compareSemesterTags);
  return {
    ismember: paidSemesters.includes(currentSemester),
    isnextmember: paidSemesters.includes(nextSemester),
    lastmember: paidSemesters.at(-1) ?? null,
    paidSemesters,
  };
}

/** The status of one due ('open' when never claimed, released, or cancelled by a refund). */
export const dueStatusOf = (state: MembershipState, due: Due): DueStatus | { status: 'open' } => {
  const status = state.dues[dueKeyOf(due)];
  return status && status.status !== 'refunded' ? status : { status: 'open' };
};
