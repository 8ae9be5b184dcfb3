// The Ledger's base (see service.ts): the steps every operation is made of (debit, credit, the dues'
// confirmation), which the process manager also runs, the reads of the ledger's streams, and how a step
// runs its decider against the store.
import type { ZodType } from 'zod';
import { workshopRosterStream } from '../access/events.ts';
import { workshopRosterDecider } from '../access/workshop-roster.ts';
import { type CommandContext, handleCommand, loadState, StateCache } from '../commands.ts';
import type { Decider, DomainEvent } from '../decider.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import {
  type AccountState,
  accountDecider,
  balanceAt,
  type DebitReason,
  type PostingDraft,
  postingFingerprint,
} from './account.ts';
import { type AccountRef, accountStream, mayGoNegativeByDesign, toAccountId } from './accounts.ts';
import {
  accountEventSchema,
  type Due,
  dueOfLinks,
  membershipEventSchema,
  membershipStream,
  type Posting,
  type TransferDebitedData,
  transferKeyOf,
  parseTransferKey,
} from './events.ts';
import {
  type MembershipState,
  type MembershipSummary,
  membershipDecider,
  membershipSummary,
} from './membership.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type LedgerOptions,
  LedgerInvariantError,
  type LedgerRequest,
  type LedgerStep,
  type RecordedRefusalReason,
  type TransferResult,
  requestContext,
  maxOf,
  semestersAt,
} from './requests.ts';

export class LedgerSteps {
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
  protected async postTransfer(
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
    // A credit only queued (pipelined) may still fail: not committed yet.
    if (cached?.pending) return false;
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

  protected afterStep(step: LedgerStep, key: string): void {
    this.afterStepHook?.(step, key);
  }

  /**
   * The command context of one step. Only the credit step passes a commandId (deterministic event ids):
   * every step's idempotency is its decider's (see `run`).
   */
  protected context(request: LedgerRequest, correlation: string, commandId?: string): CommandContext {
    return requestContext(request, correlation, commandId);
  }

  protected run<Command, Event extends DomainEvent, State, Reason extends string>(
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
      // A hot account's steps queue one behind the other into one transaction (commands.ts).
      pipeline: true,
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
  protected appendedNow(
    result: { events: readonly DomainEvent[]; replayed?: boolean; revision: number },
    revision: number,
  ): DomainEvent | undefined {
    if (result.replayed || result.events.length !== 1 || result.revision !== revision) return undefined;
    return result.events[0];
  }

  protected async readAt(stream: string, revision: number): Promise<RecordedEvent> {
    const [event] = await this.store.readStream(stream, { fromRevision: revision, maxCount: 1 });
    if (event?.revision !== revision) throw new LedgerInvariantError(`${stream} has no revision ${revision}`);
    return event;
  }
}
