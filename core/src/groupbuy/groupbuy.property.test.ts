// Property: over random orders, cancels, closings, top-ups and retries of any of them, the money of every
// order adds up. For each order the member has paid exactly its deposit while it is open (billingstatus 1),
// nothing once cancelled (the deposit came back, once), and deposit + remainder = its total once paid off
// (2); the group-buy account holds exactly what members paid; and all balances sum to zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StateCache } from '../commands.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS, staffCashAccount } from '../ledger/accounts.ts';
import { Ledger } from '../ledger/service.ts';
import { billingStatusOf, paidAndRemain } from './decider.ts';
import { GroupBuys } from './service.ts';

const MEMBERS = [101, 102, 103];
const ADMIN = 900;
const STAFF = 7;
const url = 'https://www.fotoimpex.com/films/adox-chs-100.html';

type Step =
  | { kind: 'order'; member: number; price: number; quantity: number; admin: boolean }
  | { kind: 'cancel'; pick: number; byAdmin: boolean }
  | { kind: 'close'; buy: number }
  | { kind: 'topup'; member: number; amount: number }
  | { kind: 'retry'; back: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    member: fc.constantFrom(...MEMBERS),
    price: fc.integer({ min: 1, max: 60 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    admin: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(20), byAdmin: fc.boolean() }),
  fc.record({ kind: fc.constant('close' as const), buy: fc.constantFrom(1, 2) }),
  fc.record({
    kind: fc.constant('topup' as const),
    member: fc.constantFrom(...MEMBERS),
    amount: fc.integer({ min: 1, max: 3000 }),
  }),
  fc.record({ kind: fc.constant('retry' as const), back: fc.nat(5) }),
);

async function play(steps: Step[]): Promise<void> {
  const store = openSqliteEventStore({ file: ':memory:' });
  const ledger = new Ledger(store, { cache: new StateCache() });
  const groupBuys = new GroupBuys(store, ledger, undefined, new StateCache());
  const now = new Date('2026-11-23T02:00:00.000Z');
  const request = { now, actorPk: ADMIN };
  // Top-ups by id: a retried top-up is the same money, counted once.
  const topUps = new Map<string, { member: number; cents: number }>();
  const fund = async (member: number, cents: number, id: string) => {
    const added = await ledger.addValue({
      ...request,
      transferId: id,
      staffPk: STAFF,
      userPk: member,
      amountCents: cents,
    });
    if (added.ok) topUps.set(id, { member, cents });
  };
  for (const member of MEMBERS) await fund(member, 2000_00, `fund-${member}`);
  await groupBuys.setRate('EUR', '35.5', request);
  for (const key of ['buy-1', 'buy-2'])
    await groupBuys.open({ website: 'fotoimpex', currency: 'EUR', expiredAt: now, requestKey: key }, request);

  const done: (() => Promise<unknown>)[] = [];
  let orderCount = 0;
  for (const [index, step] of steps.entries()) {
    let run: () => Promise<unknown>;
    if (step.kind === 'order') {
      const key = `order-${index}`;
      orderCount += 1;
      run = () =>
        groupBuys.order(
          {
            groupBuyPk: 1 + (index % 2),
            userPk: step.admin ? ADMIN : step.member,
            url,
            title: 'Adox film',
            price: String(step.price),
            weight: '0.5',
            quantity: step.quantity,
            isAdministrator: step.admin,
            requestKey: key,
          },
          { ...request, actorPk: step.admin ? ADMIN : step.member },
        );
    } else if (step.kind === 'cancel') {
      const orderPk = 1 + (step.pick % Math.max(1, orderCount));
      run = async () => {
        const order = (await groupBuys.state()).orders.get(orderPk);
        const actorPk = step.byAdmin ? ADMIN : (order?.userPk ?? ADMIN);
        return groupBuys.cancel({ orderPk, actorPk, isAdministrator: step.byAdmin }, { ...request, actorPk });
      };
    } else if (step.kind === 'close') run = () => groupBuys.close(step.buy, request);
    else if (step.kind === 'topup') run = () => fund(step.member, step.amount * 100, `topup-${index}`);
    else {
      const again = done[done.length - 1 - step.back];
      if (!again) continue;
      run = again;
    }
    await run();
    done.push(run);
  }

  const funded = new Map<number, number>();
  for (const { member, cents } of topUps.values()) funded.set(member, (funded.get(member) ?? 0) + cents);
  const state = await groupBuys.state();
  let heldCents = 0;
  const paidBy = new Map<number, number>();
  for (const order of state.orders.values()) {
    const { paidCents, remainCents } = paidAndRemain(order);
    const status = billingStatusOf(order);
    if (status === 2) expect(paidCents).toBe(order.totalCents);
    if (status === 9) expect(paidCents).toBe(0);
    if (status === 1) expect(paidCents + remainCents).toBe(order.totalCents);
    if (order.status === 'holding') throw new Error(`order ${order.orderPk} left holding`);
    heldCents += paidCents;
    paidBy.set(order.userPk, (paidBy.get(order.userPk) ?? 0) + paidCents);
  }
  expect(await ledger.balanceOf(CLUB_ACCOUNTS.groupBuy.id)).toBe(heldCents);
  let sum = await ledger.balanceOf(CLUB_ACCOUNTS.groupBuy.id);
  sum += await ledger.balanceOf(staffCashAccount(STAFF));
  for (const member of [...MEMBERS, ADMIN]) {
    const balance = await ledger.balanceOf(member);
    expect(balance).toBe((funded.get(member) ?? 0) - (paidBy.get(member) ?? 0));
    sum += balance;
  }
  expect(sum).toBe(0);
}

describe('group-buy money (property)', () => {
  it('deposits + remainders = totals, a cancel refunds the deposit once, money sums to zero', async () => {
    await fc.assert(fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 25 }), play), {
      numRuns: 25,
    });
  }, 120_000);
});
