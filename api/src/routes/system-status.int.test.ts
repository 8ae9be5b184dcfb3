// AdminSystemStatus on the real SQLite store and the real Redis: each check moves an item between the
// normal and the problem list when what it watches breaks, and the page answers within about a second
// even when Redis is unreachable.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventStore, EventStoreUnavailableError } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { accountStream, userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { DeviceLink } from '@club/workers/device-link';
import { createRedisConnection } from '@club/workers/redis';
import { QueueService } from '@club/workers/queues';
import { Queue, Worker } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OkOf } from '../contracts/shared.ts';
import type * as contract from '../contracts/system.ts';
import { createTestPortal, signUp, signUpStaff, type TestClient, type TestPortal } from '../testing.ts';

type Status = OkOf<typeof contract.systemStatus>;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let dataDir: string;
let prefix: string;
const cleanups: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'club-status-'));
  prefix = `test-status-${process.pid}-${Date.now()}`;
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

async function portalWith(options: { store?: EventStore; redisUrl?: string; dataDir?: string } = {}) {
  const portal = await createTestPortal({
    now: new Date('2026-11-22T04:00:00Z'),
    dataDir: options.dataDir ?? dataDir,
    ...(options.store ? { store: options.store } : {}),
  });
  const url = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const queues = new QueueService({ url, prefix, logger: quiet });
  const devices = new DeviceLink({ url, prefix, logger: quiet });
  portal.app.services.queues = queues;
  portal.app.services.devices = devices;
  cleanups.push(
    () => portal.close(),
    () => queues.close(),
    () => devices.close(),
  );
  return portal;
}

/** The device host CLI (`npm run device -- door --simulate`). */
const deviceCli = fileURLToPath(new URL('../cli/device.ts', import.meta.url));

/** The door's device host with its simulator, as its own process on this test's queue prefix. */
function startDoorHost(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', deviceCli, 'door', '--simulate'], {
    env: { ...process.env, QUEUE_PREFIX: prefix },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  return child;
}

/** Polls the status until `predicate` holds (a device host takes a moment to start or stop). */
async function statusWhen(client: TestClient, predicate: (status: Status) => boolean): Promise<Status> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await statusOf(client);
    if (predicate(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deviceItem = (items: Status['problem'], device: string) =>
  items.find((item) => item.key === 'device' && item.params.device === device);

async function statusOf(client: TestClient): Promise<Status> {
  const answer = await client.get('/api/admin/system/status');
  expect(answer.statusCode).toBe(200);
  return answer.body as unknown as Status;
}

const keysOf = (items: Status['problem']) => items.map((item) => item.key);

async function waitUntilUp(portal: TestPortal) {
  for (let tries = 0; tries < 50 && (await portal.app.services.queues!.health()) !== 'up'; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('GET /api/admin/system/status', () => {
  it('refuses visitors, members and staff without the system authority', async () => {
    const portal = await portalWith();
    expect((await portal.client().get('/api/admin/system/status')).statusCode).toBe(401);
    const member = await signUp(portal, '會員');
    expect((await member.client.get('/api/admin/system/status')).statusCode).toBe(403);
    const staff = await signUpStaff(portal, '幹部', ['user']);
    expect((await staff.client.get('/api/admin/system/status')).body.reason).toBe('forbidden');
  });

  it('lists a running device host as normal and the silent ones, then the stopped one, as problems', async () => {
    const portal = await portalWith();
    await waitUntilUp(portal);
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const door = startDoorHost();
    const status = await statusWhen(staff.client, (now) => deviceItem(now.normal, 'door') !== undefined);
    expect(deviceItem(status.normal, 'door')).toMatchObject({
      key: 'device',
      params: { device: 'door', state: 'up', simulated: 1 },
    });
    // No label printer, card reader, booking host or giclee printer host runs in this test.
    expect(status.problem).toEqual([
      { key: 'device', params: { device: 'label', state: 'silent' } },
      { key: 'device', params: { device: 'card', state: 'silent' } },
      { key: 'device', params: { device: 'actplace', state: 'silent' } },
      { key: 'device', params: { device: 'sensors', state: 'silent' } },
      { key: 'device', params: { device: 'dispenser', state: 'silent' } },
      { key: 'device', params: { device: 'giclee', state: 'silent' } },
      // No backup has been taken of this data folder: staff are asked to run npm run backup.
      { key: 'backup', params: { state: 'none' } },
    ]);
    expect(keysOf(status.normal)).toEqual(
      expect.arrayContaining(['redis', 'queue', 'projections', 'transfers', 'followups', 'disk']),
    );
    expect(
      status.normal.find((item) => item.key === 'queue' && item.params.queue === 'label-render'),
    ).toEqual({
      key: 'queue',
      params: { queue: 'label-render', waiting: 0, active: 0, delayed: 0, failed: 0 },
    });
    expect(status.normal.find((item) => item.key === 'queue' && item.params.queue === 'device-door')).toEqual(
      {
        key: 'queue',
        params: { queue: 'device-door', waiting: 0, active: 0, delayed: 0, failed: 0 },
      },
    );
    const disk = status.normal.find((item) => item.key === 'disk');
    expect(disk?.params.freeGiB).toBeGreaterThan(1);

    door.kill('SIGTERM');
    await new Promise((resolve) => door.once('exit', resolve));
    const stopped = await statusOf(staff.client);
    expect(deviceItem(stopped.problem, 'door')).toEqual({
      key: 'device',
      params: { device: 'door', state: 'silent' },
    });
  });

  it('lists a queue with a failed job as a problem', async () => {
    const portal = await portalWith();
    await waitUntilUp(portal);
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const connection = createRedisConnection({
      role: 'worker',
      connectionName: 'status-test',
      logger: quiet,
    });
    // Not printer-poll: the API process consumes that queue itself (the giclee printer-poll).
    const queue = new Queue('imposition', { connection, prefix });
    const worker = new Worker(
      'imposition',
      async () => {
        throw new Error('the imposition is on fire');
      },
      { connection, prefix },
    );
    cleanups.push(
      () => connection.quit(),
      () => queue.obliterate({ force: true }).then(() => queue.close()),
      () => worker.close(),
    );
    const failed = new Promise((resolve) => worker.on('failed', resolve));
    await queue.add('imposition', {}, { jobId: 'status-failing', attempts: 1 });
    await failed;

    const status = await statusOf(staff.client);
    expect(status.problem.filter((item) => item.key !== 'device' && item.key !== 'backup')).toEqual([
      { key: 'queue', params: { queue: 'imposition', waiting: 0, active: 0, delayed: 0, failed: 1 } },
    ]);
  });

  it('answers within about a second with Redis down and lists it as a problem', async () => {
    // Nothing listens on this port.
    const portal = await portalWith({ redisUrl: 'redis://127.0.0.1:6390' });
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const started = Date.now();
    const status = await statusOf(staff.client);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(status.problem).toContainEqual({ key: 'redis', params: { state: 'down' } });
    expect(status.problem).toContainEqual({ key: 'queues', params: { state: 'unreadable' } });
    expect(deviceItem(status.problem, 'door')).toEqual({
      key: 'device',
      params: { device: 'door', state: 'silent' },
    });
    expect(keysOf(status.normal)).toContain('projections');
  });

  it('answers within about a second when Redis accepts connections but never answers', async () => {
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const portal = await portalWith({ redisUrl: `redis://127.0.0.1:${port}` });
    // Runs first: the queues can only close once their connection is refused.
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const started = Date.now();
    const status = await statusOf(staff.client);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(keysOf(status.problem)).toEqual(expect.arrayContaining(['redis', 'queues']));
  });

  it('lists an unreadable data folder as a disk problem', async () => {
    const portal = await portalWith({ dataDir: join(dataDir, 'gone') });
    await waitUntilUp(portal);
    await rm(join(dataDir, 'gone'), { recursive: true, force: true });
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const status = await statusOf(staff.client);
    expect(status.problem.filter((item) => item.key !== 'device' && item.key !== 'backup')).toEqual([
      expect.objectContaining({ key: 'disk', params: { state: 'unreadable' } }),
    ]);
  });

  it('lists a transfer waiting for its second step and the follow-up that keeps failing', async () => {
    const sqlite = openSqliteEventStore({ file: ':memory:' });
    const broken = accountStream(userAccount(102));
    const store: EventStore = {
      ...sqlite,
      append: async (stream, events, expected) => {
        if (stream === broken) throw new EventStoreUnavailableError(`${stream} is unavailable`);
        return sqlite.append(stream, events, expected);
      },
    };
    const now = new Date('2026-11-22T04:00:00Z');
    await new Ledger(sqlite).addValue({
      now,
      actorPk: 7,
      transferId: 'fund',
      staffPk: 7,
      userPk: 101,
      amountCents: 50_000,
    });
    // A previous process stopped after the debit, and the credit's account stream now refuses writes.
    const crashing = new Ledger(sqlite, {
      afterStep: (step) => {
        if (step === 'debited') throw new Error('the previous process died here');
      },
    });
    await expect(
      crashing.transfer({
        now,
        actorPk: 101,
        transferId: 'waiting',
        from: 101,
        to: 102,
        amountCents: 10_000,
        summary: 'film rolls',
        allowDebt: false,
      }),
    ).rejects.toThrow('the previous process died here');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(async () => logged.mockRestore());
    const portal = await portalWith({ store });
    await waitUntilUp(portal);
    const staff = await signUpStaff(portal, '系統幹部', ['system']);

    const justNow = await statusOf(staff.client);
    const notDevices = (status: Status) =>
      status.problem.filter((item) => item.key !== 'device' && item.key !== 'backup');
    expect(keysOf(notDevices(justNow))).toEqual(['followups']);
    expect(notDevices(justNow)[0]?.detail).toContain('CreditTransfer 101/transfer:waiting');
    expect(justNow.normal).toContainEqual({ key: 'transfers', params: { count: 1 } });

    portal.clock.now = new Date(now.getTime() + 2 * 60_000);
    const later = await statusOf(staff.client);
    expect(later.problem).toContainEqual(
      expect.objectContaining({ key: 'transfers', params: { count: 1 }, since: now.toISOString() }),
    );
  });
  it('shows the age of the last backup, and a backup older than 26 hours as a problem', async () => {
    const portal = await portalWith();
    const staff = await signUpStaff(portal, '系統幹部', ['system']);
    const backupAt = (hoursAgo: number) =>
      writeFile(
        join(dataDir, 'last-backup.json'),
        JSON.stringify({
          time: new Date(portal.clock.now.getTime() - hoursAgo * 3_600_000 - 60_000).toISOString(),
          file: '/backups/club.db',
          headPosition: 42,
        }),
      );
    await backupAt(3);
    const fresh = await statusOf(staff.client);
    expect(keysOf(fresh.problem)).not.toContain('backup');
    expect(fresh.normal.find((item) => item.key === 'backup')).toMatchObject({
      params: { state: 'ok', ageHours: 3 },
      detail: '/backups/club.db (position 42)',
    });
    await backupAt(27);
    const old = await statusOf(staff.client);
    expect(old.problem.find((item) => item.key === 'backup')?.params).toEqual({ state: 'old', ageHours: 27 });
  });
});
