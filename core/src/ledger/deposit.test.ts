import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  banknoteRefusal,
  type DepositCommand,
  depositCountingDecider,
  depositPosting,
  type PouchFact,
  pouchCountRefusal,
} from './deposit.ts';
import { type Banknotes, type DepositEvent, depositEventSchema } from './events.ts';
import { fingerprintOf } from './fingerprint.ts';
import { deciderSpec } from './testing.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(depositCountingDecider, depositEventSchema, now);

const usedFact = (ntd: number): PouchFact => ({ status: 'used', amountCents: ntd * 100 });
const scan = (
  barcode: string,
  countedNtd: number,
  pouch: PouchFact = usedFact(500),
  force = false,
): DepositCommand => ({
  type: 'ScanPouch',
  barcode,
  countedCents: countedNtd * 100,
  force,
  pouch,
  staffPk: 7,
});
const counted = (
  barcode: string,
  declaredNtd: number,
  countedNtd = declaredNtd,
  batchNo = 1,
): DepositEvent => ({
  type: 'PouchCounted',
  data: {
    batchNo,
    barcode,
    declaredCents: declaredNtd * 100,
    countedCents: countedNtd * 100,
    forced: declaredNtd !== countedNtd,
    staffPk: 7,
    at,
  },
});
const notes = (overrides: Partial<Banknotes> = {}): Banknotes => ({
  n2000: 0,
  n1000: 0,
  n500: 0,
  n200: 0,
  n100: 0,
  ...overrides,
});
const commit = (
  pocketCount: number,
  banknotes: Banknotes,
  coinsCents = 0,
  commitKey = 'k1',
): DepositCommand => ({
  type: 'CommitDeposit',
  commitKey,
  pocketCount,
  banknotes,
  coinsCents,
  staffPk: 7,
});

describe('deposit counting: scan (document 3, AdminDeposit)', () => {
  it.each([-100, 50, 12.5])(
    'given anything, when the counted amount is %s cents, then amount_format',
    (cents) => {
      spec
        .given([])
        .when({ ...(scan('P1', 0) as Extract<DepositCommand, { type: 'ScanPouch' }>), countedCents: cents })
        .thenRejected('amount_format');
    },
  );

  it('given an unknown barcode, when scanned, then unknown', () => {
    spec
      .given([])
      .when(scan('P1', 500, { status: 'unregistered' }))
      .thenRejected('unknown');
  });

  it('given a pouch never used, when scanned, then unused', () => {
    spec
      .given([])
      .when(scan('P1', 500, { status: 'unused' }))
      .thenRejected('unused');
  });

  it('given a used pouch, when the counted amount matches, then PouchCounted', () => {
    spec
      .given([])
      .when(scan('P1', 500))
      .thenEvents([counted('P1', 500)]);
  });

  it('given a used pouch, when the counted amount differs, then amount (with the declared amount)', () => {
    spec.given([]).when(scan('P1', 400)).thenRejected('amount', { declaredCents: 50_000 });
  });

  it('given a used pouch, when a differing amount is forced (recount confirmed), then PouchCounted marked forced', () => {
    spec
      .given([])
      .when(scan('P1', 400, usedFact(500), true))
      .thenEvents([counted('P1', 500, 400)]);
  });

  it('given a counted pouch, when the same count comes again in the open batch, then nothing new (a retry)', () => {
    spec
      .given([counted('P1', 500)])
      .when(scan('P1', 500))
      .thenEvents([]);
  });

  it('given a counted pouch, when counted with another amount, then counted', () => {
    spec
      .given([counted('P1', 500)])
      .when(scan('P1', 400, usedFact(500), true))
      .thenRejected('counted', { batchNo: 1 });
  });

  it('given a pouch counted in a committed batch, when scanned again, then counted', () => {
    const committed = spec.given([counted('P1', 500)]).when(commit(1, notes({ n500: 1 })))
      .decision as DepositEvent[];
    spec
      .given([counted('P1', 500), ...committed])
      .when(scan('P1', 500))
      .thenRejected('counted', { batchNo: 1 });
  });
});

describe('deposit counting: settle 1, settle 2 and commit', () => {
  const batch = [counted('P1', 500), counted('P2', 1000), counted('P3', 300, 200)];
  const state = fold(depositCountingDecider, batch);

  it('keeps the open batch and its total', () => {
    expect(state.batch.map((pouch) => pouch.barcode)).toEqual(['P1', 'P2', 'P3']);
    expect(state.batchTotalCents).toBe(170_000);
  });

  it('settle 1: the pouch count must equal the counted pouches', () => {
    expect(pouchCountRefusal(state, 3)).toBeNull();
    expect(pouchCountRefusal(state, 2)).toBe('quantity');
    expect(pouchCountRefusal(fold(depositCountingDecider, []), 0)).toBe('nothing_counted');
  });

  it('settle 2: banknotes and coins must add up to the counted total', () => {
    expect(banknoteRefusal(state, notes({ n1000: 1, n500: 1, n200: 1 }), 0)).toBeNull();
    expect(banknoteRefusal(state, notes({ n1000: 1, n500: 1, n100: 1 }), 10_000)).toBeNull();
    expect(banknoteRefusal(state, notes({ n1000: 1, n500: 1 }), 0)).toBe('total');
    expect(banknoteRefusal(state, notes({ n1000: -1 }), 0)).toBe('banknote_format');
    expect(banknoteRefusal(state, notes({ n100: 1.5 }), 0)).toBe('banknote_format');
    expect(banknoteRefusal(state, notes(), -1)).toBe('banknote_format');
  });

  it('given nothing counted, when committing, then nothing_counted', () => {
    spec.given([]).when(commit(0, notes())).thenRejected('nothing_counted');
  });

  it('given three pouches, when committing with two, then quantity', () => {
    spec
      .given(batch)
      .when(commit(2, notes({ n1000: 1, n500: 1, n200: 1 })))
      .thenRejected('quantity');
  });

  it('given 1700 NTD counted, when the banknotes say 1600, then total', () => {
    spec
      .given(batch)
      .when(commit(3, notes({ n1000: 1, n500: 1, n100: 1 })))
      .thenRejected('total');
  });

  it('given a bad banknote count, when committing, then banknote_format', () => {
    spec
      .given(batch)
      .when(commit(3, notes({ n2000: -1 })))
      .thenRejected('banknote_format');
  });

  it('given 1700 NTD counted, when committing, then DepositCommitted with club cash paying pouch clearing', () => {
    const banknotes = notes({ n1000: 1, n500: 1, n200: 1 });
    spec
      .given(batch)
      .when(commit(3, banknotes))
      .thenEvents([
        {
          type: 'DepositCommitted',
          data: {
            batchNo: 1,
            commitKey: 'k1',
            fingerprint: fingerprintOf({ pocketCount: 3, banknotes, coinsCents: 0, staffPk: 7 }),
            pouchCount: 3,
            totalCents: 170_000,
            banknotes,
            coinsCents: 0,
            staffPk: 7,
            posting: depositPosting(1, 170_000, 7),
            at,
          },
        },
      ]);
    expect(depositPosting(1, 170_000, 7)).toMatchObject({
      debit: '13',
      credit: '12',
      transferId: 'deposit:1',
    });
  });

  it('given a committed batch, when the same commit comes again, then nothing new; with other content, idempotency_mismatch', () => {
    const banknotes = notes({ n1000: 1, n500: 1, n200: 1 });
    const committed = spec.given(batch).when(commit(3, banknotes)).decision as DepositEvent[];
    spec
      .given([...batch, ...committed])
      .when(commit(3, banknotes))
      .thenEvents([]);
    spec
      .given([...batch, ...committed])
      .when(commit(2, banknotes))
      .thenRejected('idempotency_mismatch');
    const after = fold(depositCountingDecider, [...batch, ...committed]);
    expect({ batchNo: after.batchNo, batch: after.batch, total: after.batchTotalCents }).toEqual({
      batchNo: 2,
      batch: [],
      total: 0,
    });
  });

  it('given only empty pouches counted (forced to 0), when committing, then no posting', () => {
    const empty = [counted('P9', 100, 0)];
    const decision = spec.given(empty).when(commit(1, notes())).decision as DepositEvent[];
    expect(decision[0]?.type === 'DepositCommitted' && decision[0].data.posting).toBeNull();
  });
});

describe('deposit counting: the stated total without a breakdown (document 3: { banknoteTotal, pocketCount })', () => {
  const batch = [counted('P1', 500), counted('P2', 1000), counted('P3', 300, 200)];
  const totalOnly = (pocketCount: number, statedNtd: number, commitKey = 'k1'): DepositCommand => ({
    type: 'CommitDeposit',
    commitKey,
    pocketCount,
    banknotes: null,
    coinsCents: null,
    statedTotalCents: statedNtd * 100,
    staffPk: 7,
  });

  it('given 1700 NTD counted, when 1700 is stated, then DepositCommitted with no breakdown recorded', () => {
    const decision = spec.given(batch).when(totalOnly(3, 1700)).decision as DepositEvent[];
    expect(decision).toHaveLength(1);
    expect(decision[0]).toMatchObject({
      type: 'DepositCommitted',
      data: { totalCents: 170_000, banknotes: null, coinsCents: null, pouchCount: 3 },
    });
  });

  it('given 1700 NTD counted, when 1600 is stated, then total; with the wrong pouch count, quantity first', () => {
    spec.given(batch).when(totalOnly(3, 1600)).thenRejected('total');
    spec.given(batch).when(totalOnly(2, 1600)).thenRejected('quantity');
  });

  it('given a breakdown and a stated total that disagree, then total; neither given, then banknote_format', () => {
    const state = fold(depositCountingDecider, batch);
    expect(banknoteRefusal(state, notes({ n1000: 1, n500: 1, n200: 1 }), 0, 170_000)).toBeNull();
    expect(banknoteRefusal(state, notes({ n1000: 1, n500: 1, n200: 1 }), 0, 160_000)).toBe('total');
    expect(banknoteRefusal(state, null, null, null)).toBe('banknote_format');
    expect(banknoteRefusal(state, null, null, 170_050)).toBe('banknote_format');
  });

  it('keeps the fingerprint of a commit without a stated total as it was before the field existed', () => {
    const command = commit(3, notes({ n1000: 1, n500: 1, n200: 1 }));
    const decision = spec.given(batch).when(command).decision as DepositEvent[];
    const event = decision[0];
    expect(event?.type === 'DepositCommitted' && event.data.fingerprint).toBe(
      fingerprintOf({
        pocketCount: 3,
        banknotes: notes({ n1000: 1, n500: 1, n200: 1 }),
        coinsCents: 0,
        staffPk: 7,
      }),
    );
  });
});
