// The counter sale: money and stock together, as a saga on stock-sale-{saleId} (sale.ts):
//
//   ClaimSale                      every line's price and posting fixed in one event
//   for each line, in order:       debit the buyer (refusal recorded, so the outcome is final)
//   all paid:                      record each line's StockSold on its item, credit its stock account,
//                                  ConfirmSale, take the items out of the cart
//   a line refused:                give back the lines paid before it, ReleaseSale
//
// Each line is one transfer linked to its stock delta (links.stockDelta), so TransLog shows the items and
// AdminTransDetail refunds a line. Every step is idempotent on its own stream, so the stock process
// manager (process-manager.ts) finishes a sale a crash interrupted by running `resume` again: no sale
// without payment (a StockSold is written only after its debit) and no payment without its delta (a
// debited line gets its StockSold, or its money back when a later line was refused).
import { loadState } from '../commands.ts';
import { userAccount } from '../ledger/accounts.ts';
import { fingerprintOf } from '../ledger/fingerprint.ts';
import { recordedRefusalReasons, type TransferDebitedData, transferKeyOf } from '../ledger/events.ts';
import type { LedgerRequest } from '../ledger/service.ts';
import { systemSummary } from '../ledger/summary-text.ts';
import { stockAccountOf } from './accounts.ts';
import {
  type SaleLine,
  saleEventSchema,
  saleLineDeltaId,
  saleLineTransferId,
  saleStream,
  stockItemEventSchema,
  stockStream,
} from './events.ts';
import { stockItemDecider } from './item.ts';
import { milliToNumber } from './quantity.ts';
import { buyerPrice } from './rules.ts';
import { type SaleState, saleDecider } from './sale.ts';
import type { Stock } from './service.ts';

export interface SaleRequestLine {
  stockPk: number;
  quantityMilli: number;
  cartItemId: string | null;
  label: string;
  /** A giclee job's fee (docs/giclee.md): the line costs this instead of the item's price. */
  fixedAmountCents?: number;
  /** The giclee job this line pays; its transfer links the job (links.gicleeJob). */
  gicleeJobPk?: number;
}

export type SaleRefusal =
  | 'items_required'
  | 'inventory'
  | 'price_changed'
  | 'insufficient_balance'
  | 'mismatch';

export interface SellInput {
  saleId: string;
  buyerPk: number;
  lines: SaleRequestLine[];
  /** Looked-up facts: the buyer's valid points now, and whether they hold allowdebt. */
  pointsHundredths: number;
  allowDebt: boolean;
  /** The total the page showed (cents); a different total is refused 'price_changed'. Null: no check. */
  expectedTotalCents: number | null;
}

export type SaleOutcome = { status: 'paid' | 'refused' | 'pending'; position: number };

export type SellResult =
  | { ok: true; saleId: string; position: number }
  | { ok: false; reason: SaleRefusal; stockPk?: number; position?: number };

/** The lines of a sale as its claim will fix them, or the first item that cannot be sold. */
export async function priceLines(
  stock: Stock,
  input: Pick<SellInput, 'saleId' | 'buyerPk' | 'lines' | 'pointsHundredths'>,
  actorPk: number | null,
): Promise<{ ok: true; lines: SaleLine[] } | { ok: false; reason: 'inventory'; stockPk: number }> {
  const lines: SaleLine[] = [];
  for (const [lineNo, line] of input.lines.entries()) {
    const state = await stock.item(line.stockPk);
    const account = state.status === 'active' ? stockAccountOf(state.config.prefix) : undefined;
    const listed =
      state.status === 'active' ? buyerPrice(state.config, input.pointsHundredths, line.quantityMilli) : null;
    const price =
      listed && line.fixedAmountCents !== undefined
        ? { ...listed, amountCents: line.fixedAmountCents, listAmountCents: line.fixedAmountCents }
        : listed;
    // A line that would cost nothing cannot be a transfer: such an item is not for sale at the counter.
    if (state.status !== 'active' || !account || !price || price.amountCents <= 0)
      return { ok: false, reason: 'inventory', stockPk: line.stockPk };
    const { name, unit, prefix } = state.config;
    const quantity = milliToNumber(line.quantityMilli);
    lines.push({
      lineNo,
      stockPk: line.stockPk,
      name,
      unit,
      prefix,
      quantityMilli: line.quantityMilli,
      ...price,
      cartItemId: line.cartItemId,
      label: line.label,
      posting: {
        transferId: saleLineTransferId(input.saleId, lineNo),
        kind: 'posting',
        debit: userAccount(input.buyerPk),
        credit: account.ledgerAccount,
        amountCents: price.amountCents,
        ...systemSummary({ code: 'stock_sale', params: { name, quantity, unit } }),
        actorPk,
        links: {
          stockDelta: { stockPk: line.stockPk, kind: 2, delta: -quantity },
          ...(line.gicleeJobPk === undefined ? {} : { gicleeJob: { jobPk: line.gicleeJobPk } }),
        },
      },
    });
  }
  return { ok: true, lines };
}

type RecordedRefusal = (typeof recordedRefusalReasons)[number];
const isRecordedRefusal = (reason: string): reason is RecordedRefusal =>
  (recordedRefusalReasons as readonly string[]).includes(reason);

/** What a repeat of the same saleId must ask for again: the buyer and the lines, not the prices. */
const saleFingerprint = (input: Pick<SellInput, 'buyerPk' | 'lines'>): string =>
  fingerprintOf({
    buyer: input.buyerPk,
    lines: input.lines.map((line) =>
      line.gicleeJobPk === undefined
        ? [line.stockPk, line.quantityMilli, line.cartItemId]
        : [line.stockPk, line.quantityMilli, line.cartItemId, line.gicleeJobPk],
    ),
  });

export class Sales {
  constructor(readonly stock: Stock) {}

  async sale(saleId: string): Promise<SaleState> {
    return (await loadState(this.stock.store, saleStream(saleId), saleDecider, this.stock.options.cache))
      .state;
  }

  /**
   * A counter sale. Refusals before anything is written: 'items_required', 'inventory' (an item missing
   * or not for sale), 'price_changed', 'insufficient_balance' (the total is over the balance); after the
   * claim, a line refused for balance (another spend got there first) releases the sale and answers
   * 'insufficient_balance' with nothing kept. A repeat with the same saleId answers as the first did.
   */
  async sell(input: SellInput, request: LedgerRequest): Promise<SellResult> {
    const existing = await this.sale(input.saleId);
    if (existing.status === 'none') {
      if (input.lines.length === 0) return { ok: false, reason: 'items_required' };
      const priced = await priceLines(this.stock, input, request.actorPk);
      if (!priced.ok) return priced;
      const totalCents = priced.lines.reduce((sum, line) => sum + line.amountCents, 0);
      if (input.expectedTotalCents !== null && input.expectedTotalCents !== totalCents)
        return { ok: false, reason: 'price_changed' };
      if (!input.allowDebt && (await this.stock.ledger.balanceOf(userAccount(input.buyerPk))) < totalCents)
        return { ok: false, reason: 'insufficient_balance' };
      const claimed = await this.stock.run(
        saleStream(input.saleId),
        saleDecider,
        {
          type: 'ClaimSale',
          saleId: input.saleId,
          buyerPk: input.buyerPk,
          actorPk: request.actorPk,
          lines: priced.lines,
          allowDebt: input.allowDebt,
          fingerprint: saleFingerprint(input),
        },
        this.stock.context(request, `sale-${input.saleId}`),
        saleEventSchema,
      );
      if (!claimed.ok) return { ok: false, reason: 'mismatch' };
    } else {
      if (existing.claim.fingerprint !== saleFingerprint(input)) return { ok: false, reason: 'mismatch' };
    }
    this.stock.afterStep('sale_claimed', input.saleId);
    const outcome = await this.resume(input.saleId, request);
    if (outcome.status === 'refused')
      return { ok: false, reason: 'insufficient_balance', position: outcome.position };
    return { ok: true, saleId: input.saleId, position: outcome.position };
  }

  /** Runs what is left of a sale (the process manager's step too). Idempotent. */
  async resume(saleId: string, request: LedgerRequest): Promise<SaleOutcome> {
    const state = await this.sale(saleId);
    if (state.status === 'none') return { status: 'pending', position: 0 };
    const { claim } = state;
    if (state.status === 'released') return { status: 'refused', position: 0 };
    if (state.status === 'confirmed')
      return { status: 'paid', position: await this.#leaveCart(state, request) };
    const ledger = this.stock.ledger;
    const debited: TransferDebitedData[] = [];
    let position = 0;
    for (const line of claim.lines) {
      const result = await ledger.debitStep(
        line.posting,
        { allowDebt: claim.allowDebt, creditAccountName: '', recordRefusal: true },
        request,
      );
      if (!result.ok) {
        const reason = result.reason;
        if (!result.recorded || !isRecordedRefusal(reason))
          throw new Error(`sale ${saleId} line ${line.lineNo} refused: ${reason}`);
        return this.#release(claim.saleId, claim.lines, line.lineNo, reason, request);
      }
      debited.push(result.debited);
      position = Math.max(position, result.position);
      this.stock.afterStep('sale_line_debited', result.debited.transferKey);
    }
    for (const [index, line] of claim.lines.entries()) {
      const paid = debited[index]!;
      const recorded = await this.stock.run(
        stockStream(line.stockPk),
        stockItemDecider,
        {
          type: 'RecordSale',
          stockPk: line.stockPk,
          deltaId: saleLineDeltaId(saleId, line.lineNo),
          saleId,
          lineNo: line.lineNo,
          buyerPk: claim.buyerPk,
          quantityMilli: line.quantityMilli,
          unitPriceCents: line.unitPriceCents,
          listPriceCents: line.listPriceCents,
          amountCents: line.amountCents,
          listAmountCents: line.listAmountCents,
          transferKey: paid.transferKey,
          actorPk: claim.actorPk,
        },
        this.stock.context(request, `sale-${saleId}`),
        stockItemEventSchema,
      );
      if (!recorded.ok) throw new Error(`sale ${saleId} line ${line.lineNo}: ${recorded.rejection.rejected}`);
      this.stock.afterStep('sale_delta_recorded', paid.transferKey);
      position = Math.max(position, recorded.position, await ledger.completeTransfer(paid, request));
    }
    const confirmed = await this.stock.run(
      saleStream(saleId),
      saleDecider,
      { type: 'ConfirmSale', saleId, transferKeys: debited.map((paid) => paid.transferKey) },
      this.stock.context(request, `sale-${saleId}`),
      saleEventSchema,
    );
    if (!confirmed.ok) throw new Error(`confirming sale ${saleId}: ${confirmed.rejection.rejected}`);
    this.stock.afterStep('sale_paid', saleId);
    position = Math.max(position, confirmed.position);
    if (confirmed.state.status === 'confirmed')
      position = Math.max(position, await this.#leaveCart(confirmed.state, request));
    return { status: 'paid', position };
  }

  /** Gives back the lines debited before the refused one, then releases the sale. */
  async #release(
    saleId: string,
    lines: readonly SaleLine[],
    refusedLine: number,
    reason: RecordedRefusal,
    request: LedgerRequest,
  ): Promise<SaleOutcome> {
    const ledger = this.stock.ledger;
    const refundKeys: string[] = [];
    let position = 0;
    for (const line of lines) {
      if (line.lineNo >= refusedLine) break;
      const original = transferKeyOf(line.posting.debit, line.posting.transferId);
      if (!(await ledger.transferOf(original))) continue;
      const refunded = await ledger.refund({
        ...request,
        transferId: `sale-void:${saleId}:${line.lineNo}`,
        original,
        amountCents: line.amountCents,
        reason: {
          code: 'stock_sale_void',
          params: { name: line.name, quantity: milliToNumber(line.quantityMilli), unit: line.unit },
        },
        cancelDue: false,
        // The stock account was just credited this very amount; it may always give it back.
        allowDebt: true,
      });
      if (!refunded.ok) throw new Error(`giving back ${original}: ${refunded.reason}`);
      refundKeys.push(refunded.transferKey);
      position = Math.max(position, refunded.position);
    }
    const released = await this.stock.run(
      saleStream(saleId),
      saleDecider,
      { type: 'ReleaseSale', saleId, reason, refusedLine, refundKeys },
      this.stock.context(request, `sale-${saleId}`),
      saleEventSchema,
    );
    if (!released.ok) throw new Error(`releasing sale ${saleId}: ${released.rejection.rejected}`);
    return { status: 'refused', position: Math.max(position, released.position) };
  }

  /** Takes a paid sale's cart items out of the buyer's cart (idempotent). */
  async #leaveCart(
    state: Extract<SaleState, { status: 'confirmed' }>,
    request: LedgerRequest,
  ): Promise<number> {
    const ids = state.claim.lines.flatMap((line) => (line.cartItemId ? [line.cartItemId] : []));
    if (ids.length === 0) return 0;
    const result = await this.stock.cartCommand(
      { type: 'MarkCartItemsSold', userPk: state.claim.buyerPk, saleId: state.claim.saleId, ids },
      request,
    );
    return result.ok ? result.position : 0;
  }
}
