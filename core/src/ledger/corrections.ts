// The Ledger's corrections (AdminTransDetail; see service.ts): refunds, deletions and modifications are
// new transfers the other way, never edits of the past.
import type { PostingDraft } from './account.ts';
import { type AccountRef, toAccountId } from './accounts.ts';
import { dueOfLinks, type TransferDebitedData, type TransferLinks, transferKeyOf } from './events.ts';
import { type SummaryCode, summaryCodeOf, systemSummary } from './summary-text.ts';
import {
  LedgerInvariantError,
  type LedgerRequest,
  type LedgerResult,
  type CorrectionReason,
  type TransferResult,
  maxOf,
} from './requests.ts';
import { LedgerSteps } from './steps.ts';

export class LedgerCorrections extends LedgerSteps {
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
