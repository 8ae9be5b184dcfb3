// The ledger process manager's start-up checkpoint in the data folder: a start resumes the scan after the
// previous start's checkpoint (so a long log is not rescanned), still finishes a transfer that crashed
// between its debit and its credit after that checkpoint, and ignores a checkpoint of another log.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';
import { createServices, type PortalServices } from './services.ts';
import { readSettledCheckpoint } from './settled-checkpoint.ts';

let dataDir: string;
let store: EventStore;
const now = new Date('2026-11-20T03:00:00.000Z');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'club-settled-'));
  store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3'), synchronous: 'NORMAL' });
});
afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const start = () => createServices({ config: { ...configFromEnv({}), dataDir }, store, queues: null });
const stop = async (services: PortalServices) => {
  await services.stockProcessManager.stop();
  await services.ledgerProcessManager.stop();
  await services.projections.stop();
};
const checkpointFile = () => join(dataDir, 'ledger-settled.json');

describe('ledger process manager checkpoint', () => {
  it('a start after a crash between debit and credit finishes the transfer, scanning from the checkpoint', async () => {
    const ledger = new Ledger(store);
    const funded = await ledger.addValue({
      now,
      actorPk: null,
      transferId: 'fund',
      staffPk: 1,
      userPk: 201,
      amountCents: 50_000,
    });
    expect(funded.ok).toBe(true);
    const first = await start();
    await stop(first);
    const firstCheckpoint = await readSettledCheckpoint(store, checkpointFile());
    expect(firstCheckpoint).toBe(await store.headPosition());

    // A transfer whose process dies right after the debit is stored.
    const crashing = new Ledger(store, {
      afterStep: (step) => {
        if (step === 'debited') throw new Error('crash after the debit');
      },
    });
    await expect(
      crashing.transfer({
        now,
        actorPk: 201,
        transferId: 'crashed',
        from: 201,
        to: 202,
        amountCents: 20_000,
        summary: '午餐分攤',
        allowDebt: false,
      }),
    ).rejects.toThrow('crash after the debit');
    expect(await ledger.balanceOf(202)).toBe(0);

    const second = await start();
    try {
      expect(await ledger.balanceOf(202)).toBe(20_000);
      await second.projections.waitFor(await store.headPosition());
      expect(second.projections.models.ledger.balances.get(userAccount(202))).toBe(20_000);
      expect(second.projections.models.ledger.inFlightCents).toBe(0);
    } finally {
      await stop(second);
    }
    expect(await readSettledCheckpoint(store, checkpointFile())).toBeGreaterThan(firstCheckpoint);
  });

  it('a checkpoint of another log (another first event) is ignored', async () => {
    const first = await start();
    await stop(first);
    expect(existsSync(checkpointFile())).toBe(false); // an empty log leaves nothing to remember

    const ledger = new Ledger(store);
    await ledger.addValue({ now, actorPk: null, transferId: 'a', staffPk: 1, userPk: 201, amountCents: 100 });
    const second = await start();
    await stop(second);
    const stored = JSON.parse(readFileSync(checkpointFile(), 'utf8')) as {
      position: number;
      firstEventId: string;
    };
    expect(await readSettledCheckpoint(store, checkpointFile())).toBe(stored.position);
    writeFileSync(checkpointFile(), JSON.stringify({ ...stored, firstEventId: 'someone-else' }));
    expect(await readSettledCheckpoint(store, checkpointFile())).toBe(0);
  });
});
