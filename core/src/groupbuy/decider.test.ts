// Given/when/then for the group-buy decider.
import { describe, expect, it } from 'vitest';
import { fold, isRejection } from '../decider.ts';
import { type GroupBuyCommand, groupBuyDecider, billingStatusOf, paidAndRemain } from './decider.ts';
import type { GroupBuyEvent } from './events.ts';

const now = new Date('2026-11-23T10:00:00Z');
const url = 'https://www.fotoimpex.com/films/adox-chs-100.html';

function run(events: GroupBuyEvent[], command: GroupBuyCommand) {
  const result = groupBuyDecider.decide(command, fold(groupBuyDecider, events), now);
  if (isRejection(result)) return result;
  events.push(...result);
  return result;
}

function opened(): GroupBuyEvent[] {
  const events: GroupBuyEvent[] = [];
  run(events, {
    type: 'OpenGroupBuy',
    website: 'fotoimpex',
    currency: 'EUR',
    expiredAt: new Date('2026-12-01T00:00:00Z'),
    requestKey: 'open-1',
    actorPk: 900,
  });
  return events;
}

const order = (
  overrides: Partial<Extract<GroupBuyCommand, { type: 'PlaceOrder' }>> = {},
): GroupBuyCommand => ({
  type: 'PlaceOrder',
  groupBuyPk: 1,
  userPk: 1001,
  url,
  title: 'Adox CHS 100 film',
  price: '10',
  weight: '1',
  quantity: 2,
  rate: '30',
  isAdministrator: false,
  requestKey: 'order-1',
  actorPk: 1001,
  ...overrides,
});

describe('group-buy decider', () => {
  it('an order holds a 10% deposit until the ledger confirms it; then billingstatus 1', () => {
    const events = opened();
    const [placed] = run(events, order()) as GroupBuyEvent[];
    expect(placed?.type).toBe('GroupBuyOrderPlaced');
    if (placed?.type !== 'GroupBuyOrderPlaced') return;
    expect(placed.data).toMatchObject({ unitPriceCents: 47100, totalCents: 94200, depositCents: 9500 });
    run(events, { type: 'ConfirmDeposit', orderPk: 1, transferKey: 'k' });
    const state = fold(groupBuyDecider, events);
    const held = state.orders.get(1);
    expect(held && billingStatusOf(held)).toBe(1);
    expect(held && paidAndRemain(held)).toEqual({ paidCents: 9500, remainCents: 84700 });
  });

  it('a retried order is a no-op; the same key with other content is a mismatch', () => {
    const events = opened();
    run(events, order());
    expect(run(events, order())).toEqual([]);
    expect(run(events, order({ quantity: 3 }))).toEqual({ rejected: 'mismatch' });
  });

  it('refuses bad fields, a missing rate, and a closed group buy', () => {
    const events = opened();
    expect(run(events, order({ url: 'https://x.com/a' }))).toEqual({ rejected: 'url_format' });
    expect(run(events, order({ rate: null }))).toEqual({ rejected: 'no_rate' });
    run(events, order());
    run(events, { type: 'ConfirmDeposit', orderPk: 1, transferKey: 'k' });
    run(events, { type: 'CloseGroupBuy', groupBuyPk: 1, actorPk: 900 });
    expect(run(events, order({ requestKey: 'order-2' }))).toEqual({ rejected: 'closed' });
  });

  it('administrators pay no deposit', () => {
    const events = opened();
    run(events, order({ isAdministrator: true }));
    const placed = fold(groupBuyDecider, events).orders.get(1);
    expect(placed?.depositCents).toBe(0);
    expect(placed?.status).toBe('ordered');
  });

  it('cancel: only the creator or an administrator, only while billingstatus 1 and open; refunds the deposit', () => {
    const events = opened();
    run(events, order());
    run(events, { type: 'ConfirmDeposit', orderPk: 1, transferKey: 'k' });
    expect(run(events, { type: 'CancelOrder', orderPk: 1, actorPk: 1002, isAdministrator: false })).toEqual({
      rejected: 'forbidden',
    });
    const cancelled = run(events, { type: 'CancelOrder', orderPk: 1, actorPk: 1001, isAdministrator: false });
    expect(cancelled).toMatchObject([{ type: 'GroupBuyOrderCancelled', data: { refundCents: 9500 } }]);
    const cancelledOrder = fold(groupBuyDecider, events).orders.get(1);
    expect(cancelledOrder && billingStatusOf(cancelledOrder)).toBe(9);
    expect(run(events, { type: 'CancelOrder', orderPk: 1, actorPk: 1001, isAdministrator: false })).toEqual(
      [],
    );
  });

  it('cancel is refused once the group buy closed', () => {
    const events = opened();
    run(events, order());
    run(events, { type: 'ConfirmDeposit', orderPk: 1, transferKey: 'k' });
    run(events, { type: 'CloseGroupBuy', groupBuyPk: 1, actorPk: 900 });
    expect(run(events, { type: 'CancelOrder', orderPk: 1, actorPk: 900, isAdministrator: true })).toEqual({
      rejected: 'not_cancellable',
    });
  });

  it('closing needs orders; it bills open orders; a short balance keeps billingstatus 1', () => {
    const events = opened();
    expect(run(events, { type: 'CloseGroupBuy', groupBuyPk: 1, actorPk: 900 })).toEqual({
      rejected: 'no_orders',
    });
    run(events, order());
    run(events, { type: 'ConfirmDeposit', orderPk: 1, transferKey: 'k' });
    run(events, order({ requestKey: 'order-2', userPk: 1002, actorPk: 1002 }));
    run(events, { type: 'ConfirmDeposit', orderPk: 2, transferKey: 'k2' });
    run(events, { type: 'CloseGroupBuy', groupBuyPk: 1, actorPk: 900 });
    run(events, { type: 'RecordRemainder', orderPk: 1, paid: { transferKey: 'r1' } });
    run(events, { type: 'RecordRemainder', orderPk: 2, paid: { short: 'insufficient_balance' } });
    const state = fold(groupBuyDecider, events);
    const [paid, short] = [state.orders.get(1), state.orders.get(2)];
    expect(paid && [billingStatusOf(paid), paidAndRemain(paid)]).toEqual([
      2,
      { paidCents: 94200, remainCents: 0 },
    ]);
    expect(short && [billingStatusOf(short), short.remainderShort]).toEqual([1, true]);
  });

  it('a manual add by an administrator takes the given prices and no deposit', () => {
    const events = opened();
    run(events, {
      type: 'AddManualOrder',
      groupBuyPk: 1,
      userPk: 900,
      url,
      title: 'Fixer',
      weight: '2',
      unitPriceNtd: 300,
      totalNtd: 600,
      quantity: 2,
      requestKey: 'manual-1',
      actorPk: 900,
    });
    expect(fold(groupBuyDecider, events).orders.get(1)).toMatchObject({
      totalCents: 60000,
      depositCents: 0,
      status: 'ordered',
      manual: true,
    });
  });
});
