// Read-model snapshots on a real SQLite log of real ledger and account events: a start from the snapshot
// gives the same models as a replay from zero, events written while the portal was down are applied on
// top, and a deleted, outdated or foreign snapshot is ignored.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '@club/core/accounts/service';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { Ledger } from '@club/core/ledger/service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECTIONS_VERSION, portalProjections } from './index.ts';
import { waitsForFirstUse } from './first-use.ts';
import { ProjectionRunner, rebuildAll } from './runner.ts';
import { projectionsFingerprint, SnapshotFile } from './snapshot.ts';

const hasher = { hash: async () => 'not-a-real-hash', verify: async () => false };
const now = new Date('2026-11-20T03:00:00.000Z');

let directory: string;
let file: string;
let snapshotFile: string;
let store: EventStore;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'club-snapshot-'));
  file = join(directory, 'events.sqlite3');
  snapshotFile = join(directory, 'readmodels.snapshot');
  store = openSqliteEventStore({ file, synchronous: 'NORMAL' });
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

/** Members who top up and pay each other: users, accounts, transfers and transaction rows. */
async function clubActivity(members: number, from: number): Promise<void> {
  const accounts = new Accounts(store, hasher);
  const ledger = new Ledger(store);
  const pks: number[] = [];
  for (let index = from; index < from + members; index += 1) {
    const registered = await accounts.register(
      {
        identity: 1,
        name: `社員${index}`,
        sex: '1',
        stuid: `B${String(30_000_000 + index)}`,
        email: `snapshot${index}@example.com`,
        mobile: `09${String(30_000_000 + index)}`,
        password: 'secret1',
        password2: 'secret1',
        ruleagree: true,
      },
      { now, actor: null, correlationId: `register-${index}` },
    );
    if (!registered.ok) throw new Error(registered.reason);
    pks.push(registered.pk);
    const topUp = await ledger.addValue({
      now,
      actorPk: null,
      transferId: `top-up-${index}`,
      staffPk: 1,
      userPk: registered.pk,
      amountCents: 100_000,
    });
    if (!topUp.ok) throw new Error(topUp.reason);
  }
  for (const [index, pk] of pks.entries()) {
    const paid = await ledger.transfer({
      now,
      actorPk: pk,
      transferId: `transfer-${from}-${index}`,
      from: pk,
      to: pks[(index + 1) % pks.length]!,
      amountCents: 1_500,
      summary: '午餐分攤',
      allowDebt: false,
    });
    if (!paid.ok) throw new Error(paid.reason);
  }
}

const fingerprint = projectionsFingerprint(portalProjections, PROJECTIONS_VERSION);
const runner = (version = fingerprint) =>
  new ProjectionRunner(store, portalProjections, { snapshot: new SnapshotFile(snapshotFile, version) });

describe('read-model snapshots', () => {
  it('a start from the snapshot plus the events after it equals a replay from zero', async () => {
    await clubActivity(6, 0);
    const first = runner();
    await first.start();
    expect(first.startedFrom).toBe('log');
    await first.stop();
    expect(existsSync(snapshotFile)).toBe(true);

    // Written while the portal was down.
    await clubActivity(4, 100);
    const second = runner();
    await second.start();
    expect(second.startedFrom).toBe('snapshot');
    const replayed = await rebuildAll(store, portalProjections);
    expect(second.position).toBe(replayed.position);
    expect(second.models).toStrictEqual(replayed.models);
    expect(second.models.users.byPk.size).toBe(10);
    await second.stop();
  });

  it('deleting the snapshot gives the same read models', async () => {
    await clubActivity(5, 0);
    const writer = runner();
    await writer.start();
    await writer.stop();

    const fromSnapshot = runner();
    await fromSnapshot.start();
    expect(fromSnapshot.startedFrom).toBe('snapshot');
    await fromSnapshot.stop();

    await rm(snapshotFile);
    const fromLog = runner();
    await fromLog.start();
    expect(fromLog.startedFrom).toBe('log');
    expect(fromLog.models).toStrictEqual(fromSnapshot.models);
    await fromLog.stop();
  });

  it('a snapshot of a changed projection, of another log, or a torn file is ignored', async () => {
    await clubActivity(3, 0);
    const writer = runner();
    await writer.start();
    await writer.stop();

    const changed = runner(`${fingerprint}-changed`);
    await changed.start();
    expect(changed.startedFrom).toBe('log');
    await changed.stop();

    // Another log of the same length: the event at the snapshot's position is not the one it saw.
    await store.close();
    await rm(file);
    store = openSqliteEventStore({ file, synchronous: 'NORMAL' });
    await clubActivity(3, 50);
    const foreign = runner();
    await foreign.start();
    expect(foreign.startedFrom).toBe('log');
    expect(foreign.models).toStrictEqual((await rebuildAll(store, portalProjections)).models);
    await foreign.stop();

    await writeFile(snapshotFile, Buffer.from('torn'));
    const torn = runner();
    await torn.start();
    expect(torn.startedFrom).toBe('log');
    await torn.stop();
  });

  it('restores a model with a stored form whole at its first use, and checkpoints it unchanged until then', async () => {
    await clubActivity(4, 0);
    const writer = runner();
    await writer.start();
    await writer.stop();
    // Written while the portal was down, and handled by neither the ledger nor the login log.
    const registered = await new Accounts(store, hasher).register(
      {
        identity: 1,
        name: '社員後來',
        sex: '1',
        stuid: 'B39999999',
        email: 'later@example.com',
        mobile: '0939999999',
        password: 'secret1',
        password2: 'secret1',
        ruleagree: true,
      },
      { now, actor: null, correlationId: 'register-later' },
    );
    expect(registered.ok).toBe(true);

    const lazy = runner();
    await lazy.start();
    expect(lazy.startedFrom).toBe('snapshot');
    const restored = (name: string) => !waitsForFirstUse(lazy.models, name);
    expect([restored('ledger'), restored('loginLog'), restored('users')]).toEqual([false, false, true]);
    // Stopped before any use: the checkpoint writes their stored forms back as they were read.
    await lazy.stop();
    expect([restored('ledger'), restored('loginLog')]).toEqual([false, false]);

    const replayed = await rebuildAll(store, portalProjections);
    const next = runner();
    await next.start();
    expect(next.startedFrom).toBe('snapshot');
    expect(next.position).toBe(replayed.position);
    expect(next.models).toStrictEqual(replayed.models);
    expect(lazy.models.ledger).toStrictEqual(replayed.models.ledger);
    expect(restored('ledger')).toBe(true);
    await next.stop();
  });
});
