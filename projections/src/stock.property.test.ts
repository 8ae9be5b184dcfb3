// Property test of the stock domain (core/src/stock) through its real services and the ledger on SQLite in
// memory, with the stock read model following live. It lives beside the read model because it checks
// both. Random sequences of: purchases, counter sales (one or more lines, with point discounts, some over
// the buyer's balance), count adjustments, purchase refunds (in full) and sale refunds (part of the
// quantity), retries with the same key, concurrent sales of one buyer through two "processes" (each with
// its own cache and stream locks on its own store handle, reads a turn late, so they really conflict on
// expected revisions), and crashes: right after a step of a sale or purchase (afterStep throws), or inside
// the store's append before or after its commit; the crashed process is gone, and a restart (cold caches)
// runs both process managers' settlement. Each block prints the crashes and conflicts it reached and
// requires them. After every sequence, once settled:
//   - the stock of every item equals the sum of its deltas (purchases not refunded, adjustments, sales
//     less what refunds gave back), in the item's stream, in the live read model and in one rebuilt from
//     zero (replay equals live);
//   - money sums to zero over every account and nothing is in flight; no buyer without allowdebt is ever
//     below zero;
//   - every sale is finished: a paid sale has exactly one debit and exactly one stock delta per line, a
//     refused sale has no delta and its debited lines were given back in full;
//   - a refunded purchase is deleted and was refunded in full; a sale never comes back more than it went;
//   - every purchase has exactly one posting.
// STOCK_PROPERTY_RUNS overrides the number of sequences (default 150 per block).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { StateCache, toDomainEvent } from '@club/core/commands';
import { fold } from '@club/core/decider';
import { instrument } from '@club/core/eventstore/faults';
import type { EventStore, RecordedEvent } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { accountDecider } from '@club/core/ledger/account';
import { accountStream } from '@club/core/ledger/accounts';
import type { TransferDebitedData } from '@club/core/ledger/events';
import { settlePending } from '@club/core/ledger/process-manager';
import { Ledger } from '@club/core/ledger/service';
import { settleStock } from '@club/core/stock/process-manager';
import { newItemConfig } from '@club/core/stock/rules';
import { stockItemDecider } from '@club/core/stock/item';
import { Sales } from '@club/core/stock/sale-service';
import { Stock, type StockStep } from '@club/core/stock/service';
import { stockStream, type StockItemEvent } from '@club/core/stock/events';
import { ProjectionRunner, rebuildAll } from './runner.ts';
import { stockProjection } from './stock.ts';

const RUNS = Number(process.env.STOCK_PROPERTY_RUNS ?? 150);
const BUYERS = [101, 102, 103] as const;
/** 103 holds allowdebt. */
const ALLOW_DEBT = new Set([103]);
const STAFF_CASH_PK = 7;
const ITEMS = [
  { pk: 1, prefix: 'F', price: 28_000, discount: [25_000, 10_000] as const },
  { pk: 2, prefix: 'E24', price: 2_000, discount: null },
  { pk: 3, prefix: 'GICLEE', price: 3_550, discount: [3_000, 5_000] as const },
  { pk: 4, prefix: 'MOUNT', price: 1_250, discount: null },
] as const;
const START = Date.parse('2026-11-22T04:00:00.000Z');

class SimulatedCrash extends Error {}

type Step =
  | { t: 'purchase'; key: string; item: number; milli: number; ntd: number }
  | { t: 'sale'; key: string; buyer: number; points: number; lines: { item: number; milli: number }[] }
  | { t: 'adjust'; key: string; item: number; milli: number }
  | { t: 'refundPurchase'; key: string; pick: number }
  | { t: 'refundSale'; key: string; pick: number; part: number }
  | { t: 'retry'; pick: number }
  | { t: 'concurrent'; sales: Extract<Step, { t: 'sale' }>[] }
  | {
      t: 'crash';
      step: Extract<Step, { t: 'sale' } | { t: 'purchase' }>;
      at: StockStep | 'before_commit' | 'after_commit';
      nth: number;
    };

const key = fc.uuid();
const milli = fc.integer({ min: 1, max: 5_000 });
const sale = fc.record({
  t: fc.constant('sale' as const),
  key,
  buyer: fc.constantFrom(...BUYERS),
  points: fc.constantFrom(0, 2_500, 10_000, 30_000),
  lines: fc.array(fc.record({ item: fc.constantFrom(1, 2, 3, 4), milli }), { minLength: 1, maxLength: 3 }),
});
const purchase = fc.record({
  t: fc.constant('purchase' as const),
  key,
  item: fc.constantFrom(1, 2, 3, 4),
  milli: fc.integer({ min: 0, max: 50_000 }),
  ntd: fc.integer({ min: 1, max: 3_000 }),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: purchase },
  { weight: 6, arbitrary: sale },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      key,
      item: fc.constantFrom(1, 2, 3, 4),
      milli: fc.integer({ min: 0, max: 60_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('refundPurchase' as const), key, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('refundSale' as const),
      key,
      pick: fc.nat(),
      part: fc.constantFrom(0, 0.5, 1, 1.5),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('retry' as const), pick: fc.nat() }) },
  {
    weight: 2,
    // One buyer's sales at once: each passes the balance check alone, together they may not.
    arbitrary: fc
      .record({
        t: fc.constant('concurrent' as const),
        buyer: fc.constantFrom(101, 102),
        sales: fc.array(sale, { minLength: 2, maxLength: 4 }),
      })
      .map(({ t, buyer, sales }) => ({ t, sales: sales.map((one) => ({ ...one, buyer })) })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('crash' as const),
      step: fc.oneof(sale, purchase),
      at: fc.constantFrom(
        'sale_claimed',
        'sale_line_debited',
        'sale_delta_recorded',
        'sale_paid',
        'purchase_recorded',
        'before_commit',
        'after_commit',
      ),
      nth: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

const totals = { sequences: 0, crashes: 0, conflicts: 0, sales: 0, refusedSales: 0, refunds: 0, retries: 0 };
/** Crashes by where they happened: a sale or purchase step, or inside an append before / after its commit. */
const crashesAt: Record<string, number> = {};

/** One portal process: its own store handle (stream locks), caches and services. */
function processOn(store: EventStore, afterStep?: (step: StockStep, key: string) => void) {
  const ledger = new Ledger(store, { cache: new StateCache() });
  const stock = new Stock(store, ledger, { cache: new StateCache(), ...(afterStep ? { afterStep } : {}) });
  return { ledger, stock, sales: new Sales(stock) };
}

async function runSequence(steps: Step[]): Promise<void> {
  const base = openSqliteEventStore({ file: ':memory:' });
  const live = new ProjectionRunner(base, { stock: stockProjection });
  await live.start();
  let clock = START;
  const request = (actorPk: number | null = null) => {
    clock += 1000;
    return { now: new Date(clock), actorPk };
  };
  const main = processOn(base);
  const done: Step[] = [];
  try {
    for (const item of ITEMS) {
      const config = {
        ...newItemConfig(item.prefix, `item ${item.pk}`, '張'),
        priceCents: item.price,
        discountPriceCents: item.discount?.[0] ?? null,
        discountPointsHundredths: item.discount?.[1] ?? null,
      };
      const created = await main.stock.createItem(
        { config, requestKey: `item-${item.pk}`, stockPk: item.pk },
        request(1),
      );
      expect(created.ok).toBe(true);
    }
    for (const buyer of BUYERS) {
      const added = await main.ledger.addValue({
        ...request(STAFF_CASH_PK),
        transferId: `fund-${buyer}`,
        staffPk: STAFF_CASH_PK,
        userPk: buyer,
        amountCents: 100_000,
      });
      expect(added.ok).toBe(true);
    }

    const run = async (services: ReturnType<typeof processOn>, current: Step): Promise<void> => {
      switch (current.t) {
        case 'purchase': {
          const result = await services.stock.purchase(
            {
              stockPk: current.item,
              deltaId: current.key,
              quantityMilli: current.milli,
              amountCents: current.ntd * 100,
              origin: 'shop',
              comment: '',
              expiry: null,
              manufactured: null,
              receiptPks: [],
              purchasePk: null,
            },
            request(1),
          );
          expect(result.ok).toBe(true);
          return;
        }
        case 'sale': {
          const result = await services.sales.sell(
            {
              saleId: current.key,
              buyerPk: current.buyer,
              lines: current.lines.map((line) => ({
                stockPk: line.item,
                quantityMilli: line.milli,
                cartItemId: null,
                label: '',
              })),
              pointsHundredths: current.points,
              allowDebt: ALLOW_DEBT.has(current.buyer),
              expectedTotalCents: null,
            },
            request(current.buyer),
          );
          if (!result.ok) expect(['insufficient_balance']).toContain(result.reason);
          return;
        }
        case 'adjust': {
          const result = await services.stock.adjust(
            { stockPk: current.item, deltaId: current.key, countedMilli: current.milli, reason: 'count' },
            request(1),
          );
          if (!result.ok) expect(result.reason).toBe('unchanged');
          return;
        }
        case 'refundPurchase':
        case 'refundSale':
          await refund(services, base, current, request);
          return;
        default:
          throw new Error(`not a simple step: ${current.t}`);
      }
    };

    for (const current of steps) {
      if (current.t === 'retry') {
        // Only commands that stored something: a refused one may pass when tried again later.
        const earlier: Step[] = [];
        for (const candidate of done) {
          if (candidate.t === 'sale' && (await main.sales.sale(candidate.key)).status !== 'none')
            earlier.push(candidate);
          if (candidate.t === 'purchase') {
            const item = await main.stock.item(candidate.item);
            if (item.status === 'active' && item.deltas.has(candidate.key)) earlier.push(candidate);
          }
        }
        const again = earlier[current.pick % Math.max(1, earlier.length)];
        if (!again) continue;
        const before = await base.headPosition();
        await settle(base);
        const settled = await base.headPosition();
        await run(main, again);
        // A retry of a finished command stores nothing new.
        expect(await base.headPosition()).toBe(settled);
        expect(settled).toBeGreaterThanOrEqual(before);
        totals.retries += 1;
        continue;
      }
      if (current.t === 'concurrent') {
        const handles = [instrument(base), instrument(base)];
        for (const handle of handles) handle.readLatency = true;
        const processes = handles.map((handle) => processOn(handle.store));
        await Promise.all(current.sales.map((one, index) => run(processes[index % 2]!, one)));
        totals.conflicts += handles[0]!.conflicts + handles[1]!.conflicts;
        done.push(...current.sales);
        continue;
      }
      if (current.t === 'crash') {
        const handle = instrument(base);
        let crashed = false;
        const stepHook =
          current.at === 'before_commit' || current.at === 'after_commit'
            ? undefined
            : (reached: StockStep) => {
                if (reached === current.at && !crashed) {
                  crashed = true;
                  throw new SimulatedCrash(reached);
                }
              };
        if (!stepHook)
          handle.arm({
            at: current.at as 'before_commit' | 'after_commit',
            nth: current.nth,
            error: () => new SimulatedCrash(current.at),
          });
        try {
          await run(processOn(handle.store, stepHook), current.step);
        } catch (error) {
          if (!(error instanceof SimulatedCrash)) throw error;
        }
        if (crashed || handle.injected.length > 0) {
          totals.crashes += 1;
          const where = `${current.step.t}:${current.at}`;
          crashesAt[where] = (crashesAt[where] ?? 0) + 1;
        }
        // The process is gone; the next start settles what it left.
        await settle(base);
        done.push(current.step);
        continue;
      }
      await run(main, current);
      done.push(current);
    }
    await settle(base);
    await check(base, live);
    totals.sequences += 1;
  } finally {
    await live.stop();
    await base.close();
  }
}

/** A restart: both process managers settle what is pending, with cold caches. */
async function settle(store: EventStore): Promise<void> {
  const fresh = processOn(store);
  const now = () => new Date(START + 10 * 86_400_000);
  for (let round = 0; round < 3; round++) {
    const stock = await settleStock(fresh, { now });
    const ledger = await settlePending(store, { ledger: fresh.ledger, now });
    expect(stock.failed).toEqual([]);
    expect(ledger.failed).toEqual([]);
    if (stock.pending.length === 0 && ledger.pending.length === 0) return;
  }
  throw new Error('still pending after three settlements');
}

const debitsOf = async (store: EventStore) =>
  (await store.readAll({ maxCount: 1_000_000 }))
    .filter((event) => event.type === 'TransferDebited')
    .map((event) => event.data as TransferDebitedData);

/** AdminTransDetail's refund of a purchase (in full) or a sale line (part of it), as the route runs it. */
async function refund(
  services: ReturnType<typeof processOn>,
  store: EventStore,
  current: Extract<Step, { t: 'refundPurchase' | 'refundSale' }>,
  request: (actorPk?: number | null) => { now: Date; actorPk: number | null },
) {
  const kind = current.t === 'refundPurchase' ? 1 : 2;
  const candidates = (await debitsOf(store)).filter(
    (debited) => debited.posting.kind === 'posting' && debited.posting.links.stockDelta?.kind === kind,
  );
  const original = candidates[current.pick % Math.max(1, candidates.length)];
  if (!original) return;
  const link = original.posting.links.stockDelta!;
  const item = fold(
    stockItemDecider,
    (await store.readStream(stockStream(link.stockPk))).map((event) => toDomainEvent<StockItemEvent>(event)),
  );
  const deltaId =
    kind === 1
      ? original.posting.transferId.slice(`stock:${link.stockPk}:`.length)
      : original.posting.transferId;
  const memo = item.status === 'active' ? item.deltas.get(deltaId) : undefined;
  if (!memo || memo.deleted) return;
  const quantity =
    current.t === 'refundPurchase'
      ? link.delta
      : Math.round(Math.abs(link.delta) * 1000 * current.part) / 1000;
  const amountCents =
    kind === 1 ? original.posting.amountCents : Math.max(1, Math.floor(original.posting.amountCents / 2));
  const result = await services.ledger.refund({
    ...request(1),
    transferId: current.key,
    original: original.transferKey,
    amountCents,
    reason: 'refund',
    cancelDue: false,
    allowDebt: true,
    stockDelta: { ...link, delta: quantity },
  });
  if (!result.ok) {
    expect(['refund_exceeds']).toContain(result.reason);
    return;
  }
  totals.refunds += 1;
  const made = await services.ledger.transferOf(result.transferKey);
  await services.stock.recordRefund(made!, request());
}

async function check(
  store: EventStore,
  live: ProjectionRunner<{ stock: typeof stockProjection }>,
): Promise<void> {
  const events: RecordedEvent[] = await store.readAll({ maxCount: 1_000_000 });
  const ofType = (type: string) =>
    events.filter((event) => event.type === type).map((event) => event.data as Record<string, unknown>);

  // Stock: quantity = sum of deltas, in the stream, live and rebuilt.
  await live.waitFor(await store.headPosition());
  const rebuilt = await rebuildAll(store, { stock: stockProjection });
  expect(rebuilt.models.stock).toEqual(live.models.stock);
  for (const item of ITEMS) {
    const stream = (await store.readStream(stockStream(item.pk))).map((event) =>
      toDomainEvent<StockItemEvent>(event),
    );
    let sum = 0;
    for (const event of stream) {
      if (event.type === 'StockPurchased') sum += event.data.quantityMilli;
      if (event.type === 'StockSold') sum -= event.data.quantityMilli;
      if (event.type === 'StockAdjusted') sum += event.data.deltaMilli;
      if (event.type === 'StockPurchaseRefunded') sum -= event.data.quantityMilli;
      if (event.type === 'StockSaleRefunded') sum += event.data.quantityMilli;
    }
    const state = fold(stockItemDecider, stream);
    expect(state.status === 'active' && state.quantityMilli).toBe(sum);
    const row = live.models.stock.items.get(item.pk)!;
    expect(row.quantityMilli).toBe(sum);
    const fromRows = row.deltas.reduce(
      (total, delta) =>
        total + (delta.kind === 1 && delta.deleted ? 0 : delta.deltaMilli + delta.refundedMilli),
      0,
    );
    expect(fromRows).toBe(sum);
    for (const delta of row.deltas)
      if (delta.kind === 2) expect(delta.refundedMilli).toBeLessThanOrEqual(-delta.deltaMilli);
  }

  // Money: every debit credited once; balances sum to zero; buyers without allowdebt never below zero.
  const debits = ofType('TransferDebited') as unknown as TransferDebitedData[];
  const credits = ofType('TransferCredited') as { transferKey: string }[];
  expect(new Set(credits.map((credit) => credit.transferKey)).size).toBe(credits.length);
  expect(credits.length).toBe(debits.length);
  const accounts = new Set(debits.flatMap((debited) => [debited.posting.debit, debited.posting.credit]));
  let sum = 0;
  for (const account of accounts) {
    const stream = (await store.readStream(accountStream(account))).map((event) => toDomainEvent(event));
    const state = fold(accountDecider, stream as never);
    sum += state.balanceCents;
    if (!ALLOW_DEBT.has(Number(account)) && BUYERS.includes(Number(account) as 101))
      for (const event of stream)
        expect((event.data as { balanceAfterCents?: number }).balanceAfterCents ?? 0).toBeGreaterThanOrEqual(
          0,
        );
  }
  expect(sum).toBe(0);

  // Sales: finished; paid = one debit and one delta per line; refused = no delta, debited lines given back.
  const sold = ofType('StockSold') as { saleId: string; lineNo: number; transferKey: string }[];
  const debitKeys = new Map(debits.map((debited) => [debited.transferKey, debited]));
  const finished = new Map<string, string>();
  for (const data of ofType('SaleConfirmed')) finished.set(String(data.saleId), 'paid');
  for (const data of ofType('SaleReleased')) {
    expect(finished.has(String(data.saleId))).toBe(false);
    finished.set(String(data.saleId), 'refused');
  }
  for (const claim of ofType('SaleClaimed') as {
    saleId: string;
    buyerPk: number;
    lines: { lineNo: number }[];
  }[]) {
    const outcome = finished.get(claim.saleId);
    expect(outcome).toBeDefined();
    totals.sales += 1;
    for (const line of claim.lines) {
      const lineKey = `${claim.buyerPk}/sale:${claim.saleId}:${line.lineNo}`;
      const deltas = sold.filter((row) => row.saleId === claim.saleId && row.lineNo === line.lineNo);
      if (outcome === 'paid') {
        expect(debitKeys.has(lineKey)).toBe(true);
        expect(deltas.length).toBe(1);
        expect(deltas[0]!.transferKey).toBe(lineKey);
      } else {
        expect(deltas.length).toBe(0);
        if (debitKeys.has(lineKey)) {
          const voids = debits.filter((debited) => debited.posting.links.refundOf === lineKey);
          expect(voids.reduce((total, debited) => total + debited.posting.amountCents, 0)).toBe(
            debitKeys.get(lineKey)!.posting.amountCents,
          );
        }
      }
    }
    if (outcome === 'refused') totals.refusedSales += 1;
  }

  // Purchases: one posting each; a refunded purchase is deleted and was refunded in full.
  for (const purchase of ofType('StockPurchased') as {
    posting: { debit: string; transferId: string; amountCents: number };
  }[]) {
    const postingKey = `${purchase.posting.debit}/${purchase.posting.transferId}`;
    expect(debits.filter((debited) => debited.transferKey === postingKey).length).toBe(1);
  }
  for (const refunded of ofType('StockPurchaseRefunded') as { refundTransferKey: string }[]) {
    const refundDebit = debitKeys.get(refunded.refundTransferKey)!;
    const original = debitKeys.get(refundDebit.posting.links.refundOf!)!;
    expect(refundDebit.posting.amountCents).toBe(original.posting.amountCents);
  }
}

describe('stock property', () => {
  afterAll(() =>
    console.log(`[stock property] ${JSON.stringify(totals)} crashes at ${JSON.stringify(crashesAt)}`),
  );

  it('keeps stock = sum of deltas, money at zero, one payment and one delta per sale line, through crashes, races and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), (steps) => runSequence(steps)),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(totals.crashes).toBeGreaterThan(0);
    // Crashes between the sale's steps were reached: after the claim, after a paid line, after a delta.
    for (const where of ['sale:sale_claimed', 'sale:sale_line_debited', 'sale:sale_delta_recorded'])
      expect(crashesAt[where] ?? 0, where).toBeGreaterThan(0);
    expect(totals.conflicts).toBeGreaterThan(0);
    expect(totals.refusedSales).toBeGreaterThan(0);
    expect(totals.refunds).toBeGreaterThan(0);
    expect(totals.retries).toBeGreaterThan(0);
  }, 600_000);
});
