// Given/when/then for the loans deciders: the refusals each decision names.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../ledger/testing.ts';
import { type EquipmentEvent, equipmentDecider, equipmentEventSchema } from './equipment.ts';
import { type BookFields, type LibraryEvent, libraryDecider, libraryEventSchema } from './library.ts';
import { type PaperEvent, paperDecider, paperEventSchema } from './paper.ts';

const now = new Date('2026-11-23T02:00:00.000Z');
const at = now.toISOString();
const book = (barcode: string, allowBorrow = true): BookFields => ({
  barcode,
  isbn: '',
  title: `title ${barcode}`,
  author: '',
  publisher: '',
  classificationName: '',
  classificationColor: '',
  allowBorrow,
});
const added = (pk: number, fields: BookFields): LibraryEvent => ({
  type: 'BookAdded',
  data: { bookPk: pk, book: fields, requestKey: `add-${pk}`, actorPk: 1, at },
});
const borrowed = (userPk: number, loans: { loanPk: number; bookPk: number }[], when: Date): LibraryEvent => ({
  type: 'BooksBorrowed',
  data: {
    userPk,
    loans,
    at: when.toISOString(),
    dueAt: new Date(when.getTime() + 30 * 86_400_000).toISOString(),
    requestKey: `borrow-${loans[0]!.loanPk}`,
    fingerprint: 'x',
    actorPk: 1,
  },
});

describe('library decider', () => {
  const library = deciderSpec(libraryDecider, libraryEventSchema, now);
  const catalogue = [1, 2, 3, 4, 5, 6, 7].map((pk) => added(pk, book(`B${pk}`, pk !== 7)));
  const borrow = (userPk: number, barcodes: string[], isMember = true) => ({
    type: 'BorrowBooks' as const,
    userPk,
    barcodes,
    requestKey: 'r1',
    actorPk: 1,
    isMember,
  });

  it('lends books for 30 days, all or nothing', () => {
    const { decision } = library.given(catalogue).when(borrow(101, ['b1', 'B2']));
    expect(decision).toMatchObject([
      {
        type: 'BooksBorrowed',
        data: {
          loans: [
            { loanPk: 1, bookPk: 1 },
            { loanPk: 2, bookPk: 2 },
          ],
        },
      },
    ]);
  });

  it('refuses: unknown, not allowed, out, over 5, overdue, not a member, empty, duplicated', () => {
    library
      .given(catalogue)
      .when(borrow(101, ['NOPE']))
      .thenRejected('notfound', { barcode: 'NOPE' });
    library
      .given(catalogue)
      .when(borrow(101, ['B7']))
      .thenRejected('notallowed', { barcode: 'B7' });
    library
      .given([...catalogue, borrowed(102, [{ loanPk: 1, bookPk: 1 }], now)])
      .when(borrow(101, ['B1']))
      .thenRejected('out', { barcode: 'B1' });
    library
      .given([
        ...catalogue,
        borrowed(
          101,
          [1, 2, 3, 4].map((pk) => ({ loanPk: pk, bookPk: pk })),
          now,
        ),
      ])
      .when(borrow(101, ['B5', 'B6']))
      .thenRejected('limit');
    const longAgo = new Date(now.getTime() - 31 * 86_400_000);
    library
      .given([...catalogue, borrowed(101, [{ loanPk: 1, bookPk: 1 }], longAgo)])
      .when(borrow(101, ['B2']))
      .thenRejected('expired');
    library
      .given(catalogue)
      .when(borrow(101, ['B1'], false))
      .thenRejected('notmember');
    library.given(catalogue).when(borrow(101, [])).thenRejected('empty');
    library
      .given(catalogue)
      .when(borrow(101, ['B1', 'b1']))
      .thenRejected('duplicated', { barcode: 'B1' });
  });

  it('fines a late return 5 a day; a member returns only their own; a repeat is a no-op, other content a mismatch', () => {
    const longAgo = new Date(now.getTime() - 32 * 86_400_000);
    const given = library.given([...catalogue, borrowed(101, [{ loanPk: 1, bookPk: 1 }], longAgo)]);
    const returning = {
      type: 'ReturnBooks' as const,
      barcodes: ['B1'],
      requestKey: 'ret',
      actorPk: 1,
      onlyUserPk: null,
    };
    expect(given.when(returning).decision).toMatchObject([
      { type: 'BooksReturned', data: { returns: [{ loanPk: 1, overdueDays: 2, fineCents: 1000 }] } },
    ]);
    given.when({ ...returning, onlyUserPk: 102 }).thenRejected('notborrower', { barcode: 'B1' });
    given.when({ ...returning, barcodes: ['B2'] }).thenRejected('notout', { barcode: 'B2' });
    const [event] = given.when(returning).decision as LibraryEvent[];
    const after = library.given([...catalogue, borrowed(101, [{ loanPk: 1, bookPk: 1 }], longAgo), event!]);
    after.when(returning).thenEvents([]);
    after.when({ ...returning, barcodes: ['B3'] }).thenRejected('mismatch');
  });
});

describe('equipment decider', () => {
  const equipment = deciderSpec(equipmentDecider, equipmentEventSchema, now);
  const item: EquipmentEvent = {
    type: 'PropertyAdded',
    data: {
      propertyPk: 1,
      property: { name: 'camera', accountPk: 33, dayFeeCents: 120_00 },
      requestKey: 'a',
      actorPk: 1,
      at,
    },
  };
  const lend = {
    type: 'LendProperty' as const,
    propertyPk: 1,
    userPk: 101,
    activityType: 2 as const,
    expReturnAt: new Date(now.getTime() + 86_400_000),
    comment: '',
    requestKey: 'l1',
    actorPk: 1,
  };

  it('lends with a deposit of 3 day fees, holding until the deposit is posted', () => {
    const [lent] = equipment.given([item]).when(lend).decision as EquipmentEvent[];
    expect(lent).toMatchObject({ type: 'PropertyLent', data: { loanPk: 1, depositCents: 360_00 } });
    const holding = equipment.given([item, lent!]);
    expect(holding.state.loans.get(1)?.status).toBe('holding');
    holding.when({ ...lend, requestKey: 'l2' }).thenRejected('out');
    holding
      .when({ type: 'ReturnProperty', propertyPk: 1, requestKey: 'r', actorPk: 1, onlyUserPk: null })
      .thenRejected('pending');
    const out = equipment.given([
      item,
      lent!,
      { type: 'PropertyDepositHeld', data: { loanPk: 1, propertyPk: 1, transferKey: 'k' } },
    ]);
    const threeHours = new Date(now.getTime() + 3 * 3_600_000);
    expect(
      out.when(
        { type: 'ReturnProperty', propertyPk: 1, requestKey: 'r', actorPk: 1, onlyUserPk: null },
        threeHours,
      ).decision,
    ).toMatchObject([
      {
        type: 'PropertyReturned',
        data: { rentCents: 60_00, fromDepositCents: 60_00, releaseCents: 300_00, extraRentCents: 0 },
      },
    ]);
    out
      .when({ type: 'ReturnProperty', propertyPk: 1, requestKey: 'r', actorPk: 1, onlyUserPk: 102 })
      .thenRejected('notborrower');
  });

  it('refuses unknown items and returns of items not out', () => {
    equipment
      .given([item])
      .when({ ...lend, propertyPk: 9 })
      .thenRejected('notfound');
    equipment
      .given([item])
      .when({ type: 'ReturnProperty', propertyPk: 1, requestKey: 'r', actorPk: 1, onlyUserPk: null })
      .thenRejected('notout');
  });
});

describe('paper decider', () => {
  const paper = deciderSpec(paperDecider, paperEventSchema, now);
  const settings = { boxWeightMg: 500_000, unitWeightMg: 10_000, enabled: true };
  const box: PaperEvent = {
    type: 'PaperBoxAdded',
    data: {
      boxPk: 1,
      barcode: 'SP1',
      stockPk: 5,
      settings,
      weightMg: 700_000,
      requestKey: 'a',
      actorPk: 1,
      at,
    },
  };
  const borrow = {
    type: 'BorrowBox' as const,
    boxPk: 1,
    userPk: 101,
    settings,
    weightMg: 700_000,
    comment: '',
    requestKey: 'b',
    actorPk: 1,
  };

  it('weighs out 20 sheets and back 17: sells 3 under one sale id', () => {
    const [out] = paper.given([box]).when(borrow).decision as PaperEvent[];
    expect(out).toMatchObject({ type: 'PaperBorrowed', data: { rowPk: 1, sheets: 20 } });
    const given = paper.given([box, out!]);
    given.when({ ...borrow, requestKey: 'c' }).thenRejected('out');
    expect(
      given.when({
        type: 'ReturnBox',
        boxPk: 1,
        weightMg: 670_000,
        problem: false,
        comment: '',
        requestKey: 'r',
        actorPk: 1,
        onlyUserPk: null,
      }).decision,
    ).toMatchObject([{ type: 'PaperReturned', data: { sheets: 17, usedSheets: 3, saleId: 'paper-1-1' } }]);
  });

  it('refuses a disabled box, a weight below the box, a fix without a problem, a return of a box not out', () => {
    paper
      .given([box])
      .when({ ...borrow, settings: { ...settings, enabled: false } })
      .thenRejected('disabled');
    paper
      .given([box])
      .when({ ...borrow, weightMg: 400_000 })
      .thenRejected('invalid');
    paper.given([box]).when({ type: 'FixBox', boxPk: 1, comment: '', actorPk: 1 }).thenRejected('noproblem');
    paper
      .given([box])
      .when({
        type: 'ReturnBox',
        boxPk: 1,
        weightMg: 600_000,
        problem: false,
        comment: '',
        requestKey: 'r',
        actorPk: 1,
        onlyUserPk: null,
      })
      .thenRejected('notout');
  });
});
