// The ledger's application service. It runs the deciders against the store (handleCommand: read, decide,
// append with the expected revision, retry on conflict) and strings the steps of each operation together:
//
//   transfer:   DebitTransfer on account-{debit}  ->  CreditTransfer on account-{credit}
//   dues:       ClaimDues on membership-{pk} -> debit (refusal recorded) -> ConfirmDue | ReleaseDue -> credit
//   pouch:      UsePouch on pouch-{barcode} -> debit pouch clearing -> credit member
//   deposit:    ScanPouch ... CommitDeposit on deposit-counting -> debit club cash -> credit pouch clearing
//   refund:     a new transfer the other way (links.refundOf) -> credit -> CancelDue when asked
//
// Every step is idempotent on its own stream, so the process manager (process-manager.ts) can finish any
// operation that stopped half-way by repeating its remaining steps. A step's result is the stored event:
// the one this very call appended, or else (a no-op, a retry) the one read back through the revision the
// account state remembers for that transfer, so a retry returns the first result.
//
// Facts the ledger cannot know (authorities such as allowdebt, whether someone is staff, errormember,
// valid, names of people) are passed in by the caller.
import type { ZodType } from 'zod';
import { workshopRosterStream } from '../access/events.ts';
import type { WorkshopKind } from '../access/events.ts';
import { workshopRosterDecider } from '../access/workshop-roster.ts';
import { type CommandContext, handleCommand, loadState, StateCache } from '../commands.ts';
import type { Decider, DomainEvent } from '../decider.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { nextSemester, semesterOf } from '../semester.ts';
import {
  type AccountState,
  accountDecider,
  balanceAt,
  type DebitReason,
  type PostingDraft,
  postingFingerprint,
} from './account.ts';
import {
  type AccountRef,
  accountName,
  accountStream,
  CLUB_ACCOUNTS,
  mayGoNegativeByDesign,
  staffCashAccount,
  toAccountId,
  userAccount,
} from './accounts.ts';
import {
  accountEventSchema,
  type Banknotes,
  type ClaimItem,
  DEPOSIT_COUNTING_STREAM,
  type Due,
  depositEventSchema,
  dueKeyOf,
  dueOfLinks,
  membershipEventSchema,
  membershipStream,
  type Posting,
  pouchBarcodeSchema,
  pouchEventSchema,
  pouchStream,
  type recordedRefusalReasons,
  type TransferDebitedData,
  type TransferLinks,
  transferKeyOf,
  parseTransferKey,
} from './events.ts';
import {
  banknoteRefusal,
  type CountedPouch,
  commitFingerprint,
  type DepositCountingState,
  type DepositReason,
  depositCountingDecider,
  type PouchFact,
  pouchCountRefusal,
} from './deposit.ts';
import {
  type ClaimGate,
  type ClaimReason,
  claimFingerprint,
  type MembershipState,
  type MembershipSummary,
  membershipDecider,
  membershipSummary,
} from './membership.ts';
import { MEMBER_FEE_CENTS, WORKSHOP_DEPOSIT_CENTS } from './money.ts';
import { type PouchReason, type PouchState, pouchDecider } from './pouch.ts';
import { type SummaryCode, summaryCodeOf, systemSummary } from './summary-text.ts';

type RecordedRefusalReason = (typeof recordedRefusalReasons)[number];

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

const DEFAULT_MAX_ATTEMPTS = 200;

/** The transferId of one item of a claim: unique per person, claim and due. */
export const dueTransferId = (userPk: number, claimId: string, due: Due): string =>
  `due:${userPk}:${claimId}:${dueKeyOf(due)}`;

const semestersAt = (now: Date): { current: string; next: string } => {
  const current = semesterOf(now);
  return { current: current.tag, next: nextSemester(current).tag };
};

const maxOf = (...positions: number[]): number => Math.max(0, ...positions);

export class Ledger {
  readonly cache: StateCache;
  private readonly maxAttempts: number;
  private readonly afterStepHook: ((step: LedgerStep, key: string) => void) | undefined;

  constructor(
    readonly store: EventStore,
    options: LedgerOptions = {},
  ) {
    this.cache = options.cache ?? new StateCache();
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.afterStepHook = options.afterStep;
  }

  // ---------------------------------------------------------------------------------------------------
  // Transfers

  /** A member's transfer (document 1): from one account to another, within the balance unless allowDebt. */
  async transfer(
    input: LedgerRequest & {
      /** The caller's idempotency key. */
      transferId: string;
      from: AccountRef;
      /** Null when no recipient was chosen. */
      to: AccountRef | null;
      amountCents: number;
      summary: string;
      /** Looked-up fact: the payer holds allowdebt. */
      allowDebt: boolean;
      /** The recipient's name (club accounts are named by the registry); for the member-fee refusal. */
      recipientName?: string;
      links?: Pick<TransferLinks, 'stockDelta' | 'gicleeJob'>;
    },
  ): Promise<TransferResult<DebitReason>> {
    const debit = toAccountId(input.from);
    const credit = input.to === null ? null : toAccountId(input.to);
    const posting: PostingDraft = {
      transferId: `transfer:${input.transferId}`,
      kind: 'transfer',
      debit,
      credit,
      amountCents: input.amountCents,
      summary: input.summary.trim(),
      actorPk: input.actorPk,
      links: { ...input.links },
    };
    const creditAccountName = credit === null ? '' : accountName(credit, 'zh', input.recipientName);
    return this.postTransfer(posting, { allowDebt: input.allowDebt, creditAccountName }, input);
  }

  /** Any other booking between two accounts (stock sales, giclee jobs, cash handed to the club, ...). */
  async post(
    input: LedgerRequest & {
      transferId: string;
      from: AccountRef;
      to: AccountRef;
      amountCents: number;
      /** Typed text; a system-made posting passes `summaryCode` instead. */
      summary: string | SummaryCode;
      allowDebt: boolean;
      links?: Pick<TransferLinks, 'stockDelta' | 'gicleeJob'>;
    },
  ): Promise<TransferResult<DebitReason>> {
    const posting: PostingDraft = {
      transferId: `posting:${input.transferId}`,
      kind: 'posting',
      debit: toAccountId(input.from),
      credit: toAccountId(input.to),
      amountCents: input.amountCents,
      ...(typeof input.summary === 'string'
        ? { summary: input.summary.trim() }
        : systemSummary(input.summary)),
      actorPk: input.actorPk,
      links: { ...input.links },
    };
    return this.postTransfer(posting, { allowDebt: input.allowDebt, creditAccountName: '' }, input);
  }

  /** Staff with addvalue took cash from a member: their cash in hand pays the member's account. */
  async addValue(
    input: LedgerRequest & {
      transferId: string;
      staffPk: number;
      userPk: number;
      amountCents: number;
      summary?: string;
    },
  ): Promise<TransferResult<DebitReason>> {
    const posting: PostingDraft = {
      transferId: `add_value:${input.transferId}`,
      kind: 'add_value',
      debit: staffCashAccount(input.staffPk),
      credit: userAccount(input.userPk),
      amountCents: input.amountCents,
      ...(input.summary === undefined
        ? systemSummary({ code: 'cash_topup', params: {} })
        : { summary: input.summary.trim() }),
      actorPk: input.actorPk,
      links: {},
    };
    return this.postTransfer(posting, { allowDebt: true, creditAccountName: '' }, input);
  }

  /** Staff with addvalue gave cash back to a member: the member's account pays the staff's cash in hand. */
  async takeBack(
    input: LedgerRequest & {
      transferId: string;
      staffPk: number;
      userPk: number;
      amountCents: number;
      /** Looked-up fact: the member holds allowdebt. */
      allowDebt: boolean;
      summary?: string;
    },
  ): Promise<TransferResult<DebitReason>> {
    const posting: PostingDraft = {
      transferId: `take_back:${input.transferId}`,
      kind: 'take_back',
      debit: userAccount(input.userPk),
      credit: staffCashAccount(input.staffPk),
      amountCents: input.amountCents,
      ...(input.summary === undefined
        ? systemSummary({ code: 'cash_takeback', params: {} })
        : { summary: input.summary.trim() }),
      actorPk: input.actorPk,
      links: {},
    };
    return this.postTransfer(posting, { allowDebt: input.allowDebt, creditAccountName: '' }, input);
  }

  // ---------------------------------------------------------------------------------------------------
  // Dues: member fee and workshop deposits

  /** PayMemberFee (document 2): 600 NTD from the member's own balance for the current or next semester. */
  async payMemberFee(
    input: LedgerRequest & {
      /** The caller's idempotency key. */
      claimId: string;
      userPk: number;
      semester: string;
      /** Looked-up facts. */
      allowDebt: boolean;
      errormember: boolean;
      valid: boolean;
    },
  ): Promise<LedgerResult<PayMemberFeeReason, { transfers: DuePayment[] }>> {
    const { current, next } = semestersAt(input.now);
    if (input.semester !== current && input.semester !== next)
      return { ok: false, reason: 'semester_invalid' };
    const due: Due = { kind: 'memberfee', semester: input.semester };
    const item: ClaimItem = {
      due,
      allowDebt: input.allowDebt,
      posting: {
        transferId: dueTransferId(input.userPk, input.claimId, due),
        kind: 'memberfee',
        debit: userAccount(input.userPk),
        credit: CLUB_ACCOUNTS.memberFeeIncome.id,
        amountCents: MEMBER_FEE_CENTS,
        ...systemSummary({ code: 'memberfee', params: { semester: input.semester } }),
        actorPk: input.actorPk,
        links: { memberfee: { userPk: input.userPk, semester: input.semester } },
      },
    };
    const gate: ClaimGate = { kind: 'self', errormember: input.errormember, valid: input.valid };
    const result = await this.claimAndPay(input.userPk, input.claimId, [item], gate, input);
    if (result.ok) return result;
    switch (result.reason) {
      case 'not_allowed':
      case 'already':
      case 'idempotency_mismatch':
      case 'insufficient_balance':
        return { ok: false, reason: result.reason, ...(result.detail ? { detail: result.detail } : {}) };
      default:
        throw new LedgerInvariantError(`self-pay refused with ${result.reason}`);
    }
  }

  /**
   * AdminReceiveMemberFee 'pay' (document 3): staff take cash for the member fee and/or workshop deposits;
   * each due is debited from the staff member's cash in hand (which may go negative) in one claim.
   */
  async receiveMemberFee(
    input: LedgerRequest & {
      /** The caller's idempotency key for this collection. */
      collectionId: string;
      staffPk: number;
      payer: FeePayerFacts | null;
      /** The semester whose member fee is paid, or null for deposits only. */
      memberfeeSemester: string | null;
      workshops: readonly { semester: string; workshopKind: WorkshopKind }[];
      /** What the staff screen showed as the total; must match the items. */
      totalNeedPayCents: number;
    },
  ): Promise<LedgerResult<ReceiveMemberFeeReason, { transfers: DuePayment[] }>> {
    const { payer } = input;
    if (payer === null) return { ok: false, reason: 'notfound' };
    const { current, next } = semestersAt(input.now);
    const semester = input.memberfeeSemester;
    if (semester !== null && semester !== current && semester !== next) return { ok: false, reason: 'other' };
    const debit = staffCashAccount(input.staffPk);
    const items: ClaimItem[] = [];
    if (semester !== null) {
      const due: Due = { kind: 'memberfee', semester };
      items.push({
        due,
        allowDebt: true,
        posting: {
          transferId: dueTransferId(payer.pk, input.collectionId, due),
          kind: 'memberfee',
          debit,
          credit: CLUB_ACCOUNTS.memberFeeIncome.id,
          amountCents: MEMBER_FEE_CENTS,
          ...systemSummary({ code: 'memberfee_cash', params: { semester } }),
          actorPk: input.actorPk,
          links: { memberfee: { userPk: payer.pk, semester } },
        },
      });
    }
    for (const workshop of input.workshops) {
      const due: Due = { kind: 'workshop', semester: workshop.semester, workshopKind: workshop.workshopKind };
      items.push({
        due,
        allowDebt: true,
        posting: {
          transferId: dueTransferId(payer.pk, input.collectionId, due),
          kind: 'workshop_deposit',
          debit,
          credit: CLUB_ACCOUNTS.workshopDeposits.id,
          amountCents: WORKSHOP_DEPOSIT_CENTS,
          ...systemSummary({ code: 'workshop_deposit_cash', params: { semester: workshop.semester } }),
          actorPk: input.actorPk,
          links: {
            workshop: { userPk: payer.pk, semester: workshop.semester, workshopKind: workshop.workshopKind },
          },
        },
      });
    }
    const total = items.reduce((sum, item) => sum + item.posting.amountCents, 0);
    const keys = new Set(items.map((item) => dueKeyOf(item.due)));
    if (items.length === 0 || keys.size !== items.length || total !== input.totalNeedPayCents) {
      return { ok: false, reason: 'other' };
    }
    const gate: ClaimGate = {
      kind: 'collection',
      staffPk: input.staffPk,
      currentSemester: current,
      payerIsCurrentStaff: payer.isCurrentStaff,
      errormember: payer.errormember,
      needsReview: payer.needsReview,
      identifiedBy: payer.identifiedBy,
    };
    const result = await this.claimAndPay(payer.pk, input.collectionId, items, gate, input);
    if (result.ok) return result;
    switch (result.reason) {
      case 'already':
      case 'notfound':
      case 'self':
      case 'staff':
      case 'errormember':
      case 'needreview':
      case 'idempotency_mismatch':
        return { ok: false, reason: result.reason, ...(result.detail ? { detail: result.detail } : {}) };
      default:
        // The staff cash account may go negative, so its debits cannot be refused.
        throw new LedgerInvariantError(`fee collection refused with ${result.reason}`);
    }
  }

  private async claimAndPay(
    userPk: number,
    claimId: string,
    items: readonly ClaimItem[],
    gate: ClaimGate,
    request: LedgerRequest,
  ): Promise<LedgerResult<ClaimReason | RecordedRefusalReason, { transfers: DuePayment[] }>> {
    const fingerprint = claimFingerprint(userPk, items);
    const stream = membershipStream(userPk);
    const claimed = await this.run(
      stream,
      membershipDecider,
      { type: 'ClaimDues', userPk, claimId, items, gate },
      this.context(request, `claim:${userPk}:${claimId}`),
      membershipEventSchema,
    );
    if (!claimed.ok) {
      const { rejected, detail } = claimed.rejection;
      if (rejected === 'not_pending') throw new LedgerInvariantError('a claim cannot be not_pending');
      return { ok: false, reason: rejected, ...(detail ? { detail } : {}) };
    }
    const stored = claimed.state.claims[claimId];
    if (!stored) throw new LedgerInvariantError(`claim ${claimId} missing after it was decided`);
    if (stored.fingerprint !== fingerprint) return { ok: false, reason: 'idempotency_mismatch' };
    this.afterStep('claimed', claimId);
    let position = claimed.position;
    const transfers: DuePayment[] = [];
    for (const item of stored.items) {
      const paid = await this.payDueItem(userPk, item, request);
      if (!paid.ok) return paid;
      position = maxOf(position, paid.position);
      transfers.push({ due: dueKeyOf(item.due), transferKey: paid.transferKey });
    }
    return { ok: true, position, transfers };
  }

  /**
   * Steps 2 and 3 of the dues saga for one claimed item; also how the process manager resumes a claim. Safe
   * to run any number of times, concurrently too: the debit's outcome for the item's transferId is final.
   */
  async payDueItem(
    userPk: number,
    item: ClaimItem,
    request: LedgerRequest,
  ): Promise<TransferResult<RecordedRefusalReason>> {
    const transferKey = transferKeyOf(item.posting.debit, item.posting.transferId);
    const membership = await this.membership(userPk);
    const released = membership.released[item.posting.transferId];
    if (released) return { ok: false, reason: released };
    const debited = await this.debitStep(
      item.posting,
      { allowDebt: item.allowDebt, creditAccountName: '', recordRefusal: true },
      request,
    );
    if (!debited.ok) {
      if (!debited.recorded) {
        throw new LedgerInvariantError(
          `due debit ${transferKey} refused without a record: ${debited.reason}`,
        );
      }
      const reason = debited.reason as RecordedRefusalReason;
      await this.releaseDue(userPk, item.due, item.posting.transferId, reason, request);
      return { ok: false, reason };
    }
    this.afterStep('debited', transferKey);
    const position = await this.completeTransfer(debited.debited, request);
    return { ok: true, transferKey, position: maxOf(debited.position, position) };
  }

  // ---------------------------------------------------------------------------------------------------
  // Cash pouches and their counting

  /** Registers a numbered pouch (its label is printed); registering again changes nothing. */
  async registerPouch(input: LedgerRequest & { barcode: string }): Promise<LedgerResult<never>> {
    if (!pouchBarcodeSchema.safeParse(input.barcode).success)
      throw new Error(`bad pouch barcode ${input.barcode}`);
    const result = await this.run(
      pouchStream(input.barcode),
      pouchDecider,
      { type: 'RegisterPouch', barcode: input.barcode, actorPk: input.actorPk },
      this.context(input, `pouch:${input.barcode}`),
      pouchEventSchema,
    );
    if (!result.ok) throw new LedgerInvariantError('registering a pouch cannot be refused');
    return { ok: true, position: result.position };
  }

  /** A member tops up with a numbered pouch: credited at once (pouch clearing pays the member). */
  async pouchTopUp(
    input: LedgerRequest & { barcode: string; userPk: number; amountCents: number },
  ): Promise<TransferResult<PouchTopUpReason>> {
    if (!pouchBarcodeSchema.safeParse(input.barcode).success) return { ok: false, reason: 'pouch_unknown' };
    const used = await this.run(
      pouchStream(input.barcode),
      pouchDecider,
      {
        type: 'UsePouch',
        barcode: input.barcode,
        userPk: input.userPk,
        amountCents: input.amountCents,
        actorPk: input.actorPk,
      },
      this.context(input, `pouch:${input.barcode}`),
      pouchEventSchema,
    );
    if (!used.ok) return { ok: false, reason: used.rejection.rejected };
    const state = used.state;
    if (state.status !== 'used')
      throw new LedgerInvariantError(`pouch ${input.barcode} not used after UsePouch`);
    if (state.userPk !== input.userPk || state.amountCents !== input.amountCents)
      return { ok: false, reason: 'pouch_used' };
    this.afterStep('pouch_used', input.barcode);
    const posted = await this.postStoredPosting(state.posting, input);
    return { ok: true, transferKey: posted.transferKey, position: maxOf(used.position, posted.position) };
  }

  async pouch(barcode: string): Promise<PouchState> {
    if (!pouchBarcodeSchema.safeParse(barcode).success) return { status: 'unregistered' };
    return (await loadState(this.store, pouchStream(barcode), pouchDecider, this.cache)).state;
  }

  /** The open counting batch (AdminDeposit list of what has been scanned). */
  async depositBatch(): Promise<{ batchNo: number; pouches: readonly CountedPouch[]; totalCents: number }> {
    const state = await this.depositState();
    return { batchNo: state.batchNo, pouches: state.batch, totalCents: state.batchTotalCents };
  }

  /** AdminDeposit scan: staff counted `countedCents` in the pouch; `force` confirms a differing amount. */
  async scanPouch(
    input: LedgerRequest & { barcode: string; countedCents: number; force: boolean; staffPk: number },
  ): Promise<LedgerResult<DepositReason, { batchNo: number; declaredCents: number }>> {
    const pouch = await this.pouch(input.barcode);
    const fact: PouchFact =
      pouch.status === 'used' ? { status: 'used', amountCents: pouch.amountCents } : { status: pouch.status };
    const result = await this.run(
      DEPOSIT_COUNTING_STREAM,
      depositCountingDecider,
      {
        type: 'ScanPouch',
        barcode: input.barcode,
        countedCents: input.countedCents,
        force: input.force,
        pouch: fact,
        staffPk: input.staffPk,
      },
      this.context(input, `scan:${input.barcode}`),
      depositEventSchema,
    );
    if (!result.ok) {
      const { rejected, detail } = result.rejection;
      return { ok: false, reason: rejected, ...(detail ? { detail } : {}) };
    }
    const counted = result.state.counted.get(input.barcode);
    if (!counted || counted.countedCents !== input.countedCents) return { ok: false, reason: 'counted' };
    return {
      ok: true,
      position: result.position,
      batchNo: counted.batchNo,
      declaredCents: pouch.status === 'used' ? pouch.amountCents : 0,
    };
  }

  /** Settle 1: the number of pouches in hand must equal the counted ones. */
  async checkPouchCount(pocketCount: number): Promise<'nothing_counted' | 'quantity' | null> {
    return pouchCountRefusal(await this.depositState(), pocketCount);
  }

  /** Settle 2: banknotes and coins must add up to the counted total. */
  async checkBanknotes(
    banknotes: Banknotes,
    coinsCents: number,
  ): Promise<'banknote_format' | 'total' | null> {
    return banknoteRefusal(await this.depositState(), banknotes, coinsCents);
  }

  /** Commit: closes the batch and moves its total from pouch clearing to the club's cash. */
  async commitDeposit(
    input: LedgerRequest & {
      commitKey: string;
      pocketCount: number;
      /** Null (both) when only the stated total was sent. */
      banknotes: Banknotes | null;
      coinsCents: number | null;
      statedTotalCents?: number | null;
      staffPk: number;
    },
  ): Promise<
    LedgerResult<DepositReason, { batchNo: number; totalCents: number; transferKey: string | null }>
  > {
    const command = {
      type: 'CommitDeposit' as const,
      commitKey: input.commitKey,
      pocketCount: input.pocketCount,
      banknotes: input.banknotes,
      coinsCents: input.coinsCents,
      statedTotalCents: input.statedTotalCents ?? null,
      staffPk: input.staffPk,
    };
    const result = await this.run(
      DEPOSIT_COUNTING_STREAM,
      depositCountingDecider,
      command,
      this.context(input, `commit:${input.commitKey}`),
      depositEventSchema,
    );
    if (!result.ok) {
      const { rejected, detail } = result.rejection;
      return { ok: false, reason: rejected, ...(detail ? { detail } : {}) };
    }
    const commit = result.state.commits[input.commitKey];
    if (!commit) throw new LedgerInvariantError(`commit ${input.commitKey} missing after it was decided`);
    if (commit.fingerprint !== commitFingerprint(command))
      return { ok: false, reason: 'idempotency_mismatch' };
    this.afterStep('deposit_committed', input.commitKey);
    const base = { ok: true as const, batchNo: commit.batchNo, totalCents: commit.totalCents };
    if (commit.posting === null) return { ...base, position: result.position, transferKey: null };
    const posted = await this.postStoredPosting(commit.posting, input);
    return { ...base, position: maxOf(result.position, posted.position), transferKey: posted.transferKey };
  }

  private async depositState(): Promise<DepositCountingState> {
    return (await loadState(this.store, DEPOSIT_COUNTING_STREAM, depositCountingDecider, this.cache)).state;
  }

  // ---------------------------------------------------------------------------------------------------
  // Corrections (AdminTransDetail): new transfers the other way, never edits of the past

  /**
   * Refund: a transfer from the original's credit account back to its debit account, linked refundOf.
   * `cancelDue` (the form's memberFee option) also cancels the member fee or workshop deposit it paid.
   */
  async refund(
    input: LedgerRequest & {
      transferId: string;
      /** transferKey of the transfer refunded. */
      original: string;
      amountCents: number;
      /** The refund reason, recorded as the summary (a code for a refund the system makes). */
      reason: string | SummaryCode;
      cancelDue: boolean;
      /** Looked-up fact: the refunding account (the original's recipient) holds allowdebt. */
      allowDebt: boolean;
      stockDelta?: TransferLinks['stockDelta'];
      /** Clear the giclee job's payment link so the job can be paid again. */
      clearGicleeLink?: boolean;
    },
  ): Promise<TransferResult<CorrectionReason>> {
    const original = await this.transferOf(input.original);
    if (!original) return { ok: false, reason: 'notfound' };
    await this.creditStep(original, input);
    const links: TransferLinks = { refundOf: original.transferKey };
    if (input.cancelDue) Object.assign(links, dueLinksOf(original));
    if (input.stockDelta) links.stockDelta = input.stockDelta;
    if (input.clearGicleeLink && original.posting.links.gicleeJob)
      links.gicleeJob = original.posting.links.gicleeJob;
    const posting: PostingDraft = {
      transferId: `refund:${input.transferId}`,
      kind: 'refund',
      debit: original.posting.credit,
      credit: original.posting.debit,
      amountCents: input.amountCents,
      ...(typeof input.reason === 'string' ? { summary: input.reason.trim() } : systemSummary(input.reason)),
      actorPk: input.actorPk,
      links,
    };
    return this.postTransfer(posting, { allowDebt: input.allowDebt, creditAccountName: '' }, input);
  }

  /** Delete: reverses what is left of the transfer (cancelling the due it paid). */
  async deleteTransfer(
    input: LedgerRequest & { transferId: string; original: string; reason?: string; allowDebt: boolean },
  ): Promise<TransferResult<CorrectionReason>> {
    const original = await this.transferOf(input.original);
    if (!original) return { ok: false, reason: 'notfound' };
    return this.reverse(
      original,
      `delete:${input.transferId}`,
      input.reason === undefined
        ? systemSummary({ code: 'deletion', params: { original: summaryCodeOf(original.posting) } })
        : { summary: input.reason },
      input.allowDebt,
      input,
    );
  }

  /**
   * Modify: reverse the transfer, then post the corrected one (from the same payer to `to`, with the new
   * amount and summary) linked `replaces`. A retry with the same transferId finishes a modify that stopped
   * between the two (for example because the repost was refused for balance).
   */
  async modify(
    input: LedgerRequest & {
      transferId: string;
      original: string;
      to: AccountRef;
      amountCents: number;
      summary: string;
      /** Looked-up facts: the original's recipient (reversal) and payer (repost) hold allowdebt. */
      allowDebt: { reversal: boolean; repost: boolean };
    },
  ): Promise<LedgerResult<CorrectionReason, { transferKey: string; reversalKey: string }>> {
    const original = await this.transferOf(input.original);
    if (!original) return { ok: false, reason: 'notfound' };
    if (dueOfLinks(original.posting.links) !== null) return { ok: false, reason: 'not_modifiable' };
    const reversal = await this.reverse(
      original,
      `modify:${input.transferId}:reversal`,
      systemSummary({ code: 'correction', params: { original: summaryCodeOf(original.posting) } }),
      input.allowDebt.reversal,
      input,
    );
    if (!reversal.ok) return reversal;
    this.afterStep('reversed', reversal.transferKey);
    const links: TransferLinks = { replaces: original.transferKey };
    if (original.posting.links.stockDelta) links.stockDelta = original.posting.links.stockDelta;
    if (original.posting.links.gicleeJob) links.gicleeJob = original.posting.links.gicleeJob;
    const posting: PostingDraft = {
      transferId: `modify:${input.transferId}:repost`,
      kind: 'repost',
      debit: original.posting.debit,
      credit: toAccountId(input.to),
      amountCents: input.amountCents,
      summary: input.summary.trim(),
      actorPk: input.actorPk,
      links,
    };
    const repost = await this.postTransfer(
      posting,
      { allowDebt: input.allowDebt.repost, creditAccountName: '' },
      input,
    );
    if (!repost.ok)
      return { ok: false, reason: repost.reason, detail: { reversalKey: reversal.transferKey } };
    return {
      ...repost,
      position: maxOf(reversal.position, repost.position),
      reversalKey: reversal.transferKey,
    };
  }

  private async reverse(
    original: TransferDebitedData,
    transferId: string,
    summary: Pick<PostingDraft, 'summary' | 'summaryCode'>,
    allowDebt: boolean,
    request: LedgerRequest,
  ): Promise<TransferResult<CorrectionReason>> {
    await this.creditStep(original, request);
    // A retry reuses the reversal already decided (its amount was what was left at that time).
    const previous = await this.transferOf(transferKeyOf(original.posting.credit, transferId));
    let posting: PostingDraft;
    if (previous) {
      posting = previous.posting;
    } else {
      const recipient = await this.accountState(original.posting.credit);
      const received = recipient.credits.get(original.transferKey);
      if (!received)
        throw new LedgerInvariantError(`credit of ${original.transferKey} missing after settling it`);
      const remaining = received.amountCents - received.refundedCents;
      if (remaining <= 0) return { ok: false, reason: 'refund_exceeds' };
      posting = {
        transferId,
        kind: 'reversal',
        debit: original.posting.credit,
        credit: original.posting.debit,
        amountCents: remaining,
        summary: summary.summary.trim(),
        ...(summary.summaryCode ? { summaryCode: summary.summaryCode } : {}),
        actorPk: request.actorPk,
        links: { refundOf: original.transferKey, ...dueLinksOf(original) },
      };
    }
    return this.postTransfer(posting, { allowDebt, creditAccountName: '' }, request);
  }

  // ---------------------------------------------------------------------------------------------------
  // Reads

  async accountState(account: AccountRef): Promise<AccountState> {
    return (await loadState(this.store, accountStream(toAccountId(account)), accountDecider, this.cache))
      .state;
  }

  /** The account's balance in cents (credits in flight are not counted until they land). */
  async balanceOf(account: AccountRef): Promise<number> {
    return (await this.accountState(account)).balanceCents;
  }

  /** The account's balance as of a past moment. */
  async balanceAt(account: AccountRef, at: Date): Promise<number> {
    return balanceAt(await this.store.readStream(accountStream(toAccountId(account))), at);
  }

  async membership(userPk: number): Promise<MembershipState> {
    return (await loadState(this.store, membershipStream(userPk), membershipDecider, this.cache)).state;
  }

  /** ismember / isnextmember / lastmember at `now`. */
  async membershipSummary(userPk: number, now: Date): Promise<MembershipSummary> {
    const { current, next } = semestersAt(now);
    return membershipSummary(await this.membership(userPk), current, next);
  }

  /** The debit side of a transfer by its transferKey, or null if it was never debited. */
  async transferOf(transferKey: string): Promise<TransferDebitedData | null> {
    const parsed = parseTransferKey(transferKey);
    if (!parsed) return null;
    const stream = accountStream(parsed.debit);
    const state = (await loadState(this.store, stream, accountDecider, this.cache)).state;
    const memo = state.debits.get(parsed.transferId);
    if (memo?.outcome !== 'debited') return null;
    return (await this.readAt(stream, memo.revision)).data as TransferDebitedData;
  }

  // ---------------------------------------------------------------------------------------------------
  // Steps (also used by the process manager)

  /** Debit, then everything after it. */
  private async postTransfer(
    posting: PostingDraft,
    facts: { allowDebt: boolean; creditAccountName: string },
    request: LedgerRequest,
  ): Promise<TransferResult<DebitReason>> {
    // The credit is appended as soon as the debit is committed: it lands after the debit in the log, so
    // it can never outlive it, and group commit makes both durable with one sync. Both are durable before
    // anything is answered.
    const debited = await this.debitStep(posting, { ...facts, recordRefusal: false }, request, true);
    if (!debited.ok) return { ok: false, reason: debited.reason };
    this.afterStep('debited', debited.debited.transferKey);
    const position = await this.completeTransfer(debited.debited, request);
    await debited.durable;
    return {
      ok: true,
      transferKey: debited.debited.transferKey,
      position: maxOf(debited.position, position),
    };
  }

  /** A posting recorded by another stream (pouch use, deposit commit): its debit cannot be refused. */
  async postStoredPosting(
    posting: Posting,
    request: LedgerRequest,
  ): Promise<{ transferKey: string; position: number }> {
    const result = await this.postTransfer(posting, { allowDebt: true, creditAccountName: '' }, request);
    if (!result.ok)
      throw new LedgerInvariantError(`recorded posting ${posting.transferId} refused: ${result.reason}`);
    return result;
  }

  /** Decides the debit on the debited account's stream and returns the stored debit. */
  async debitStep(
    posting: PostingDraft,
    facts: { allowDebt: boolean; creditAccountName: string; recordRefusal: boolean },
    request: LedgerRequest,
    /** Answer once the debit is committed; the caller must await `durable` before acknowledging. */
    answerAtCommit = false,
  ): Promise<
    | { ok: true; debited: TransferDebitedData; position: number; durable?: Promise<void> }
    | { ok: false; reason: DebitReason; recorded: boolean }
  > {
    const stream = accountStream(posting.debit);
    const fingerprint = postingFingerprint(posting);
    const transferKey = transferKeyOf(posting.debit, posting.transferId);
    const result = await this.run(
      stream,
      accountDecider,
      {
        type: 'DebitTransfer',
        posting,
        allowDebt: facts.allowDebt || mayGoNegativeByDesign(posting.debit),
        creditAccountName: facts.creditAccountName,
        recordRefusal: facts.recordRefusal,
      },
      this.context(request, transferKey),
      accountEventSchema,
      answerAtCommit,
    );
    if (!result.ok) return { ok: false, reason: result.rejection.rejected as DebitReason, recorded: false };
    const memo = result.state.debits.get(posting.transferId);
    const appended = memo ? this.appendedNow(result, memo.revision) : undefined;
    const durable = result.durable;
    // Only a debit this call just appended is answered before it is durable; every other answer waits.
    if (durable && appended?.type !== 'TransferDebited') await durable;
    if (!memo) throw new LedgerInvariantError(`debit ${transferKey} missing after it was decided`);
    if (memo.fingerprint !== fingerprint)
      return { ok: false, reason: 'idempotency_mismatch', recorded: false };
    if (memo.outcome === 'refused') return { ok: false, reason: memo.reason, recorded: true };
    if (appended?.type === 'TransferDebited') {
      return {
        ok: true,
        debited: appended.data as TransferDebitedData,
        position: result.position,
        ...(durable ? { durable } : {}),
      };
    }
    // A no-op (the transfer was there before): the first result is the stored debit.
    const stored = await this.readAt(stream, memo.revision);
    return { ok: true, debited: stored.data as TransferDebitedData, position: stored.position };
  }

  /**
   * Everything after a debit: its credit, and for dues the saga's confirmation (or, for a refund with the
   * cancel option, the cancellation) and the workshop roster's link. Idempotent.
   */
  async completeTransfer(debited: TransferDebitedData, request: LedgerRequest): Promise<number> {
    let position = 0;
    const owner = dueOfLinks(debited.posting.links);
    if (owner && (debited.posting.kind === 'memberfee' || debited.posting.kind === 'workshop_deposit')) {
      position = await this.confirmDue(owner.userPk, owner.due, debited.transferKey, request);
    }
    position = maxOf(position, await this.creditStep(debited, request));
    if (owner && debited.posting.links.refundOf !== undefined) {
      position = maxOf(
        position,
        await this.cancelDue(
          owner.userPk,
          owner.due,
          debited.posting.links.refundOf,
          debited.transferKey,
          request,
        ),
      );
    }
    return position;
  }

  /**
   * Whether this process has already committed the credit of `debited` (its account's cached state holds
   * it): the process manager, which sees each debit once it is durable, then has nothing to do.
   */
  creditCommitted(debited: TransferDebitedData): boolean {
    const cached = this.cache.get<AccountState>(accountStream(debited.posting.credit));
    return cached?.state.credits.get(debited.transferKey)?.fingerprint === debited.fingerprint;
  }

  /** Brings the credit of a debited transfer to the credited account. Returns the credit's position. */
  async creditStep(debited: TransferDebitedData, request: LedgerRequest): Promise<number> {
    const stream = accountStream(debited.posting.credit);
    const result = await this.run(
      stream,
      accountDecider,
      { type: 'CreditTransfer', debited },
      this.context(request, debited.transferKey, `${debited.transferKey}:credit`),
      accountEventSchema,
    );
    if (!result.ok) {
      throw new LedgerInvariantError(
        `credit of ${debited.transferKey} refused: ${result.rejection.rejected}`,
      );
    }
    const memo = result.state.credits.get(debited.transferKey);
    if (memo?.fingerprint !== debited.fingerprint) {
      throw new LedgerInvariantError(`credit of ${debited.transferKey} differs from its debit`);
    }
    if (this.appendedNow(result, memo.revision)) return result.position;
    return (await this.readAt(stream, memo.revision)).position;
  }

  /** Credits a transfer if its credit is missing (the process manager's step, also usable inline). */
  async settleTransfer(transferKey: string, request: LedgerRequest): Promise<number | null> {
    const debited = await this.transferOf(transferKey);
    return debited ? this.completeTransfer(debited, request) : null;
  }

  async confirmDue(userPk: number, due: Due, transferKey: string, request: LedgerRequest): Promise<number> {
    const result = await this.run(
      membershipStream(userPk),
      membershipDecider,
      { type: 'ConfirmDue', userPk, due, transferKey },
      this.context(request, transferKey),
      membershipEventSchema,
    );
    if (!result.ok) throw new LedgerInvariantError(`confirming ${transferKey}: ${result.rejection.rejected}`);
    if (due.kind === 'workshop' && result.state.payments[transferKey] === 'paid') {
      await this.linkWorkshop('LinkWorkshopDeposit', userPk, due, transferKey, request);
    }
    return result.position;
  }

  async releaseDue(
    userPk: number,
    due: Due,
    transferId: string,
    reason: RecordedRefusalReason,
    request: LedgerRequest,
  ): Promise<number> {
    const result = await this.run(
      membershipStream(userPk),
      membershipDecider,
      { type: 'ReleaseDue', userPk, due, transferId, reason },
      this.context(request, transferId),
      membershipEventSchema,
    );
    if (!result.ok) throw new LedgerInvariantError(`releasing ${transferId}: ${result.rejection.rejected}`);
    return result.position;
  }

  async cancelDue(
    userPk: number,
    due: Due,
    transferKey: string,
    refundTransferKey: string,
    request: LedgerRequest,
  ): Promise<number> {
    const result = await this.run(
      membershipStream(userPk),
      membershipDecider,
      { type: 'CancelDue', userPk, due, transferKey, refundTransferKey },
      this.context(request, refundTransferKey),
      membershipEventSchema,
    );
    if (!result.ok) throw new LedgerInvariantError(`cancelling ${transferKey}: ${result.rejection.rejected}`);
    if (due.kind === 'workshop' && result.state.payments[transferKey] === 'refunded') {
      await this.linkWorkshop('UnlinkWorkshopDeposit', userPk, due, transferKey, request);
    }
    return result.position;
  }

  /**
   * Marks the workshop roster entry paid (or unpaid again). Best effort: an entry that is not on the
   * roster is the roster's business; the ledger's dues stay the record of what was paid.
   */
  async linkWorkshop(
    type: 'LinkWorkshopDeposit' | 'UnlinkWorkshopDeposit',
    userPk: number,
    due: Extract<Due, { kind: 'workshop' }>,
    transferKey: string,
    request: LedgerRequest,
  ): Promise<boolean> {
    const result = await this.run(
      workshopRosterStream(due.semester),
      workshopRosterDecider,
      { type, semester: due.semester, userPk, kind: due.workshopKind, transferId: transferKey },
      this.context(request, transferKey),
    );
    return result.ok;
  }

  private afterStep(step: LedgerStep, key: string): void {
    this.afterStepHook?.(step, key);
  }

  /**
   * The command context of one step. Only the credit step passes a commandId (deterministic event ids):
   * every step's idempotency is its decider's (see `run`).
   */
  private context(request: LedgerRequest, correlation: string, commandId?: string): CommandContext {
    return {
      now: request.now,
      actor: request.actorPk === null ? null : String(request.actorPk),
      correlationId: request.correlationId ?? correlation,
      causationId: request.causationId ?? null,
      ...(request.scope ? { scope: request.scope } : {}),
      ...(request.ip ? { ip: request.ip } : {}),
      ...(commandId ? { commandId } : {}),
    };
  }

  private run<Command, Event extends DomainEvent, State, Reason extends string>(
    stream: string,
    decider: Decider<Command, Event, State, Reason>,
    command: Command,
    context: CommandContext,
    schema?: ZodType,
    answerAtCommit = false,
  ) {
    return handleCommand(this.store, stream, decider, command, context, {
      cache: this.cache,
      maxAttempts: this.maxAttempts,
      answerAtCommit,
      // Every ledger decider answers a repeated step itself (it remembers its transfer keys), so the
      // handler need not look back through the stream for the step's events.
      deciderIsIdempotent: true,
      ...(schema ? { schema } : {}),
    });
  }

  /**
   * The one event this very call appended at `revision`, or undefined when the call appended nothing (or
   * found its events already stored): then the stored event must be read back.
   */
  private appendedNow(
    result: { events: readonly DomainEvent[]; replayed?: boolean; revision: number },
    revision: number,
  ): DomainEvent | undefined {
    if (result.replayed || result.events.length !== 1 || result.revision !== revision) return undefined;
    return result.events[0];
  }

  private async readAt(stream: string, revision: number): Promise<RecordedEvent> {
    const [event] = await this.store.readStream(stream, { fromRevision: revision, maxCount: 1 });
    if (event?.revision !== revision) throw new LedgerInvariantError(`${stream} has no revision ${revision}`);
    return event;
  }
}

/**
 * The due links of a transfer that paid a due, copied onto a refund or reversal that cancels the due. A
 * correction of a correction moves money only: it neither cancels nor restores a due.
 */
function dueLinksOf(original: TransferDebitedData): Pick<TransferLinks, 'memberfee' | 'workshop'> {
  const { kind, links } = original.posting;
  if (kind !== 'memberfee' && kind !== 'workshop_deposit') return {};
  return {
    ...(links.memberfee ? { memberfee: links.memberfee } : {}),
    ...(links.workshop ? { workshop: links.workshop } : {}),
  };
}
