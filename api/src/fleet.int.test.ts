// The fleet around the API process (fleet.ts): the workers run embedded unless WORKERS=off, and simulated
// device hosts run as child processes for DEVICES=simulate or a demo data folder. Real Redis, real child
// processes, a queue prefix of this run's own.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readHeartbeats } from '@club/workers/device-link';
import { createQueues, closeQueues } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { shouldSimulateDevices, simulatedDeviceHosts, startFleet, writeDemoMarker } from './fleet.ts';

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-fleet-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
const queues = createQueues(admin, { prefix });
const dataDir = mkdtempSync(join(tmpdir(), 'club-fleet-'));
const config = (workers: 'embedded' | 'off', devices: 'simulate' | 'off' | 'auto' = 'off') => ({
  workers,
  devices,
  dataDir,
  redisUrl,
  queuePrefix: prefix,
  smtpUrl: undefined,
  mailFrom: 'Club <club@example.org>',
  s3: undefined,
});

afterAll(async () => {
  await closeQueues(queues);
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length > 0) await admin.del(...keys);
  await closeRedisConnection(admin);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('startFleet (npm start)', () => {
  it('runs the workers in the API process by default: a queued job is processed', async () => {
    const processed: unknown[] = [];
    const fleet = startFleet({
      config: config('embedded'),
      logger: quiet,
      processors: { imposition: async (data) => processed.push(data) },
    });
    try {
      expect(fleet.workers?.workers.map((worker) => worker.name)).toEqual(['imposition']);
      await queues.imposition.add('imposition', { sheet: 'A3' }, { jobId: `job-${randomUUID()}` });
      await vi.waitFor(() => expect(processed).toEqual([{ sheet: 'A3' }]), { timeout: 10_000 });
    } finally {
      await fleet.close();
    }
  });

  it('with WORKERS=off runs no worker: the job waits for `npm run workers`', async () => {
    const processed: unknown[] = [];
    const fleet = startFleet({
      config: config('off'),
      logger: quiet,
      processors: { imposition: async (data) => processed.push(data) },
    });
    try {
      expect(fleet.workers).toBeNull();
      const jobId = `job-${randomUUID()}`;
      await queues.imposition.add('imposition', { sheet: 'A4' }, { jobId });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await queues.imposition.getJobState(jobId)).toBe('waiting');
      expect(processed).toEqual([]);
    } finally {
      await fleet.close();
      await queues.imposition.obliterate({ force: true });
    }
  });

  it('simulates the devices for DEVICES=simulate or a demo data folder, and not otherwise', () => {
    expect(shouldSimulateDevices(config('off', 'auto'))).toBe(false);
    expect(shouldSimulateDevices(config('off', 'simulate'))).toBe(true);
    writeDemoMarker(dataDir);
    expect(shouldSimulateDevices(config('off', 'auto'))).toBe(true);
    expect(shouldSimulateDevices(config('off', 'off'))).toBe(false);
  });

  it('spawns the simulated door and card hosts as their own processes, which heartbeat until the fleet closes', async () => {
    const fleet = startFleet({ config: config('off', 'simulate'), logger: quiet, processors: {} });
    try {
      expect(fleet.deviceHosts).toHaveLength(simulatedDeviceHosts.length);
      await vi.waitFor(
        async () => {
          const beats = await readHeartbeats(admin, prefix);
          for (const device of simulatedDeviceHosts) expect(beats[device]?.pid, device).toBeDefined();
        },
        { timeout: 30_000, interval: 200 },
      );
      const beats = await readHeartbeats(admin, prefix);
      expect(beats.door).toMatchObject({ simulated: true, status: { online: true } });
      // The heartbeats come from the children, not from this process.
      expect(beats.door!.pid).not.toBe(process.pid);
      expect(beats.card!.pid).not.toBe(process.pid);
    } finally {
      await fleet.close();
    }
    for (const child of fleet.deviceHosts)
      expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    const after = await readHeartbeats(admin, prefix);
    expect(after.door).toBeNull();
    expect(after.card).toBeNull();
  }, 40_000);
});

describe('npm run device', () => {
  const device = (...args: string[]) =>
    spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), ['api/src/cli/device.ts', ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, QUEUE_PREFIX: prefix, REDIS_URL: redisUrl },
      timeout: 30_000,
    });

  it('exits 2 for an unknown device and 1 for a door without its real driver', () => {
    const unknown = device('toaster', '--simulate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown device "toaster"/);
    const real = device('door');
    expect(real.status).toBe(1);
    expect(real.stderr).toMatch(/--simulate/);
  }, 40_000);
});
