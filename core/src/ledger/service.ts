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
//
// The class is split by topic into a chain of files, each adding its operations to the one before:
// steps.ts (the steps and reads) <- corrections.ts <- cash.ts (pouches, deposits) <- this file (transfers,
// dues). Only `Ledger` is used outside this folder.
import type { WorkshopKind } from '../access/events.ts';
import type { DebitReason, PostingDraft } from './account.ts';
import {
  type AccountRef,
  accountName,
  CLUB_ACCOUNTS,
  staffCashAccount,
  toAccountId,
  userAccount,
} from './accounts.ts';
import {
  type ClaimItem,
  type Due,
  dueKeyOf,
  membershipEventSchema,
  membershipStream,
  type TransferLinks,
  transferKeyOf,
} from './events.ts';
import { type ClaimGate, type ClaimReason, claimFingerprint, membershipDecider } from './membership.ts';
import { MEMBER_FEE_CENTS, WORKSHOP_DEPOSIT_CENTS } from './money.ts';
import { type SummaryCode, systemSummary } from './summary-text.ts';
import {
  type DuePayment,
  type FeePayerFacts,
  LedgerInvariantError,
  type LedgerRequest,
  type LedgerResult,
  type PayMemberFeeReason,
  type ReceiveMemberFeeReason,
  type RecordedRefusalReason,
  type TransferResult,
  dueTransferId,
  maxOf,
  semestersAt,
} from './requests.ts';
import { LedgerCash } from './cash.ts';

export * from './requests.ts';

export class Ledger extends LedgerCash {
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
}
