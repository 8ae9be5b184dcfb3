// Property test of the loans domain (core/src/loans) through its real service, the ledger and the stock
// sale on SQLite in memory, with the loans and ledger read models following live. Random sequences of
// book borrows and returns, equipment lends and returns (the three usage kinds, some members too poor
// for the deposit), paper boxes weighed out and in, time passing (hours to weeks), retries of the last
// request with its key, and "crashes" (a return decided and recorded, its money not yet posted). After
// each sequence and a settlement (`settlePending`, run twice, as two restarts would):
//   - fines are 5 per book per overdue day and rents follow the rule, summed per account;
//   - every deposit held was released exactly once (one release transfer per returned loan; the deposits
//     account holds exactly the deposits of the items out), and release + rent from deposit = held;
//   - money sums to zero over every account and nothing is in flight;
//   - no book or item is lent twice at once (its lend and end events alternate in the log);
//   - paper: each used borrow is one sale whose stock delta equals the sheets used;
//   - the read model rebuilt from zero equals the live one.
// LOANS_PROPERTY_RUNS overrides the number of sequences (default 150).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { StateCache } from '@club/core/commands';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { CLUB_ACCOUNTS } from '@club/core/ledger/accounts';
import type { TransferDebitedData } from '@club/core/ledger/events';
import { Ledger } from '@club/core/ledger/service';
import { Loans } from '@club/core/loans/service';
import { bookFineCents, rentCents } from '@club/core/loans/rules';
import { newItemConfig } from '@club/core/stock/rules';
import { Sales } from '@club/core/stock/sale-service';
import { Stock } from '@club/core/stock/service';
import { ledgerProjection } from './ledger.ts';
import { loansProjection } from './loans.ts';
import { ProjectionRunner, rebuildAll } from './runner.ts';

const RUNS = Number(process.env.LOANS_PROPERTY_RUNS ?? 150);
const MEMBERS = [101, 102, 103] as const;
/** 102 has only 100 NTD: deposits of the dear item are refused. */
const FUNDS: Record<number, number> = { 101: 5_000_00, 102: 100_00, 103: 2_000_00 };
const BOOKS = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6'] as const;
const ITEMS = [
  { name: 'camera', dayFeeCents: 100_00 },
  { name: 'tripod', dayFeeCents: 30_00 },
] as const;
const PAPER_STOCK_PK = 1;
const PAPER_PRICE_CENTS = 38_00;
const START = Date.parse('2026-11-02T02:00:00.000Z');
const HOUR = 3_600_000;

type Step =
  | { t: 'borrow'; user: number; books: number[] }
  | { t: 'returnBook'; book: number }
  | { t: 'lend'; user: number; item: number; kind: 1 | 2 | 5 }
  | { t: 'returnItem'; item: number; crash: boolean }
  | { t: 'paperOut'; user: number }
  | { t: 'paperIn'; usedSheets: number }
  | { t: 'wait'; hours: number }
  | { t: 'retry' };

const borrow = fc.record({
  t: fc.constant('borrow' as const),
  user: fc.constantFrom(...MEMBERS),
  books: fc.uniqueArray(fc.integer({ min: 0, max: BOOKS.length - 1 }), { minLength: 1, maxLength: 3 }),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: borrow, weight: 3 },
  {
    arbitrary: fc.record({ t: fc.constant('returnBook' as const), book: fc.integer({ min: 0, max: 1 }) }),
    weight: 2,
  },
  fc.record({ t: fc.constant('returnBook' as const), book: fc.integer({ min: 0, max: BOOKS.length - 1 }) }),
  fc.record({ t: fc.constant('returnBook' as const), book: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    t: fc.constant('lend' as const),
    user: fc.constantFrom(...MEMBERS),
    item: fc.integer({ min: 1, max: ITEMS.length }),
    kind: fc.constantFrom(1 as const, 2 as const, 5 as const),
  }),
  fc.record({
    t: fc.constant('returnItem' as const),
    item: fc.integer({ min: 1, max: ITEMS.length }),
    crash: fc.boolean(),
  }),
  fc.record({ t: fc.constant('paperOut' as const), user: fc.constantFrom(...MEMBERS) }),
  fc.record({ t: fc.constant('paperIn' as const), usedSheets: fc.integer({ min: 0, max: 4 }) }),
  fc.record({
    t: fc.constant('wait' as const),
    hours: fc.constantFrom(1, 3, 5, 7, 20, 30, 24 * 12, 24 * 31, 24 * 33),
  }),
  fc.constant({ t: 'retry' as const }),
);

const totals = {
  borrows: 0,
  bookReturns: 0,
  sequences: 0,
  fines: 0,
  rents: 0,
  refusedDeposits: 0,
  crashes: 0,
  retries: 0,
  sheets: 0,
};

function servicesOn(store: EventStore) {
  const ledger = new Ledger(store, { cache: new StateCache() });
  const stock = new Stock(store, ledger, { cache: new StateCache() });
  return { ledger, stock, loans: new Loans(store, ledger, new Sales(stock), new StateCache()) };
}

async function runSequence(steps: Step[]): Promise<void> {
  const store = openSqliteEventStore({ file: ':memory:' });
  const live = new ProjectionRunner(store, { loans: loansProjection, ledger: ledgerProjection });
  await live.start();
  let clock = START;
  const request = (actorPk: number | null = 1) => ({ now: new Date(clock), actorPk });
  const { ledger, stock, loans } = servicesOn(store);
  // The oracle: what the rules say should have been charged.
  const expected = { fines: 0, rents: 0, sheets: 0 };
  const bookOut = new Map<number, { user: number; at: number }>();
  const itemOut = new Map<number, { user: number; at: number; kind: 1 | 2 | 5; deposit: number }>();
  let paperOut: { user: number; weightMg: number } | null = null;
  let paperWeightMg = 500_000 + 20 * 10_000;
  let last: (() => Promise<unknown>) | null = null;
  let counter = 0;
  try {
    await stock.createItem(
      {
        config: { ...newItemConfig('SP', '共用相紙 8x10', '張'), priceCents: PAPER_PRICE_CENTS },
        requestKey: 'paper',
        stockPk: PAPER_STOCK_PK,
      },
      request(),
    );
    for (const member of MEMBERS)
      expect(
        (
          await ledger.addValue({
            ...request(7),
            transferId: `fund-${member}`,
            staffPk: 7,
            userPk: member,
            amountCents: FUNDS[member]!,
          })
        ).ok,
      ).toBe(true);
    for (const [index, barcode] of BOOKS.entries()) {
      const added = await loans.addBook(
        {
          barcode,
          isbn: '',
          title: `book ${index}`,
          author: '',
          publisher: '',
          classificationName: '',
          classificationColor: '',
          allowBorrow: true,
        },
        `book-${barcode}`,
        request(),
      );
      expect(added.ok).toBe(true);
    }
    for (const item of ITEMS)
      expect(
        (
          await loans.addProperty(
            {
              name: item.name,
              accountPk: Number(CLUB_ACCOUNTS.equipmentRent.id),
              dayFeeCents: item.dayFeeCents,
            },
            `item-${item.name}`,
            request(),
          )
        ).ok,
      ).toBe(true);
    expect(
      (
        await loans.paperCommand(
          {
            type: 'AddBox',
            barcode: 'SP-BOX-1',
            stockPk: PAPER_STOCK_PK,
            settings: { boxWeightMg: 500_000, unitWeightMg: 10_000, enabled: true },
            weightMg: paperWeightMg,
            requestKey: 'box',
            actorPk: 1,
          },
          request(),
        )
      ).ok,
    ).toBe(true);

    for (const current of steps) {
      clock += 60_000;
      const key = `req-${++counter}`;
      switch (current.t) {
        case 'wait':
          clock += current.hours * HOUR;
          break;
        case 'retry':
          if (last) {
            totals.retries += 1;
            await last();
          }
          break;
        case 'borrow': {
          const barcodes = current.books.map((index) => BOOKS[index]!);
          const command = {
            type: 'BorrowBooks' as const,
            userPk: current.user,
            barcodes,
            requestKey: key,
            actorPk: 1,
            isMember: true,
          };
          const result = await loans.libraryCommand(command, request());
          const mine = [...bookOut.values()].filter((out) => out.user === current.user);
          const wouldBe =
            current.books.every((index) => !bookOut.has(index)) &&
            mine.length + current.books.length <= 5 &&
            mine.every((out) => clock <= out.at + 30 * 24 * HOUR);
          expect(result.ok).toBe(wouldBe);
          if (result.ok) totals.borrows += 1;
          if (result.ok)
            for (const index of current.books) bookOut.set(index, { user: current.user, at: clock });
          last = result.ok
            ? async () => expect((await loans.libraryCommand(command, request())).ok).toBe(true)
            : null;
          break;
        }
        case 'returnBook': {
          const command = {
            type: 'ReturnBooks' as const,
            barcodes: [BOOKS[current.book]!],
            requestKey: key,
            actorPk: 1,
            onlyUserPk: null,
          };
          const out = bookOut.get(current.book);
          const result = await loans.libraryCommand(command, request());
          expect(result.ok).toBe(out !== undefined);
          if (out) {
            totals.bookReturns += 1;
            expected.fines += bookFineCents(new Date(out.at + 30 * 24 * HOUR), new Date(clock));
            bookOut.delete(current.book);
          }
          last = result.ok
            ? async () => expect((await loans.libraryCommand(command, request())).ok).toBe(true)
            : null;
          break;
        }
        case 'lend': {
          const item = ITEMS[current.item - 1]!;
          const deposit = current.kind === 5 ? 0 : 3 * item.dayFeeCents;
          const balance = await ledger.balanceOf(current.user);
          const input = {
            propertyPk: current.item,
            userPk: current.user,
            activityType: current.kind,
            expReturnAt: new Date(clock + 24 * HOUR),
            comment: '',
            requestKey: key,
            allowDebt: false,
          };
          const result = await loans.lend(input, request());
          if (itemOut.has(current.item)) expect(result.ok ? 'ok' : result.reason).toBe('out');
          // Official activity holds no deposit: a member in debt may still take the item.
          else if (deposit > 0 && balance < deposit) {
            expect(result.ok ? 'ok' : result.reason).toBe('insufficient_balance');
            totals.refusedDeposits += 1;
          } else {
            expect(result.ok).toBe(true);
            itemOut.set(current.item, { user: current.user, at: clock, kind: current.kind, deposit });
          }
          last = result.ok ? async () => expect((await loans.lend(input, request())).ok).toBe(true) : null;
          break;
        }
        case 'returnItem': {
          const out = itemOut.get(current.item);
          const input = { propertyPk: current.item, requestKey: key, onlyUserPk: null, allowDebt: false };
          if (current.crash) {
            totals.crashes += 1;
            const recorded = await loans.equipmentCommand(
              {
                type: 'ReturnProperty',
                propertyPk: current.item,
                requestKey: key,
                actorPk: 1,
                onlyUserPk: null,
              },
              request(),
            );
            expect(recorded.ok).toBe(out !== undefined);
          } else {
            const result = await loans.returnProperty(input, request());
            expect(result.ok).toBe(out !== undefined);
          }
          if (out) {
            const rent = rentCents({
              activityType: out.kind,
              dayFeeCents: ITEMS[current.item - 1]!.dayFeeCents,
              lentAt: new Date(out.at),
              returnedAt: new Date(clock),
            });
            expected.rents += rent;
            itemOut.delete(current.item);
          }
          last = out
            ? async () => expect((await loans.returnProperty(input, request())).ok).toBe(true)
            : null;
          break;
        }
        case 'paperOut': {
          const command = {
            type: 'BorrowBox' as const,
            boxPk: 1,
            userPk: current.user,
            settings: { boxWeightMg: 500_000, unitWeightMg: 10_000, enabled: true },
            weightMg: paperWeightMg,
            comment: '',
            requestKey: key,
            actorPk: 1,
          };
          const result = await loans.paperCommand(command, request());
          expect(result.ok).toBe(paperOut === null);
          if (result.ok) paperOut = { user: current.user, weightMg: paperWeightMg };
          last = result.ok
            ? async () => expect((await loans.paperCommand(command, request())).ok).toBe(true)
            : null;
          break;
        }
        case 'paperIn': {
          const used = paperOut
            ? Math.min(current.usedSheets, Math.floor((paperOut.weightMg - 500_000) / 10_000))
            : 0;
          const weightMg = paperOut ? paperOut.weightMg - used * 10_000 : paperWeightMg;
          const command = {
            type: 'ReturnBox' as const,
            boxPk: 1,
            weightMg,
            problem: false,
            comment: '',
            requestKey: key,
            actorPk: 1,
            onlyUserPk: null,
          };
          const result = await loans.returnPaper(command, { pointsHundredths: 0 }, request());
          expect(result.ok).toBe(paperOut !== null);
          if (paperOut) {
            expected.sheets += used;
            paperWeightMg = weightMg;
            paperOut = null;
          }
          last = result.ok
            ? async () =>
                expect((await loans.returnPaper(command, { pointsHundredths: 0 }, request())).ok).toBe(true)
            : null;
          break;
        }
      }
    }

    // Two restarts settle whatever a crash left; the second must find nothing to do.
    await loans.settlePending(request(null));
    await servicesOn(store).loans.settlePending(request(null));
    await check(store, live, expected, itemOut);
    totals.sequences += 1;
    totals.fines += expected.fines;
    totals.rents += expected.rents;
    totals.sheets += expected.sheets;
  } finally {
    await live.stop();
    await store.close();
  }
}

async function check(
  store: EventStore,
  live: ProjectionRunner<{ loans: typeof loansProjection; ledger: typeof ledgerProjection }>,
  expected: { fines: number; rents: number; sheets: number },
  itemOut: Map<number, { deposit: number }>,
): Promise<void> {
  await live.waitFor(await store.headPosition());
  const events = await store.readAll({ maxCount: 1_000_000 });
  const balances = live.models.ledger.balances;
  const balance = (account: string) => balances.get(account) ?? 0;

  // Money sums to zero and nothing is in flight.
  expect([...balances.values()].reduce((sum, cents) => sum + cents, 0)).toBe(0);
  expect(live.models.ledger.inFlightCents).toBe(0);

  // Fines and rents as the rules say.
  expect(balance(CLUB_ACCOUNTS.libraryFines.id)).toBe(expected.fines);
  expect(balance(CLUB_ACCOUNTS.equipmentRent.id)).toBe(expected.rents);
  expect(balance(CLUB_ACCOUNTS.suppliesStock.id)).toBe(expected.sheets * PAPER_PRICE_CENTS);

  // Deposits: the account holds exactly those of the items out; each returned loan released once.
  expect(balance(CLUB_ACCOUNTS.equipmentDeposits.id)).toBe(
    [...itemOut.values()].reduce((sum, out) => sum + out.deposit, 0),
  );
  const debits = events
    .filter((event) => event.type === 'TransferDebited')
    .map((event) => event.data as TransferDebitedData);
  const countOf = (transferId: string) =>
    debits.filter((debit) => debit.posting.transferId === transferId).length;
  for (const loan of live.models.loans.equipment.loans.values()) {
    if (loan.status === 'returned') {
      const { releaseCents, fromDepositCents } = loan.returned;
      expect(releaseCents + fromDepositCents).toBe(loan.depositCents);
      expect(countOf(`posting:equipment-release:${loan.loanPk}`)).toBe(releaseCents > 0 ? 1 : 0);
    }
    expect(countOf(`posting:equipment-deposit:${loan.loanPk}`)).toBe(
      loan.depositCents > 0 && loan.status !== 'cancelled' ? 1 : 0,
    );
  }

  // No book or item lent twice at once: its lend and end events alternate.
  const outNow = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'BooksBorrowed')
      for (const loan of data.loans as { bookPk: number }[]) {
        expect(outNow.has(`b${loan.bookPk}`)).toBe(false);
        outNow.add(`b${loan.bookPk}`);
      }
    if (event.type === 'BooksReturned')
      for (const returned of data.returns as { bookPk: number }[])
        expect(outNow.delete(`b${returned.bookPk}`)).toBe(true);
    if (event.type === 'PropertyLent') {
      expect(outNow.has(`p${data.propertyPk}`)).toBe(false);
      outNow.add(`p${data.propertyPk}`);
    }
    if (event.type === 'PropertyReturned' || event.type === 'PropertyLendCancelled')
      expect(outNow.delete(`p${data.propertyPk}`)).toBe(true);
  }

  // Paper: one sale per used borrow, its stock delta the sheets used.
  const sold = events.filter((event) => event.type === 'StockSold');
  const returned = events.filter(
    (event) => event.type === 'PaperReturned' && (event.data as { usedSheets: number }).usedSheets > 0,
  );
  expect(sold.length).toBe(returned.length);
  expect(sold.reduce((sum, event) => sum + (event.data as { quantityMilli: number }).quantityMilli, 0)).toBe(
    expected.sheets * 1000,
  );

  // Replay equals live.
  const rebuilt = await rebuildAll(store, { loans: loansProjection, ledger: ledgerProjection });
  expect(rebuilt.models.loans).toEqual(live.models.loans);
  expect(rebuilt.models.ledger.balances).toEqual(live.models.ledger.balances);
}

describe('loans (property)', () => {
  afterAll(() => {
    console.info('loans property test', totals);
  });

  it('charges fines and rents as specified, releases each deposit once, keeps money at zero, never lends one thing twice, replay equals live', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 30 }), (steps) => runSequence(steps)),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(totals.fines).toBeGreaterThan(0);
    expect(totals.rents).toBeGreaterThan(0);
    expect(totals.crashes).toBeGreaterThan(0);
    expect(totals.refusedDeposits).toBeGreaterThan(0);
    expect(totals.sheets).toBeGreaterThan(0);
  }, 600_000);
});
