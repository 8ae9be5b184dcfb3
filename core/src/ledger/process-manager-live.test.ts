// Liveness of the ledger process manager: a follow-up that keeps failing neither stops the start nor the
// others; it is reported with its transfer, listed by stuck(), retried with backoff (at start and live),
// and done exactly once when the store recovers.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EventStore, EventStoreUnavailableError } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { accountStream, userAccount } from './accounts.ts';
import { settlePending } from './process-manager.ts';
import { type FollowUpFailure, startLedgerProcessManager } from './process-manager-live.ts';
import { Ledger, type LedgerRequest } from './service.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const as = (actorPk: number): LedgerRequest => ({ now, actorPk });

class SimulatedCrash extends Error {}

let sqlite: EventStore;
/** Appends to these streams fail as if that part of the store were down. */
let broken: Set<string>;
let store: EventStore;
let crashAfterDebit: boolean;
let ledger: Ledger;

beforeEach(() => {
  sqlite = openSqliteEventStore({ file: ':memory:' });
  broken = new Set();
  store = {
    ...sqlite,
    append: async (stream, events, expected) => {
      if (broken.has(stream)) throw new EventStoreUnavailableError(`${stream} is unavailable`);
      return sqlite.append(stream, events, expected);
    },
  };
  crashAfterDebit = false;
  ledger = new Ledger(store, {
    afterStep: (step) => {
      if (step === 'debited' && crashAfterDebit) throw new SimulatedCrash(step);
    },
  });
});
afterEach(async () => {
  await store.close();
});

/** A transfer whose process stops right after the debit: only the process manager can credit it. */
async function halfDoneTransfer(transferId: string, to: number): Promise<void> {
  crashAfterDebit = true;
  await expect(
    ledger.transfer({
      ...as(101),
      transferId,
      from: 101,
      to,
      amountCents: 10_000,
      summary: 'film',
      allowDebt: false,
    }),
  ).rejects.toBeInstanceOf(SimulatedCrash);
  crashAfterDebit = false;
}

const credits = async (transferKey: string) =>
  (await sqlite.readAll()).filter(
    (event) =>
      event.type === 'TransferCredited' &&
      (event.data as { transferKey: string }).transferKey === transferKey,
  ).length;

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function funded(): Promise<void> {
  await ledger.addValue({ ...as(7), transferId: 'fund', staffPk: 7, userPk: 101, amountCents: 100_000 });
}

describe('settlePending with a follow-up that keeps failing', () => {
  it('finishes the others, reports the failure, and checkpoints right before the stuck debit', async () => {
    await funded();
    await halfDoneTransfer('t1', 102);
    await halfDoneTransfer('t2', 103);
    await halfDoneTransfer('t3', 104);
    broken.add(accountStream(userAccount(103)));
    const failures: string[] = [];
    const report = await settlePending(store, {
      onFailure: (error, entry) => failures.push(`${entry.followUp.type} ${(error as Error).name}`),
    });
    expect(failures).toEqual(['CreditTransfer EventStoreUnavailableError']);
    expect(report.executed).toBe(2);
    expect(report.failed.map((failure) => failure.entry.followUp.type)).toEqual(['CreditTransfer']);
    expect(report.pending).toHaveLength(1);
    expect([
      await credits('101/transfer:t1'),
      await credits('101/transfer:t2'),
      await credits('101/transfer:t3'),
    ]).toEqual([1, 0, 1]);
    // The checkpoint is a stored position (never arithmetic on one): reading after it starts at t2's debit.
    const [first] = await store.readAll({ afterPosition: report.checkpoint, maxCount: 1 });
    expect(first).toMatchObject({ type: 'TransferDebited', data: { transferKey: '101/transfer:t2' } });
    expect(report.scannedTo).toBe(await store.headPosition());
  });
});

describe('startLedgerProcessManager', () => {
  it('starts although a credit keeps failing, lists it as stuck, retries with backoff, and credits once when the store recovers', async () => {
    await funded();
    await halfDoneTransfer('t1', 102);
    await halfDoneTransfer('t2', 103);
    broken.add(accountStream(userAccount(103)));
    const failures: FollowUpFailure[] = [];
    const manager = startLedgerProcessManager(store, {
      ledger: new Ledger(store),
      retry: { initialDelayMs: 10, maxDelayMs: 80 },
      onError: (_error, failure) => {
        if (failure) failures.push(failure);
      },
    });
    try {
      const report = await manager.ready;
      expect(report.executed).toBe(1);
      expect(await credits('101/transfer:t1')).toBe(1);
      expect(manager.stuck()).toEqual([
        expect.objectContaining({ type: 'CreditTransfer', subject: '101/transfer:t2', attempts: 1 }),
      ]);
      expect(failures[0]).toMatchObject({
        description: 'CreditTransfer of 101/transfer:t2',
        attempts: 1,
        retryInMs: 10,
      });

      // Backoff: the delays double up to the cap (10, 20, 40, 80, 80 ms ...), so attempts stay few.
      await sleep(300);
      const attempts = manager.stuck()[0]!.attempts;
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(attempts).toBeLessThanOrEqual(7);
      expect(failures.map((failure) => failure.retryInMs).slice(0, 5)).toEqual([10, 20, 40, 80, 80]);

      broken.clear();
      await until(() => manager.stuck().length === 0, 'the stuck credit to be retried');
      expect(await credits('101/transfer:t2')).toBe(1);
      expect(await new Ledger(store).balanceOf(103)).toBe(10_000);
    } finally {
      await manager.stop();
    }
  });

  it('retries a live follow-up that fails, instead of only logging it', async () => {
    await funded();
    const failures: FollowUpFailure[] = [];
    const manager = startLedgerProcessManager(store, {
      ledger: new Ledger(store),
      retry: { initialDelayMs: 10, maxDelayMs: 40 },
      onError: (_error, failure) => {
        if (failure) failures.push(failure);
      },
    });
    try {
      expect((await manager.ready).executed).toBe(0);
      broken.add(accountStream(userAccount(104)));
      await halfDoneTransfer('live', 104);
      await until(() => failures.length >= 2, 'the live credit to fail and be retried');
      expect(failures[0]!.description).toBe('CreditTransfer of 101/transfer:live');
      expect(manager.stuck().map((entry) => entry.subject)).toEqual(['101/transfer:live']);

      broken.clear();
      await until(() => manager.stuck().length === 0, 'the live credit to succeed');
      expect(await credits('101/transfer:live')).toBe(1);
      expect(await new Ledger(store).balanceOf(104)).toBe(10_000);
    } finally {
      await manager.stop();
    }
  });

  it('stop() ends the retries: nothing runs after it resolves', async () => {
    await funded();
    await halfDoneTransfer('t1', 105);
    broken.add(accountStream(userAccount(105)));
    let failures = 0;
    const manager = startLedgerProcessManager(store, {
      ledger: new Ledger(store),
      retry: { initialDelayMs: 5, maxDelayMs: 5 },
      onError: () => {
        failures += 1;
      },
    });
    await manager.ready;
    await sleep(30);
    await manager.stop();
    const after = failures;
    await sleep(50);
    expect(failures).toBe(after);
  });
});
