// Many concurrent transfers from one account whose balance covers only some of them, on a file-backed
// SQLite store: exactly the covered number succeed, whether the requests share one process or come from
// several processes (separate connections to one file, so only the expected revision keeps them apart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS } from './accounts.ts';
import { pendingFollowUps } from './process-manager.ts';
import { Ledger } from './service.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
let directory: string;
let stores: EventStore[];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ledger-int-'));
  stores = [];
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(directory, { recursive: true, force: true });
});

const open = (): EventStore => {
  const store = openSqliteEventStore({ file: join(directory, 'events.sqlite3') });
  stores.push(store);
  return store;
};

/** 1000 NTD on account 101; `count` transfers of 100 NTD to different people, all at once. */
async function spendConcurrently(ledgers: Ledger[], count: number) {
  const funded = await ledgers[0]!.addValue({
    now,
    actorPk: 7,
    transferId: 'fund',
    staffPk: 7,
    userPk: 101,
    amountCents: 100_000,
  });
  expect(funded.ok).toBe(true);
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      ledgers[index % ledgers.length]!.transfer({
        now: new Date(now.getTime() + index),
        actorPk: 101,
        transferId: `spend-${index}`,
        from: 101,
        to: 201 + index,
        amountCents: 10_000,
        summary: 'concurrent spend',
        allowDebt: false,
      }),
    ),
  );
}

async function expectSettled(store: EventStore, succeeded: number) {
  const cold = new Ledger(store);
  expect(await cold.balanceOf(101)).toBe(100_000 - succeeded * 10_000);
  const log = await store.readAll();
  expect(log.filter((event) => event.type === 'TransferDebited')).toHaveLength(1 + succeeded);
  expect(log.filter((event) => event.type === 'TransferCredited')).toHaveLength(1 + succeeded);
  expect(pendingFollowUps(log)).toEqual([]);
  let received = 0;
  for (let index = 0; index < 40; index++) received += await cold.balanceOf(201 + index);
  expect(received).toBe(succeeded * 10_000);
  expect(await cold.balanceOf(CLUB_ACCOUNTS.clubCash.id)).toBe(0);
}

describe('concurrent transfers from one account (file-backed SQLite)', () => {
  it('one process: of 40 transfers of 100 NTD from 1000 NTD, exactly 10 succeed', async () => {
    const store = open();
    const results = await spendConcurrently([new Ledger(store)], 40);
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    expect(
      new Set(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)),
    ).toEqual(new Set(['insufficient_balance']));
    await expectSettled(store, 10);
  });

  it('three processes on one file: of 36 transfers, exactly 10 succeed', async () => {
    const ledgers = [open(), open(), open()].map((store) => new Ledger(store));
    const results = await spendConcurrently(ledgers, 36);
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    await expectSettled(open(), 10);
  });
});
