// The stock application service: items, purchases, adjustments, delta edits, refunds' stock side and the
// cart. The counter sale's saga is in sale-service.ts. Every write goes through handleCommand against the
// item's own stream (read, decide, append with the expected revision, retry on conflict); money goes
// through the Ledger. A purchase is recorded with its posting first and posted right after (the process
// manager posts it after a crash), so no purchase is without its payment and no payment without its
// purchase.
import type { ZodType } from 'zod';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { Decider, DomainEvent } from '../decider.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { Posting, TransferDebitedData } from '../ledger/events.ts';
import { PersistentMap } from '../ledger/persistent-map.ts';
import { fingerprintOf } from '../ledger/fingerprint.ts';
import { type Ledger, type LedgerRequest, requestContext } from '../ledger/service.ts';
import { systemSummary } from '../ledger/summary-text.ts';
import { PURCHASE_PAYEE, stockAccountOf } from './accounts.ts';
import { type CartCommand, type CartReason, type CartState, cartDecider } from './cart.ts';
import {
  cartEventSchema,
  cartStream,
  STOCK_PK_SEQUENCE_STREAM,
  STOCK_PURCHASE_SEQUENCE_STREAM,
  type StockConfig,
  stockItemEventSchema,
  stockPkAllocatedSchema,
  stockPurchasePkAllocatedSchema,
  stockStream,
} from './events.ts';
import {
  type StockItemCommand,
  type StockItemReason,
  type StockItemState,
  stockItemDecider,
} from './item.ts';
import { milliToNumber, unitPriceCents } from './quantity.ts';

/** Points right after a step became durable, where a test can simulate a crash by throwing. */
export type StockStep =
  | 'purchase_recorded'
  | 'sale_claimed'
  | 'sale_line_debited'
  | 'sale_delta_recorded'
  | 'sale_paid'
  | 'refund_posted';

export interface StockOptions {
  cache?: StateCache;
  /** Test hook, called after each StockStep; throwing stops the operation there (a simulated crash). */
  afterStep?: (step: StockStep, key: string) => void;
}

export type StockResult<Reason extends string, Extra = object> =
  | ({ ok: true; position: number } & Extra)
  | { ok: false; reason: Reason };

/** The transferId of a purchase's posting: the item and the delta, so the delta is found from the money. */
export const purchaseTransferId = (stockPk: number, deltaId: string): string => `stock:${stockPk}:${deltaId}`;

/** The item and delta a stock posting's transferId names (purchases `stock:…`, sale lines `sale:…`). */
export function deltaOfTransferId(transferId: string, stockPk: number): string | null {
  const purchasePrefix = `stock:${stockPk}:`;
  if (transferId.startsWith(purchasePrefix)) return transferId.slice(purchasePrefix.length);
  if (transferId.startsWith('sale:')) return transferId;
  return null;
}

interface SequenceState {
  last: number;
  /** Item pks by the creating request's key (a retried create gets its pk back). */
  byKey: PersistentMap<number>;
}

const sequenceDecider = (type: 'StockPkAllocated' | 'StockPurchasePkAllocated') =>
  ({
    initialState: () => ({ last: 0, byKey: PersistentMap.empty<number>() }),
    decide: (command: { actorPk: number | null; requestKey?: string }, state: SequenceState, now: Date) => {
      if (command.requestKey !== undefined && state.byKey.has(command.requestKey)) return [];
      return [
        type === 'StockPkAllocated'
          ? {
              type,
              data: {
                pk: state.last + 1,
                ...(command.requestKey === undefined ? {} : { requestKey: command.requestKey }),
              },
            }
          : { type, data: { pk: state.last + 1, actorPk: command.actorPk, at: now.toISOString() } },
      ];
    },
    evolve: (state: SequenceState, event: DomainEvent): SequenceState => {
      if (event.type !== type) return state;
      const data = event.data as { pk: number; requestKey?: string };
      return {
        last: Math.max(state.last, data.pk),
        byKey: data.requestKey === undefined ? state.byKey : state.byKey.set(data.requestKey, data.pk),
      };
    },
  }) satisfies Decider<{ actorPk: number | null; requestKey?: string }, DomainEvent, SequenceState>;

export interface PurchaseInput {
  stockPk: number;
  deltaId: string;
  quantityMilli: number;
  amountCents: number;
  origin: string;
  comment: string;
  expiry: string | null;
  manufactured: string | null;
  receiptPks: number[];
  purchasePk: number | null;
}

export class Stock {
  constructor(
    readonly store: EventStore,
    readonly ledger: Ledger,
    readonly options: StockOptions = {},
  ) {}

  afterStep(step: StockStep, key: string): void {
    this.options.afterStep?.(step, key);
  }

  context(request: LedgerRequest, correlation: string): CommandContext {
    return requestContext(request, correlation);
  }

  run<Command, Event extends DomainEvent, State, Reason extends string>(
    stream: string,
    decider: Decider<Command, Event, State, Reason>,
    command: Command,
    context: CommandContext,
    schema: ZodType,
  ) {
    return handleCommand(this.store, stream, decider, command, context, {
      cache: this.options.cache,
      maxAttempts: 200,
      deciderIsIdempotent: true,
      schema,
    });
  }

  async item(stockPk: number): Promise<StockItemState> {
    return (await loadState(this.store, stockStream(stockPk), stockItemDecider, this.options.cache)).state;
  }

  #item(command: StockItemCommand, request: LedgerRequest) {
    return this.run(
      stockStream(command.stockPk),
      stockItemDecider,
      command,
      this.context(request, `stock-${command.stockPk}`),
      stockItemEventSchema,
    );
  }

  // --- Items ---

  /**
   * A new item (AdminStockAdd). Its pk comes from the sequence unless `stockPk` is given (the demo's
   * catalogue, whose price-list rules name items by pk); a taken pk is refused with 'exists'.
   */
  async createItem(
    input: { config: StockConfig; requestKey: string; stockPk?: number },
    request: LedgerRequest,
  ): Promise<StockResult<'exists' | 'account_unknown', { stockPk: number }>> {
    if (!stockAccountOf(input.config.prefix)) return { ok: false, reason: 'account_unknown' };
    for (let attempt = 0; attempt < 1000; attempt++) {
      // The first attempt's pk is remembered under the request's key, so a retried create finds its item.
      const key = attempt === 0 ? input.requestKey : `${input.requestKey}#${attempt}`;
      const stockPk = input.stockPk ?? (await this.#allocate('StockPkAllocated', request, key));
      const created = await this.#item(
        {
          type: 'CreateStockItem',
          stockPk,
          config: input.config,
          requestKey: input.requestKey,
          actorPk: request.actorPk,
        },
        request,
      );
      if (created.ok) return { ok: true, stockPk, position: created.position };
      // An allocated pk may be taken by an item created with an explicit pk: take the next one.
      if (input.stockPk !== undefined) return { ok: false, reason: 'exists' };
    }
    throw new Error('no free stock pk after 1000 attempts');
  }

  async #allocate(
    type: 'StockPkAllocated' | 'StockPurchasePkAllocated',
    request: LedgerRequest,
    requestKey?: string,
  ): Promise<number> {
    const stream = type === 'StockPkAllocated' ? STOCK_PK_SEQUENCE_STREAM : STOCK_PURCHASE_SEQUENCE_STREAM;
    const schema = type === 'StockPkAllocated' ? stockPkAllocatedSchema : stockPurchasePkAllocatedSchema;
    const result = await handleCommand(
      this.store,
      stream,
      sequenceDecider(type),
      { actorPk: request.actorPk, ...(requestKey === undefined ? {} : { requestKey }) },
      this.context(request, stream),
      { maxAttempts: 200, schema, deciderIsIdempotent: true, cache: this.options.cache },
    );
    if (!result.ok) throw new Error(`allocating from ${stream} failed`);
    const known = requestKey === undefined ? undefined : result.state.byKey.get(requestKey);
    return known ?? result.state.last;
  }

  /** A receipt batch for the purchase wizard (its receipts are uploaded to it before the purchase). */
  allocatePurchasePk(request: LedgerRequest): Promise<number> {
    return this.#allocate('StockPurchasePkAllocated', request);
  }

  async configure(
    stockPk: number,
    config: StockConfig,
    request: LedgerRequest,
  ): Promise<StockResult<StockItemReason>> {
    const result = await this.#item(
      { type: 'ConfigureStockItem', stockPk, config, actorPk: request.actorPk },
      request,
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  // --- Deltas ---

  /** Records a purchase with its posting (the item's stock account pays the club's cash), then posts it. */
  async purchase(
    input: PurchaseInput,
    request: LedgerRequest,
  ): Promise<StockResult<StockItemReason, { transferKey: string }>> {
    const state = await this.item(input.stockPk);
    if (state.status !== 'active') return { ok: false, reason: 'notfound' };
    const account = stockAccountOf(state.config.prefix);
    if (!account) throw new Error(`item ${input.stockPk} has an unknown account ${state.config.prefix}`);
    const { name, unit } = state.config;
    const posting: Posting = {
      transferId: purchaseTransferId(input.stockPk, input.deltaId),
      kind: 'posting',
      debit: account.ledgerAccount,
      credit: PURCHASE_PAYEE,
      amountCents: input.amountCents,
      ...systemSummary({
        code: 'stock_purchase',
        params: { name, quantity: milliToNumber(input.quantityMilli), unit },
      }),
      actorPk: request.actorPk,
      links: { stockDelta: { stockPk: input.stockPk, kind: 1, delta: milliToNumber(input.quantityMilli) } },
    };
    const { stockPk: _pk, deltaId: _id, ...content } = input;
    const recorded = await this.#item(
      {
        type: 'RecordPurchase',
        ...input,
        unitPriceCents: unitPriceCents(input.amountCents, input.quantityMilli),
        posting,
        fingerprint: fingerprintOf(content),
        actorPk: request.actorPk,
      },
      request,
    );
    if (!recorded.ok) return { ok: false, reason: recorded.rejection.rejected };
    this.afterStep('purchase_recorded', input.deltaId);
    // A retry (no-op) posts the stored posting, which may differ from the one built now (a renamed item).
    const stored = await this.storedPurchasePosting(input.stockPk, input.deltaId);
    const posted = await this.ledger.postStoredPosting(stored ?? posting, request);
    return {
      ok: true,
      position: Math.max(recorded.position, posted.position),
      transferKey: posted.transferKey,
    };
  }

  /** The posting a purchase recorded (read back from the item's stream). */
  async storedPurchasePosting(stockPk: number, deltaId: string): Promise<Posting | null> {
    for (const event of await this.store.readStream(stockStream(stockPk), { direction: 'backwards' })) {
      const data = event.data as { deltaId?: string; posting?: Posting };
      if (event.type === 'StockPurchased' && data.deltaId === deltaId && data.posting) return data.posting;
    }
    return null;
  }

  /** Counted: the delta is the count less the stock (reason required by the caller). */
  async adjust(
    input: { stockPk: number; deltaId: string; countedMilli: number; reason: string },
    request: LedgerRequest,
  ): Promise<StockResult<StockItemReason>> {
    const result = await this.#item(
      {
        type: 'AdjustQuantity',
        ...input,
        fingerprint: fingerprintOf({ counted: input.countedMilli, reason: input.reason }),
        actorPk: request.actorPk,
      },
      request,
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  async editDelta(
    input: { stockPk: number; deltaId: string; comment?: string; origin?: string; expiry?: string | null },
    request: LedgerRequest,
  ): Promise<StockResult<StockItemReason>> {
    const result = await this.#item({ type: 'EditDelta', ...input, actorPk: request.actorPk }, request);
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  /**
   * The stock side of a refund made on AdminTransDetail (links refundOf and stockDelta): a purchase's
   * refund deletes the purchase, a sale's gives back the quantity (document 3, section 4). Idempotent by
   * the refund's transfer key; the process manager repeats it after a crash. Throws while the refunded
   * delta is not recorded yet (a sale still being finished): the manager retries.
   */
  async recordRefund(refund: TransferDebitedData, request: LedgerRequest): Promise<number> {
    const link = refund.posting.links.stockDelta;
    const original = refund.posting.links.refundOf;
    if (!link || !original || refund.posting.kind !== 'refund') return 0;
    const slash = original.indexOf('/');
    const deltaId = deltaOfTransferId(original.slice(slash + 1), link.stockPk);
    if (!deltaId) return 0;
    const requestedMilli = Math.round(Math.abs(link.delta) * 1000);
    if (link.kind === 3 || (link.kind === 2 && requestedMilli === 0)) return 0;
    const command: StockItemCommand =
      link.kind === 1
        ? { type: 'RefundPurchase', stockPk: link.stockPk, deltaId, refundTransferKey: refund.transferKey }
        : {
            type: 'RefundSale',
            stockPk: link.stockPk,
            deltaId,
            refundTransferKey: refund.transferKey,
            requestedMilli,
            buyerPk: Number(original.slice(0, slash)),
          };
    const result = await this.#item(command, request);
    if (!result.ok)
      throw new Error(
        `stock side of refund ${refund.transferKey}: ${result.rejection.rejected} (${deltaId})`,
      );
    return result.position;
  }

  // --- The cart ---

  async cart(userPk: number): Promise<CartState> {
    return (await loadState(this.store, cartStream(userPk), cartDecider, this.options.cache)).state;
  }

  async cartCommand(
    command: CartCommand,
    request: LedgerRequest,
  ): Promise<StockResult<CartReason, { state: CartState }>> {
    const result = await this.run(
      cartStream(command.userPk),
      cartDecider,
      command,
      this.context(request, `cart-${command.userPk}`),
      cartEventSchema,
    );
    return result.ok
      ? { ok: true, position: result.position, state: result.state }
      : { ok: false, reason: result.rejection.rejected };
  }
}
