// What the ledger's operations take and answer (service.ts): requests, results, refusal reasons, and the
// small helpers the files of the Ledger class share.
import type { CommandContext, StateCache } from '../commands.ts';
import { nextSemester, semesterOf } from '../semester.ts';
import type { DebitReason } from './account.ts';
import { type Due, dueKeyOf, type recordedRefusalReasons } from './events.ts';
import type { PouchReason } from './pouch.ts';

export type RecordedRefusalReason = (typeof recordedRefusalReasons)[number];

/** Who asks, when, and from where; recorded in every event's metadata. */
export interface LedgerRequest {
  now: Date;
  /** The acting user's pk, or null for the system (the process manager). */
  actorPk: number | null;
  /** Shared by all events of one request; defaults to the operation's idempotency key. */
  correlationId?: string;
  causationId?: string | null;
  scope?: 'main' | 'store';
  ip?: string;
}

/** Points right after a step became durable, where a test can simulate a crash by throwing. */
export type LedgerStep = 'debited' | 'claimed' | 'pouch_used' | 'deposit_committed' | 'reversed';

export interface LedgerOptions {
  cache?: StateCache;
  /** Attempts per step when other writers keep changing the stream (default 200). */
  maxAttempts?: number;
  /** Test hook, called after each step in LedgerStep is stored; throwing stops the operation there. */
  afterStep?: (step: LedgerStep, key: string) => void;
}

/** An operation's outcome: the global position readers must reach to see it, or a named reason. */
export type LedgerResult<Reason extends string, Extra = object> =
  | ({ ok: true; position: number } & Extra)
  | { ok: false; reason: Reason; detail?: Record<string, unknown> };

export type TransferResult<Reason extends string> = LedgerResult<Reason, { transferKey: string }>;

/** A step ended in a state the design makes impossible: a bug, never a business refusal. */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerInvariantError';
  }
}

export type PayMemberFeeReason =
  | 'not_allowed'
  | 'semester_invalid'
  | 'already'
  | 'insufficient_balance'
  | 'idempotency_mismatch';
export type ReceiveMemberFeeReason =
  | 'already'
  | 'notfound'
  | 'self'
  | 'staff'
  | 'errormember'
  | 'needreview'
  | 'other'
  | 'idempotency_mismatch';
export type CorrectionReason = DebitReason | 'notfound' | 'not_modifiable';
export type PouchTopUpReason = PouchReason;

/** The payer as the fee-collection lookup found them (null: no such person). */
export interface FeePayerFacts {
  pk: number;
  isCurrentStaff: boolean;
  errormember: boolean;
  /** Another-school student whose account is not yet valid. */
  needsReview: boolean;
  /** How staff found them: by student ID or by mobile number. */
  identifiedBy: 'stuid' | 'mobile';
}

export interface DuePayment {
  due: string;
  transferKey: string;
}

export const DEFAULT_MAX_ATTEMPTS = 200;

/** The transferId of one item of a claim: unique per person, claim and due. */
export const dueTransferId = (userPk: number, claimId: string, due: Due): string =>
  `due:${userPk}:${claimId}:${dueKeyOf(due)}`;

export const semestersAt = (now: Date): { current: string; next: string } => {
  const current = semesterOf(now);
  return { current: current.tag, next: nextSemester(current).tag };
};

export const maxOf = (...positions: number[]): number => Math.max(0, ...positions);

/** The command context of a step of `request`: who, when, from where, and the correlation of its events. */
export const requestContext = (
  request: LedgerRequest,
  correlation: string,
  commandId?: string,
): CommandContext => ({
  now: request.now,
  actor: request.actorPk === null ? null : String(request.actorPk),
  correlationId: request.correlationId ?? correlation,
  causationId: request.causationId ?? null,
  ...(request.scope ? { scope: request.scope } : {}),
  ...(request.ip ? { ip: request.ip } : {}),
  ...(commandId ? { commandId } : {}),
});
