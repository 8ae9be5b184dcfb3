// The Ledger's cash pouches and their counting (see service.ts): a member tops up with a numbered pouch,
// staff count the pouches in batches and commit the batch to the club's cash.
import { loadState } from '../commands.ts';
import {
  type Banknotes,
  DEPOSIT_COUNTING_STREAM,
  depositEventSchema,
  pouchBarcodeSchema,
  pouchEventSchema,
  pouchStream,
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
import { type PouchState, pouchDecider } from './pouch.ts';
import {
  LedgerInvariantError,
  type LedgerRequest,
  type LedgerResult,
  type PouchTopUpReason,
  type TransferResult,
  maxOf,
} from './requests.ts';
import { LedgerCorrections } from './corrections.ts';

export class LedgerCash extends LedgerCorrections {
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
}
