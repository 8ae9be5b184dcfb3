// Loans under real races: several "processes" (each its own store handle with its own stream locks and
// caches, reads answering a turn late as over a socket) lend the same item, borrow the same book and
// take the same paper box at once. Exactly one wins each race, the others are refused `out` (after
// re-deciding on the conflict), no deposit is held for a refused lend, and the conflicts are counted.
import { describe, expect, it } from 'vitest';
import { StateCache } from '../commands.ts';
import { instrument } from '../eventstore/faults.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS } from '../ledger/accounts.ts';
import { Ledger } from '../ledger/service.ts';
import { Sales } from '../stock/sale-service.ts';
import { Stock } from '../stock/service.ts';
import { Loans } from './service.ts';

const PROCESSES = 4;
const MEMBERS = [101, 102, 103, 104];

describe('loans races (several processes on one store)', () => {
  it('lends one item, one book and one box once, refuses the rest, counts the conflicts', async () => {
    const base = openSqliteEventStore({ file: ':memory:' });
    const now = new Date('2026-11-23T02:00:00.000Z');
    const request = { now, actorPk: 1 };
    const handles = Array.from({ length: PROCESSES }, () => instrument(base));
    const processes = handles.map((handle) => {
      const ledger = new Ledger(handle.store, { cache: new StateCache() });
      return new Loans(handle.store, ledger, new Sales(new Stock(handle.store, ledger)), new StateCache());
    });
    const setup = processes[0]!;
    for (const member of MEMBERS)
      expect(
        (
          await setup.ledger.addValue({
            ...request,
            transferId: `fund-${member}`,
            staffPk: 7,
            userPk: member,
            amountCents: 100_000,
          })
        ).ok,
      ).toBe(true);
    expect(
      (await setup.addProperty({ name: 'camera', accountPk: 33, dayFeeCents: 10_000 }, 'item', request)).ok,
    ).toBe(true);
    const book = {
      isbn: '',
      title: 't',
      author: '',
      publisher: '',
      classificationName: '',
      classificationColor: '',
      allowBorrow: true,
    };
    expect((await setup.addBook({ ...book, barcode: 'B1' }, 'book', request)).ok).toBe(true);
    const settings = { boxWeightMg: 100_000, unitWeightMg: 10_000, enabled: true };
    expect(
      (
        await setup.paperCommand(
          {
            type: 'AddBox',
            barcode: 'SP1',
            stockPk: 1,
            settings,
            weightMg: 300_000,
            requestKey: 'box',
            actorPk: 1,
          },
          request,
        )
      ).ok,
    ).toBe(true);
    for (const handle of handles) handle.readLatency = true;

    const lends = await Promise.all(
      processes.map((loans, index) =>
        loans.lend(
          {
            propertyPk: 1,
            userPk: MEMBERS[index]!,
            activityType: 2,
            expReturnAt: new Date(now.getTime() + 86_400_000),
            comment: '',
            requestKey: `lend-${index}`,
            allowDebt: false,
          },
          request,
        ),
      ),
    );
    const borrows = await Promise.all(
      processes.map((loans, index) =>
        loans.libraryCommand(
          {
            type: 'BorrowBooks',
            userPk: MEMBERS[index]!,
            barcodes: ['B1'],
            requestKey: `borrow-${index}`,
            actorPk: 1,
            isMember: true,
          },
          request,
        ),
      ),
    );
    const boxes = await Promise.all(
      processes.map((loans, index) =>
        loans.paperCommand(
          {
            type: 'BorrowBox',
            boxPk: 1,
            userPk: MEMBERS[index]!,
            settings,
            weightMg: 300_000,
            comment: '',
            requestKey: `box-${index}`,
            actorPk: 1,
          },
          request,
        ),
      ),
    );
    for (const results of [lends, borrows, boxes]) {
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(
        Array(PROCESSES - 1).fill('out'),
      );
    }
    const ledger = new Ledger(base, { cache: new StateCache() });
    expect(await ledger.balanceOf(CLUB_ACCOUNTS.equipmentDeposits.id)).toBe(30_000);
    const conflicts = handles.reduce((sum, handle) => sum + handle.conflicts, 0);
    console.info(`loans races: ${conflicts} conflicts over ${PROCESSES} processes`);
    expect(conflicts).toBeGreaterThan(0);
    await base.close();
  });
});
