// The process manager: its pure reactions, and recovery after a crash at each step of each operation
// (the service stops right after a step is stored; a restarted process runs settlePending).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS, staffCashAccount } from './accounts.ts';
import type { TransferDebitedData } from './events.ts';
import { followUpsOf, pendingFollowUps, reactTo, settlePending } from './process-manager.ts';
import { startLedgerProcessManager } from './process-manager-live.ts';
import { Ledger, type LedgerRequest, type LedgerStep } from './service.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const restartTime = new Date('2026-11-22T09:00:00.000Z');
const as = (actorPk: number): LedgerRequest => ({ now, actorPk });

class SimulatedCrash extends Error {}

let store: EventStore;
let crashAt: LedgerStep | null;
let ledger: Ledger;

beforeEach(() => {
  store = openSqliteEventStore({ file: ':memory:' });
  crashAt = null;
  ledger = new Ledger(store, {
    afterStep: (step) => {
      if (step === crashAt) {
        crashAt = null;
        throw new SimulatedCrash(step);
      }
    },
  });
});
afterEach(async () => {
  await store.close();
});

/** Runs an operation that crashes right after `step` is stored. */
async function crashing(step: LedgerStep, operation: () => Promise<unknown>): Promise<void> {
  crashAt = step;
  await expect(operation()).rejects.toBeInstanceOf(SimulatedCrash);
}

/** A restarted process: a new service with a cold cache, settling what is pending. */
const restart = (afterPosition?: number) =>
  settlePending(store, { now: () => restartTime, ...(afterPosition === undefined ? {} : { afterPosition }) });

const fund = (userPk: number, amountNtd: number) =>
  ledger.addValue({
    ...as(7),
    transferId: `fund-${userPk}`,
    staffPk: 7,
    userPk,
    amountCents: amountNtd * 100,
  });

const logTypes = async () => (await store.readAll()).map((event) => event.type);
const sumOfBalances = async (accounts: (string | number)[]) =>
  (await Promise.all(accounts.map((account) => new Ledger(store).balanceOf(account)))).reduce(
    (a, b) => a + b,
    0,
  );

describe('reactTo and followUpsOf (pure)', () => {
  it('a debit calls for its credit; nothing else does', async () => {
    await fund(101, 100);
    const [debited, credited] = (await store.readAll()) as RecordedEvent[];
    expect(reactTo(debited!)).toEqual({ type: 'CreditTransfer', debited: debited!.data });
    expect(reactTo(credited!)).toBeNull();
    expect(reactTo({ type: 'UserRegistered', data: {} })).toBeNull();
    expect(followUpsOf({ type: 'UserRegistered', data: {} })).toEqual([]);
  });

  it('a member-fee debit calls for its credit and its confirmation; a refund of it for the cancellation', async () => {
    await ledger.receiveMemberFee({
      ...as(7),
      collectionId: 'c1',
      staffPk: 7,
      payer: {
        pk: 101,
        isCurrentStaff: false,
        errormember: false,
        needsReview: false,
        identifiedBy: 'stuid',
      },
      memberfeeSemester: '115-1',
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    const log = await store.readAll();
    const claimed = log.find((event) => event.type === 'DuesClaimed')!;
    const debited = log.find((event) => event.type === 'TransferDebited')!;
    expect(followUpsOf(claimed).map((followUp) => followUp.type)).toEqual(['ResumeDue']);
    expect(followUpsOf(debited).map((followUp) => followUp.type)).toEqual(['CreditTransfer', 'ConfirmDue']);
    expect(pendingFollowUps(log)).toEqual([]);

    const key = (debited.data as TransferDebitedData).transferKey;
    await ledger.refund({
      ...as(9),
      transferId: 'r',
      original: key,
      amountCents: 60_000,
      reason: 'refund',
      cancelDue: true,
      allowDebt: false,
    });
    const refund = (await store.readAll()).filter((event) => event.type === 'TransferDebited').at(-1)!;
    expect(followUpsOf(refund)).toEqual([
      { type: 'CreditTransfer', debited: refund.data },
      {
        type: 'CancelDue',
        userPk: 101,
        due: { kind: 'memberfee', semester: '115-1' },
        transferKey: key,
        refundTransferKey: (refund.data as TransferDebitedData).transferKey,
      },
    ]);
  });
});

describe('settlePending after a crash', () => {
  it('transfer: debited, not credited: the money is in flight, then credited at the debit time, once', async () => {
    await fund(101, 1000);
    await crashing('debited', () =>
      ledger.transfer({
        ...as(101),
        transferId: 't1',
        from: 101,
        to: 102,
        amountCents: 30_000,
        summary: 'film',
        allowDebt: false,
      }),
    );
    const cold = new Ledger(store);
    expect([await cold.balanceOf(101), await cold.balanceOf(102)]).toEqual([70_000, 0]);
    expect(pendingFollowUps(await store.readAll()).map((entry) => entry.followUp.type)).toEqual([
      'CreditTransfer',
    ]);

    const report = await restart();
    expect(report).toMatchObject({ executed: 1, pending: [], checkpoint: await store.headPosition() });
    expect([await cold.balanceOf(101), await cold.balanceOf(102)]).toEqual([70_000, 30_000]);
    const credit = (await store.readAll()).at(-1)!;
    expect(credit).toMatchObject({ type: 'TransferCredited', data: { at: now.toISOString() } });
    expect(credit.metadata.time).toBe(restartTime.toISOString());

    expect(await restart()).toMatchObject({ executed: 0 });
    // The client's retry after the crash returns the transfer and writes nothing more.
    const head = await store.headPosition();
    expect(
      await ledger.transfer({
        ...as(101),
        transferId: 't1',
        from: 101,
        to: 102,
        amountCents: 30_000,
        summary: 'film',
        allowDebt: false,
      }),
    ).toMatchObject({ ok: true, transferKey: '101/transfer:t1' });
    expect(await store.headPosition()).toBe(head);
  });

  it('self-paid member fee: claimed, never debited: the manager pays it and confirms', async () => {
    await ledger.receiveMemberFee({
      ...as(7),
      collectionId: 'c1',
      staffPk: 7,
      payer: {
        pk: 101,
        isCurrentStaff: false,
        errormember: false,
        needsReview: false,
        identifiedBy: 'stuid',
      },
      memberfeeSemester: '115-1',
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    await fund(101, 1000);
    const pay = () =>
      ledger.payMemberFee({
        ...as(101),
        claimId: 'p1',
        userPk: 101,
        semester: '115-2',
        allowDebt: false,
        errormember: false,
        valid: true,
      });
    await crashing('claimed', pay);
    expect((await new Ledger(store).membership(101)).dues['memberfee:115-2']).toMatchObject({
      status: 'pending',
    });
    // While pending, another payment of that semester is refused.
    expect(
      await ledger.payMemberFee({
        ...as(101),
        claimId: 'p2',
        userPk: 101,
        semester: '115-2',
        allowDebt: false,
        errormember: false,
        valid: true,
      }),
    ).toMatchObject({ ok: false, reason: 'already' });

    await restart();
    expect(await new Ledger(store).membershipSummary(101, now)).toMatchObject({ isnextmember: true });
    expect(await new Ledger(store).balanceOf(101)).toBe(40_000);
    expect(await pay()).toMatchObject({ ok: true, transfers: [{ due: 'memberfee:115-2' }] });
  });

  it('self-paid member fee: claimed with too little balance: the manager records the refusal and releases it', async () => {
    await ledger.receiveMemberFee({
      ...as(7),
      collectionId: 'c1',
      staffPk: 7,
      payer: {
        pk: 101,
        isCurrentStaff: false,
        errormember: false,
        needsReview: false,
        identifiedBy: 'stuid',
      },
      memberfeeSemester: '115-1',
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    await crashing('claimed', () =>
      ledger.payMemberFee({
        ...as(101),
        claimId: 'p1',
        userPk: 101,
        semester: '115-2',
        allowDebt: false,
        errormember: false,
        valid: true,
      }),
    );
    await restart();
    expect((await logTypes()).slice(-2)).toEqual(['TransferRefused', 'DueReleased']);
    expect((await new Ledger(store).membership(101)).dues['memberfee:115-2']).toBeUndefined();
    await fund(101, 600);
    expect(
      await ledger.payMemberFee({
        ...as(101),
        claimId: 'p2',
        userPk: 101,
        semester: '115-2',
        allowDebt: false,
        errormember: false,
        valid: true,
      }),
    ).toMatchObject({ ok: true });
  });

  it('fee collection: debited from the staff cash, not confirmed: the manager confirms and credits', async () => {
    await crashing('debited', () =>
      ledger.receiveMemberFee({
        ...as(7),
        collectionId: 'c1',
        staffPk: 7,
        payer: {
          pk: 103,
          isCurrentStaff: false,
          errormember: false,
          needsReview: false,
          identifiedBy: 'stuid',
        },
        memberfeeSemester: '115-1',
        workshops: [{ semester: '115-1', workshopKind: 3 }],
        totalNeedPayCents: 110_000,
      }),
    );
    await restart();
    const cold = new Ledger(store);
    expect(await cold.membershipSummary(103, now)).toMatchObject({ ismember: true });
    expect((await cold.membership(103)).dues['workshop:115-1:3']).toMatchObject({ status: 'paid' });
    expect([
      await cold.balanceOf(staffCashAccount(7)),
      await cold.balanceOf(CLUB_ACCOUNTS.memberFeeIncome.id),
      await cold.balanceOf(CLUB_ACCOUNTS.workshopDeposits.id),
    ]).toEqual([-110_000, 60_000, 50_000]);
  });

  it('pouch: used, not posted: the manager posts it once', async () => {
    await ledger.registerPouch({ ...as(7), barcode: 'P1' });
    await crashing('pouch_used', () =>
      ledger.pouchTopUp({ ...as(101), barcode: 'P1', userPk: 101, amountCents: 50_000 }),
    );
    expect(await new Ledger(store).balanceOf(101)).toBe(0);
    await restart();
    expect(await new Ledger(store).balanceOf(101)).toBe(50_000);
    expect(
      await ledger.pouchTopUp({ ...as(101), barcode: 'P1', userPk: 101, amountCents: 50_000 }),
    ).toMatchObject({
      ok: true,
      transferKey: '12/pouch:P1',
    });
    expect(await new Ledger(store).balanceOf(101)).toBe(50_000);
  });

  it('deposit: committed, not posted: the manager moves the counted cash', async () => {
    await ledger.registerPouch({ ...as(7), barcode: 'P1' });
    await ledger.pouchTopUp({ ...as(101), barcode: 'P1', userPk: 101, amountCents: 50_000 });
    await ledger.scanPouch({ ...as(7), barcode: 'P1', countedCents: 50_000, force: false, staffPk: 7 });
    await crashing('deposit_committed', () =>
      ledger.commitDeposit({
        ...as(7),
        commitKey: 'k1',
        pocketCount: 1,
        banknotes: { n2000: 0, n1000: 0, n500: 1, n200: 0, n100: 0 },
        coinsCents: 0,
        staffPk: 7,
      }),
    );
    await restart();
    const cold = new Ledger(store);
    expect([
      await cold.balanceOf(CLUB_ACCOUNTS.pouchClearing.id),
      await cold.balanceOf(CLUB_ACCOUNTS.clubCash.id),
    ]).toEqual([0, -50_000]);
  });

  it('modify: reversed, not re-posted: money stays consistent, and the retry finishes it', async () => {
    await fund(101, 1000);
    await ledger.transfer({
      ...as(101),
      transferId: 't1',
      from: 101,
      to: 102,
      amountCents: 30_000,
      summary: 'film',
      allowDebt: false,
    });
    const modify = () =>
      ledger.modify({
        ...as(9),
        transferId: 'm1',
        original: '101/transfer:t1',
        to: 103,
        amountCents: 20_000,
        summary: 'to 103',
        allowDebt: { reversal: false, repost: false },
      });
    await crashing('reversed', modify);
    await restart();
    expect(await sumOfBalances(['101', '102', '103', staffCashAccount(7)])).toBe(0);
    expect(await modify()).toMatchObject({ ok: true });
    const cold = new Ledger(store);
    expect([await cold.balanceOf(101), await cold.balanceOf(102), await cold.balanceOf(103)]).toEqual([
      80_000, 0, 20_000,
    ]);
  });

  it('resumes from a checkpoint: only what happened after it is scanned', async () => {
    await fund(101, 1000);
    const first = await restart();
    expect(first.checkpoint).toBe(await store.headPosition());
    await crashing('debited', () =>
      ledger.transfer({
        ...as(101),
        transferId: 't1',
        from: 101,
        to: 102,
        amountCents: 100,
        summary: 'film',
        allowDebt: false,
      }),
    );
    const second = await restart(first.checkpoint);
    expect(second).toMatchObject({ executed: 1, checkpoint: await store.headPosition() });
    expect(await new Ledger(store).balanceOf(102)).toBe(100);
  });

  it('several managers and the client retry racing each other still credit once', async () => {
    await fund(101, 1000);
    await crashing('debited', () =>
      ledger.transfer({
        ...as(101),
        transferId: 't1',
        from: 101,
        to: 102,
        amountCents: 30_000,
        summary: 'film',
        allowDebt: false,
      }),
    );
    await Promise.all([
      restart(),
      restart(),
      settlePending(store, { ledger }),
      ledger.transfer({
        ...as(101),
        transferId: 't1',
        from: 101,
        to: 102,
        amountCents: 30_000,
        summary: 'film',
        allowDebt: false,
      }),
    ]);
    expect((await logTypes()).filter((type) => type === 'TransferCredited')).toHaveLength(2);
    expect(await new Ledger(store).balanceOf(102)).toBe(30_000);
  });
});

describe('startLedgerProcessManager (live)', () => {
  it('catches up at start, then finishes transfers that stop half-way while it runs', async () => {
    await fund(101, 1000);
    await crashing('debited', () =>
      ledger.transfer({
        ...as(101),
        transferId: 't0',
        from: 101,
        to: 102,
        amountCents: 100,
        summary: 'film',
        allowDebt: false,
      }),
    );
    const errors: unknown[] = [];
    const manager = startLedgerProcessManager(store, { onError: (error) => errors.push(error) });
    try {
      expect(await manager.ready).toMatchObject({ executed: 1, pending: [] });
      await crashing('debited', () =>
        ledger.transfer({
          ...as(101),
          transferId: 't1',
          from: 101,
          to: 103,
          amountCents: 200,
          summary: 'film',
          allowDebt: false,
        }),
      );
      const cold = new Ledger(store);
      for (let attempt = 0; attempt < 200 && (await cold.balanceOf(103)) === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect([await cold.balanceOf(102), await cold.balanceOf(103)]).toEqual([100, 200]);
      expect(errors).toEqual([]);
    } finally {
      await manager.stop();
    }
  });
});
