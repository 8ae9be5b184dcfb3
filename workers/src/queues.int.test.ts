import { randomUUID } from 'node:crypto';
import { createServer, connect as netConnect, type Socket } from 'node:net';
import { DoorSimulator, startDeviceAgent } from '@club/devices';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceCommand } from './device-commands.ts';
import {
  closeQueues,
  createDeviceQueues,
  createQueues,
  type DeviceQueues,
  enqueue,
  QueueService,
  type Queues,
} from './queues.ts';
import {
  closeRedisConnection,
  createRedisConnection,
  type Logger,
  redisUrlFromEnvironment,
} from './redis.ts';

// Real Redis (REDIS_URL or 127.0.0.1:6379). Every key lives under a prefix of this run's own, removed at
// the end, so parallel runs and earlier leftovers do not meet.
const redisUrl = redisUrlFromEnvironment();
const prefix = `test-${randomUUID().slice(0, 8)}`;
/** A port on this machine where nothing listens. */
const unreachableRedisUrl = 'redis://127.0.0.1:6390';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  return { lines, debug: record, info: record, warn: record, error: record };
}

const newRequestId = () => `req-${randomUUID()}`;

/**
 * A TCP proxy to the real Redis that can be frozen: while frozen it swallows bytes both ways, as a Redis
 * that hangs (or a network that drops packets) would, with the connection still open.
 */
async function startFreezableProxy(
  target: URL,
  port = 0,
): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = netConnect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!frozen) {
          to.write(chunk);
        }
      });
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('proxy has no TCP address');
  }
  return {
    url: `redis://127.0.0.1:${address.port}`,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let adminConnection: Redis;
let adminQueues: Queues;
const closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  adminConnection = createRedisConnection({ role: 'worker', url: redisUrl, logger: recordingLogger() });
  adminQueues = createQueues(adminConnection, { prefix });
});

afterAll(async () => {
  // Close consumers before producers, as the worker process does.
  for (const close of closers.reverse()) {
    await close();
  }
  await Promise.all(Object.values(adminQueues).map((queue) => queue.obliterate({ force: true })));
  await closeQueues(adminQueues);
  let cursor = '0';
  do {
    const [next, keys] = await adminConnection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) {
      await adminConnection.del(...keys);
    }
    cursor = next;
  } while (cursor !== '0');
  await closeRedisConnection(adminConnection);
});

describe('enqueue', () => {
  it('adds one job for the same job id, however often it is called', async () => {
    const jobId = newRequestId();

    const first = await enqueue(adminQueues, 'imposition', { sheet: 'A3', copies: 2 }, { jobId });
    const second = await enqueue(adminQueues, 'imposition', { sheet: 'A4', copies: 9 }, { jobId });

    expect(first).toEqual({ jobId });
    expect(second).toEqual({ jobId });
    expect(await adminQueues.imposition.getJobCountByTypes('waiting', 'active', 'delayed')).toBe(1);
    const job = await adminQueues.imposition.getJob(jobId);
    expect(job?.data).toEqual({ sheet: 'A3', copies: 2 });
    expect(job?.opts.attempts).toBe(3);
    expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 5_000 });
  });

  it('rejects a job id that BullMQ would refuse or misread', async () => {
    await expect(enqueue(adminQueues, 'imposition', {}, { jobId: '12345' })).rejects.toThrow(
      /invalid job id/,
    );
    await expect(enqueue(adminQueues, 'imposition', {}, { jobId: 'a:b' })).rejects.toThrow(/invalid job id/);
  });
});

describe('QueueService against the real Redis', () => {
  let service: QueueService;

  beforeAll(async () => {
    service = new QueueService({ url: redisUrl, prefix, logger: recordingLogger() });
    closers.push(() => service.close());
    await vi.waitFor(() => expect(service.isUp()).toBe(true), { timeout: 5_000 });
  });

  it('reports up', async () => {
    expect(await service.health()).toBe('up');
  });

  it('enqueues idempotently by job id', async () => {
    const jobId = newRequestId();

    const first = await service.enqueueOrServiceDown('label-render', { label: 'first' }, { jobId });
    const second = await service.enqueueOrServiceDown('label-render', { label: 'second' }, { jobId });

    expect(first).toEqual({ ok: true, jobId });
    expect(second).toEqual({ ok: true, jobId });
    expect(await adminQueues['label-render'].getJobCountByTypes('waiting', 'active', 'delayed')).toBe(1);
    expect((await adminQueues['label-render'].getJob(jobId))?.data).toEqual({ label: 'first' });
  });
});

describe('the door host on its device queue', () => {
  let door: DoorSimulator;
  let deviceQueues: DeviceQueues;

  beforeAll(async () => {
    const logger = recordingLogger();
    const producerConnection = createRedisConnection({ role: 'worker', url: redisUrl, logger });
    deviceQueues = createDeviceQueues(producerConnection, { prefix });
    const agentConnection = createRedisConnection({ role: 'worker', url: redisUrl, logger });
    door = new DoorSimulator({ relayDelayMs: 0 });
    const agent = startDeviceAgent({ connection: agentConnection, driver: door, prefix, logger });
    closers.push(
      async () => {
        await agent.close();
        await closeRedisConnection(agentConnection);
      },
      async () => {
        await closeQueues(deviceQueues);
        await closeRedisConnection(producerConnection);
      },
    );
  });

  const add = (data: DeviceCommand, requestId: string) =>
    deviceQueues.door.add('open', data, { jobId: requestId });

  it('opens the door once, even when the request is sent twice', async () => {
    const requestId = newRequestId();
    const command = { device: 'door', action: 'open', requestId } as const;

    await add(command, requestId);
    await add(command, requestId);

    await vi.waitFor(
      async () => expect((await deviceQueues.door.getJob(requestId))?.finishedOn).toBeDefined(),
      { timeout: 10_000 },
    );
    expect(door.openedRequestIds().filter((id) => id === requestId)).toEqual([requestId]);
    const deviceJob = await deviceQueues.door.getJob(requestId);
    expect(deviceJob?.returnvalue).toMatchObject({ device: 'door', action: 'open', requestId });
  });

  it('opens the door on a retry once an offline door is back', async () => {
    const requestId = newRequestId();
    door.setOnline(false);

    await add({ device: 'door', action: 'open', requestId }, requestId);

    await vi.waitFor(
      () =>
        expect(door.events).toContainEqual(expect.objectContaining({ kind: 'refused_offline', requestId })),
      { timeout: 10_000 },
    );
    door.setOnline(true);
    await vi.waitFor(() => expect(door.openedRequestIds()).toContain(requestId), { timeout: 10_000 });
    expect((await deviceQueues.door.getJob(requestId))?.attemptsMade).toBeGreaterThanOrEqual(1);
  });

  it('fails a malformed command without retrying it', async () => {
    const requestId = newRequestId();

    // Data from outside TypeScript's view, as a stale or foreign producer might write it.
    const malformed = { device: 'door', action: 'explode', requestId } as unknown as DeviceCommand;
    await add(malformed, requestId);

    await vi.waitFor(async () => expect(await deviceQueues.door.getJobState(requestId)).toBe('failed'), {
      timeout: 10_000,
    });
    const job = await deviceQueues.door.getJob(requestId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/unknown door action/);
    expect(door.openedRequestIds()).not.toContain(requestId);
  });
});

describe('QueueService when Redis is unreachable', () => {
  let service: QueueService;
  const logger = recordingLogger();

  beforeAll(() => {
    service = new QueueService({ url: unreachableRedisUrl, prefix, logger });
    closers.push(() => service.close());
  });

  it('answers servicedown instead of hanging', async () => {
    const requestId = newRequestId();

    const result = await service.enqueueOrServiceDown('label-render', { label: 'x' }, { jobId: requestId });

    expect(result).toEqual({ ok: false, reason: 'servicedown' });
    expect(service.isUp()).toBe(false);
  });

  it('reports down', async () => {
    expect(await service.health()).toBe('down');
  });

  it('closes within seconds with a reader, a consumer and a daily job although Redis never answered', async () => {
    const down = new QueueService({ url: unreachableRedisUrl, prefix, logger: recordingLogger() });
    down.onFinished('email', { completed() {}, failed() {} });
    down.consume('card-read', async () => undefined);
    down.repeatDaily('test-daily', '0 9 * * *', async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = Date.now();
    await down.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('logs the first connection error of the outage, not every reconnect attempt', async () => {
    // Reconnect attempts come after 100, 200 and 400 ms, so this spans several failures.
    await new Promise((resolve) => setTimeout(resolve, 900));

    expect(logger.lines.filter((line) => line.includes('Redis error'))).toHaveLength(1);
  });
});

/** A logger that keeps each line with its level. */
function levelledLogger(): Logger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => {
    lines.push({ level, message });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A TCP port on this machine where nothing listens now (and something may listen later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

describe('QueueService outage logging', () => {
  it('warns once when Redis becomes unreachable and once when it is back, through reconnect attempts', async () => {
    const port = await freePort();
    const logger = levelledLogger();
    const service = new QueueService({ url: `redis://127.0.0.1:${port}`, prefix, logger });
    closers.push(() => service.close());
    const warnings = () => logger.lines.filter((line) => line.level === 'warn').map((line) => line.message);

    // Reconnect attempts come after 100, 200, 400 and 800 ms: several failures, one warning.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(warnings()).toEqual([expect.stringContaining('Redis unreachable')]);

    // Redis appears on that port: the next reconnect (at most 2 s later) finds it.
    const proxy = await startFreezableProxy(new URL(redisUrl), port);
    await vi.waitFor(() => expect(service.isUp()).toBe(true), { timeout: 5_000, interval: 50 });
    expect(warnings()).toEqual([
      expect.stringContaining('Redis unreachable'),
      expect.stringContaining('Redis reachable again'),
    ]);

    // It goes away on an open connection: a second outage, again one warning however long it lasts.
    await proxy.close();
    await vi.waitFor(() => expect(service.isUp()).toBe(false), { timeout: 5_000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(warnings()).toHaveLength(3);
    expect(warnings()[2]).toContain('Redis unreachable');
  });
});

describe('QueueService when Redis stops answering on an open connection', () => {
  it('answers servicedown and reports down instead of hanging', async () => {
    const proxy = await startFreezableProxy(new URL(redisUrl));
    const service = new QueueService({ url: proxy.url, prefix, logger: recordingLogger() });
    closers.push(async () => {
      await service.close();
      await proxy.close();
    });
    await vi.waitFor(() => expect(service.isUp()).toBe(true), { timeout: 5_000 });
    expect(await service.health()).toBe('up');

    proxy.freeze();
    const result = await service.enqueueOrServiceDown(
      'printer-poll',
      { printer: 'lobby' },
      { jobId: newRequestId() },
    );

    expect(result).toEqual({ ok: false, reason: 'servicedown' });
    expect(await service.health()).toBe('down');
  });
});
