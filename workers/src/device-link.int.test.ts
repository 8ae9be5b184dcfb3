import { randomUUID } from 'node:crypto';
import { DoorSimulator, startDeviceAgent } from '@club/devices';
import { DeviceOfflineError, type DeviceDriver } from '@club/devices/driver';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceOutcome, DoorCommand } from './device-commands.ts';
import { DeviceLink, type FinishedDeviceJob, heartbeatKey, readHeartbeats } from './device-link.ts';
import {
  closeRedisConnection,
  createRedisConnection,
  type Logger,
  redisUrlFromEnvironment,
} from './redis.ts';

// Real Redis under a prefix of this run's own, removed at the end.
const redisUrl = redisUrlFromEnvironment();
const prefix = `test-link-${randomUUID().slice(0, 8)}`;
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const open = (requestId = `req-${randomUUID()}`): DoorCommand => ({
  device: 'door',
  action: 'open',
  requestId,
});

let admin: Redis;
let link: DeviceLink;
const closers: Array<() => Promise<void>> = [];

function startDoorHost(driver: DeviceDriver<'door'>) {
  const connection = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const agent = startDeviceAgent({
    connection,
    driver,
    prefix,
    logger: quiet,
    heartbeat: { host: 'test-host', simulated: true },
  });
  const stop = async () => {
    await agent.close();
    await closeRedisConnection(connection);
  };
  closers.push(stop);
  return { agent, stop };
}

async function waitForHeartbeat(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await admin.exists(heartbeatKey(prefix, 'door'))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the door host sent no heartbeat');
}

/** A door whose relay never answers within the caller's patience. */
class StuckDoor implements DeviceDriver<'door'> {
  readonly device = 'door' as const;
  started: string[] = [];
  #released = false;
  #release: (() => void) | undefined;
  async execute(command: DoorCommand): Promise<DeviceOutcome> {
    this.started.push(command.requestId);
    if (!this.#released) {
      await new Promise<void>((resolve) => {
        this.#release = resolve;
      });
    }
    return {
      device: 'door',
      action: 'open',
      requestId: command.requestId,
      completedAt: new Date().toISOString(),
    };
  }
  /** Lets the command in progress, and every later one, finish. */
  release() {
    this.#released = true;
    this.#release?.();
  }
  async close() {
    this.release();
  }
}

beforeAll(async () => {
  admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  link = new DeviceLink({ url: redisUrl, prefix, logger: quiet });
  for (let i = 0; i < 100 && !link.isUp(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await link.close();
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await closeRedisConnection(admin);
});

describe('DeviceLink', () => {
  it('answers servicedown at once when the door host sends no heartbeat, and queues nothing', async () => {
    const started = Date.now();
    const result = await link.send(open(), { waitMs: 4_000 });
    expect(result).toEqual({ ok: false, reason: 'servicedown', why: 'no-heartbeat' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await link.jobCounts())?.door).toMatchObject({ waiting: 0, active: 0 });
  });

  it('opens the door through a running host and reports the outcome and the heartbeat', async () => {
    const door = new DoorSimulator();
    const host = startDoorHost(door);
    await waitForHeartbeat();
    const finished: FinishedDeviceJob[] = [];
    await link.onOutcome(['door'], (job) => finished.push(job));
    const command = open();

    const result = await link.send(command, { waitMs: 4_000 });

    expect(result).toMatchObject({ ok: true, outcome: { device: 'door', requestId: command.requestId } });
    expect(door.openedRequestIds()).toEqual([command.requestId]);
    // The same request again does not open the door a second time.
    expect(await link.send(command, { waitMs: 4_000 })).toMatchObject({ ok: true });
    expect(door.openedRequestIds()).toEqual([command.requestId]);
    expect(await link.jobState('door', command.requestId)).toMatchObject({ state: 'completed' });
    for (let i = 0; i < 100 && finished.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(finished).toContainEqual(
      expect.objectContaining({ requestId: command.requestId, state: 'completed' }),
    );
    for (let i = 0; i < 100; i++) {
      if ((await readHeartbeats(admin, prefix)).door?.lastResult?.requestId === command.requestId) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const beats = await readHeartbeats(admin, prefix);
    expect(beats.door).toMatchObject({ host: 'test-host', simulated: true, lastResult: { ok: true } });
    expect(beats.label).toBeNull();

    await host.stop();
    // A stopped host deletes its heartbeat: the next command is refused at once.
    expect(await link.send(open(), { waitMs: 4_000 })).toMatchObject({ why: 'no-heartbeat' });
  });

  it('reports a door that is offline on every attempt as failed, not as opened', async () => {
    const host = startDoorHost(new DoorSimulator({ offline: true }));
    await waitForHeartbeat();
    const result = await link.send(open(), { waitMs: 8_000 });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(result.ok === false && result.reason === 'failed' && result.error).toMatch(
      new DeviceOfflineError('door').message,
    );
    await host.stop();
  });

  it('gives up after waitMs on a host that does not answer and withdraws the commands still waiting', async () => {
    const door = new StuckDoor();
    const host = startDoorHost(door);
    await waitForHeartbeat();
    const first = open();
    const second = open();

    const started = Date.now();
    const [a, b] = await Promise.all([
      link.send(first, { waitMs: 1_500 }),
      link.send(second, { waitMs: 1_500 }),
    ]);

    expect(a).toEqual({ ok: false, reason: 'servicedown', why: 'timeout' });
    expect(b).toEqual({ ok: false, reason: 'servicedown', why: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    // The host runs one command at a time: the first was running, the second was withdrawn unstarted.
    expect(door.started).toEqual([first.requestId]);
    expect(await link.jobState('door', second.requestId)).toMatchObject({ state: 'unknown' });
    door.release();
    await host.stop();
    expect(door.started).toEqual([first.requestId]);
  });

  it('only queues a command sent with waitMs 0', async () => {
    const door = new StuckDoor();
    const host = startDoorHost(door);
    await waitForHeartbeat();
    const command = open();
    expect(await link.send(command, { waitMs: 0 })).toEqual({
      ok: true,
      queued: true,
      jobId: command.requestId,
    });
    door.release();
    await host.stop();
  });
});
