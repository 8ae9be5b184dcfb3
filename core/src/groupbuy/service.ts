// The group-buy application service: runs the decider and moves the money through the ledger. Each
// decision is recorded first and its money follows with a transfer id derived from the order, so running
// a follow-up again (a retried request, a repeated closing, `settlePending` at start) posts nothing twice:
// a deposit is held once, refunded at most once, a remainder billed once (docs/groupbuy.md).
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { CLUB_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import { type Ledger, type LedgerRequest, requestContext } from '../ledger/service.ts';
import {
  type GroupBuyCommand,
  type GroupBuyOrder,
  type GroupBuyState,
  groupBuyDecider,
  orderTransferIds,
} from './decider.ts';
import type { ExchangeRates } from './exchange-rate.ts';
import { GROUPBUY_STREAM, groupBuyEventSchema } from './events.ts';

export type GroupBuyResult<Extra = object> =
  | ({ ok: true; position: number } & Extra)
  | { ok: false; reason: string; detail?: Record<string, unknown> };

const groupBuyAccount = CLUB_ACCOUNTS.groupBuy.id;
const orderLabel = (orderPk: number) => `GBO-${orderPk}`;

export class GroupBuys {
  constructor(
    readonly store: EventStore,
    readonly ledger: Ledger,
    /** The rate provider; by default the rates staff set (GroupBuyRateSet). */
    readonly rates?: ExchangeRates,
    readonly cache?: StateCache,
  ) {}

  context(request: LedgerRequest, correlation: string): CommandContext {
    return requestContext(request, correlation);
  }

  async state(): Promise<GroupBuyState> {
    return (await loadState(this.store, GROUPBUY_STREAM, groupBuyDecider, this.cache)).state;
  }

  /** The rate of a currency from the configured provider, else the staff-set one. */
  async rateOf(currency: string): Promise<string | null> {
    if (this.rates) return this.rates.rateOf(currency);
    return (await this.state()).rates.get(currency) ?? null;
  }

  async command(command: GroupBuyCommand, request: LedgerRequest) {
    const result = await handleCommand(
      this.store,
      GROUPBUY_STREAM,
      groupBuyDecider,
      command,
      this.context(request, GROUPBUY_STREAM),
      { cache: this.cache, maxAttempts: 200, deciderIsIdempotent: true, schema: groupBuyEventSchema },
    );
    if (!result.ok)
      return { ok: false as const, reason: result.rejection.rejected, detail: result.rejection.detail };
    return { ok: true as const, position: result.position, state: result.state };
  }

  open(
    input: { website: 'bh' | 'fotoimpex'; currency: string; expiredAt: Date; requestKey: string },
    request: LedgerRequest,
  ) {
    return this.command({ type: 'OpenGroupBuy', ...input, actorPk: request.actorPk }, request);
  }

  setRate(currency: string, rate: string, request: LedgerRequest) {
    return this.command({ type: 'SetRate', currency, rate, actorPk: request.actorPk }, request);
  }

  /**
   * Places an order: recorded with its deposit, then the deposit held (member → group buys). A deposit
   * the ledger refuses refuses the order: 'balance_insufficient'.
   */
  async order(
    input: {
      groupBuyPk: number;
      userPk: number;
      url: string;
      title: string;
      price: string;
      weight: string;
      quantity: number;
      isAdministrator: boolean;
      requestKey: string;
    },
    request: LedgerRequest,
  ): Promise<GroupBuyResult<{ order: GroupBuyOrder }>> {
    const groupBuy = (await this.state()).groupBuys.get(input.groupBuyPk);
    const rate = groupBuy ? await this.rateOf(groupBuy.currency) : null;
    const placed = await this.command(
      { type: 'PlaceOrder', ...input, rate, actorPk: request.actorPk },
      request,
    );
    if (!placed.ok) return placed;
    const order = this.#orderOf(placed.state, input.requestKey);
    const finished = await this.finishOrder(order, request);
    if (finished.order.status === 'refused') return { ok: false, reason: 'balance_insufficient' };
    return { ok: true, position: Math.max(placed.position, finished.position), order: finished.order };
  }

  /** An administrator adds an order with given prices (no deposit). */
  async addManual(
    input: Omit<Extract<GroupBuyCommand, { type: 'AddManualOrder' }>, 'type' | 'actorPk'>,
    request: LedgerRequest,
  ): Promise<GroupBuyResult<{ order: GroupBuyOrder }>> {
    const added = await this.command({ type: 'AddManualOrder', ...input, actorPk: request.actorPk }, request);
    if (!added.ok) return added;
    return { ok: true, position: added.position, order: this.#orderOf(added.state, input.requestKey) };
  }

  #orderOf(state: GroupBuyState, requestKey: string): GroupBuyOrder {
    const pk = state.requests.get(requestKey)?.pk;
    const order = pk === undefined ? undefined : state.orders.get(pk);
    if (!order) throw new Error(`group-buy request ${requestKey} left no order`);
    return order;
  }

  /** Holds a holding order's deposit and records the outcome; an order past this step is returned as is. */
  async finishOrder(
    order: GroupBuyOrder,
    request: LedgerRequest,
  ): Promise<{ order: GroupBuyOrder; position: number }> {
    if (order.status !== 'holding') return { order, position: 0 };
    const posted = await this.ledger.post({
      ...request,
      actorPk: order.actorPk,
      transferId: orderTransferIds(order.orderPk).deposit,
      from: userAccount(order.userPk),
      to: groupBuyAccount,
      amountCents: order.depositCents,
      summary: { code: 'groupbuy_deposit', params: { order: orderLabel(order.orderPk) } },
      allowDebt: false,
    });
    const recorded = await this.command(
      posted.ok
        ? { type: 'ConfirmDeposit', orderPk: order.orderPk, transferKey: posted.transferKey }
        : { type: 'RefuseOrder', orderPk: order.orderPk, reason: posted.reason },
      request,
    );
    if (!recorded.ok) throw new Error(`group-buy order ${order.orderPk}: ${recorded.reason}`);
    const next = recorded.state.orders.get(order.orderPk);
    if (!next) throw new Error(`group-buy order ${order.orderPk} vanished`);
    const billed = await this.billRemainder(next, request);
    return {
      order: billed.order,
      position: Math.max(recorded.position, posted.ok ? posted.position : 0, billed.position),
    };
  }

  /** Cancels an order (creator or administrator) and refunds its deposit in full, once. */
  async cancel(
    input: { orderPk: number; actorPk: number; isAdministrator: boolean },
    request: LedgerRequest,
  ): Promise<GroupBuyResult<{ order: GroupBuyOrder }>> {
    const cancelled = await this.command({ type: 'CancelOrder', ...input }, request);
    if (!cancelled.ok) return cancelled;
    const order = cancelled.state.orders.get(input.orderPk);
    if (!order) throw new Error(`group-buy order ${input.orderPk} vanished`);
    const position = await this.refund(order, request);
    return { ok: true, position: Math.max(cancelled.position, position), order };
  }

  async refund(order: GroupBuyOrder, request: LedgerRequest): Promise<number> {
    if (order.status !== 'cancelled' || order.depositCents === 0) return 0;
    const posted = await this.ledger.post({
      ...request,
      actorPk: order.cancelledBy,
      transferId: orderTransferIds(order.orderPk).refund,
      from: groupBuyAccount,
      to: userAccount(order.userPk),
      amountCents: order.depositCents,
      summary: { code: 'groupbuy_refund', params: { order: orderLabel(order.orderPk) } },
      allowDebt: false,
    });
    if (!posted.ok) throw new Error(`group-buy refund ${order.orderPk} refused: ${posted.reason}`);
    return posted.position;
  }

  /**
   * Closes a group buy and bills every open order's remainder. Closing a closed group buy again bills
   * the remainders still unpaid (a member who has since topped up), so it is also the retry.
   */
  async close(groupBuyPk: number, request: LedgerRequest): Promise<GroupBuyResult<{ state: GroupBuyState }>> {
    const closed = await this.command(
      { type: 'CloseGroupBuy', groupBuyPk, actorPk: request.actorPk },
      request,
    );
    if (!closed.ok) return closed;
    let position = closed.position;
    let state = closed.state;
    for (const order of closed.state.orders.values()) {
      if (order.groupBuyPk !== groupBuyPk) continue;
      const settled =
        order.status === 'holding'
          ? await this.finishOrder(order, request)
          : await this.billRemainder(order, request);
      position = Math.max(position, settled.position);
    }
    state = await this.state();
    return { ok: true, position, state };
  }

  /**
   * Bills a closed order's remainder from the member's balance, never into debt: a short balance is
   * recorded once (the order stays billingstatus 1 and shows in the debt list) and billed again on the
   * next closing run.
   */
  async billRemainder(
    order: GroupBuyOrder,
    request: LedgerRequest,
  ): Promise<{ order: GroupBuyOrder; position: number }> {
    if (order.status !== 'billing') return { order, position: 0 };
    const remainderCents = order.totalCents - order.depositCents;
    let paid: { transferKey: string } | { short: string };
    let position = 0;
    if (remainderCents === 0) paid = { transferKey: '' };
    else {
      // Billed by the system (actor null): any closing run, by any administrator, repeats the same posting.
      const posted = await this.ledger.post({
        ...request,
        actorPk: null,
        transferId: orderTransferIds(order.orderPk).remainder,
        from: userAccount(order.userPk),
        to: groupBuyAccount,
        amountCents: remainderCents,
        summary: { code: 'groupbuy_remainder', params: { order: orderLabel(order.orderPk) } },
        allowDebt: false,
      });
      paid = posted.ok ? { transferKey: posted.transferKey } : { short: posted.reason };
      if (posted.ok) position = posted.position;
    }
    const recorded = await this.command({ type: 'RecordRemainder', orderPk: order.orderPk, paid }, request);
    if (!recorded.ok) throw new Error(`group-buy remainder ${order.orderPk}: ${recorded.reason}`);
    const next = recorded.state.orders.get(order.orderPk);
    if (!next) throw new Error(`group-buy order ${order.orderPk} vanished`);
    return { order: next, position: Math.max(position, recorded.position) };
  }

  /** Finishes what a crash left between a decision and its money; every posting is idempotent by id. */
  async settlePending(request: LedgerRequest): Promise<void> {
    for (const order of (await this.state()).orders.values()) {
      if (order.status === 'holding') await this.finishOrder(order, request);
      if (order.status === 'cancelled') await this.refund(order, request);
    }
  }
}
