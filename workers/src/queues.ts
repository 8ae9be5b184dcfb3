import { type DefaultJobOptions, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  type DeviceCommand,
  type DeviceName,
  deviceNames,
  deviceQueueName,
  isValidJobId,
} from './device-commands.ts';
import { closeRedisConnection, createRedisConnection, type Logger } from './redis.ts';
import { timedOut, withTimeout } from './timeout.ts';

export const queueNames = ['imposition', 'duo-alignment', 'label-render', 'printer-poll', 'email'] as const;
/** A BullMQ queue of the portal; jobs on it are named after it. */
export type QueueName = (typeof queueNames)[number];

/** Job data travels through Redis as JSON, so it is made of JSON values only (and never holds secrets). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };
/** Data of a queue whose issue has not landed yet; that issue narrows it. */
export type UnspecifiedJobData = { readonly [key: string]: JsonValue };

export interface QueueJobData {
  imposition: UnspecifiedJobData;
  'duo-alignment': UnspecifiedJobData;
  'label-render': UnspecifiedJobData;
  'printer-poll': UnspecifiedJobData;
  email: EmailJobData;
}

/** One mail to send (processors/email.ts). The API process queued it as a MailQueued event first. */
export interface EmailJobData {
  readonly [key: string]: JsonValue;
  mailId: string;
  to: string;
  subject: string;
  text: string;
}

export type PortalQueue<Name extends QueueName> = Queue<QueueJobData[Name], unknown, Name>;
export type Queues = { readonly [Name in QueueName]: PortalQueue<Name> };

/** The key prefix of the portal's queues in Redis; tests use their own so runs do not collide. */
export const defaultQueuePrefix = 'club';

/**
 * Retention is bounded by count and age so Redis does not grow without limit. A job id stays taken (and
 * enqueueing it again stays a no-op) for as long as its job is retained.
 */
const retention = {
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: { count: 5_000, age: 7 * 24 * 3600 },
} satisfies DefaultJobOptions;

/** Attempts and backoff are set for every queue on purpose, not left to BullMQ's single attempt. */
export const defaultJobOptionsByQueue: { readonly [Name in QueueName]: DefaultJobOptions } = {
  imposition: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, ...retention },
  'duo-alignment': { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, ...retention },
  'label-render': { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, ...retention },
  'printer-poll': { attempts: 2, backoff: { type: 'exponential', delay: 1_000 }, ...retention },
  // An SMTP server that is down is often back within minutes: 6 attempts over about 10 minutes. Completed
  // mail jobs are kept a week, so a re-enqueue at start (same job id) cannot send a mail twice.
  email: {
    attempts: 6,
    backoff: { type: 'exponential', delay: 20_000 },
    removeOnComplete: { count: 10_000, age: 7 * 24 * 3600 },
    removeOnFail: { count: 10_000, age: 7 * 24 * 3600 },
  },
};

/**
 * Jobs on a device queue. A person may be standing at the door: retry briefly (0.5 s, then 1 s), then give
 * up rather than open it minutes later.
 */
export const deviceJobOptions: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  ...retention,
};

export interface CreateQueuesOptions {
  prefix?: string;
  /** Errors BullMQ reports for a queue; connection errors are already logged by the connection. */
  onError?: (queueName: string, error: Error) => void;
}

/**
 * One typed BullMQ queue per portal queue, all sharing `connection`. The caller keeps owning the
 * connection: {@link closeQueues} leaves it open.
 */
export function createQueues(connection: Redis, options: CreateQueuesOptions = {}): Queues {
  const create = <Name extends QueueName>(name: Name): PortalQueue<Name> => {
    const queue = new Queue<QueueJobData[Name], unknown, Name>(name, {
      connection,
      prefix: options.prefix ?? defaultQueuePrefix,
      defaultJobOptions: defaultJobOptionsByQueue[name],
    });
    queue.on('error', (error: Error) => options.onError?.(name, error));
    return queue;
  };
  return {
    imposition: create('imposition'),
    'duo-alignment': create('duo-alignment'),
    'label-render': create('label-render'),
    'printer-poll': create('printer-poll'),
    email: create('email'),
  };
}

export type DeviceQueues = { readonly [Device in DeviceName]: Queue<DeviceCommand, unknown, string> };

/** Producers for the device agents' queues (`device-door`, ...), sharing `connection`. */
export function createDeviceQueues(connection: Redis, options: CreateQueuesOptions = {}): DeviceQueues {
  const entries = deviceNames.map((device) => {
    const name = deviceQueueName(device);
    const queue = new Queue<DeviceCommand, unknown, string>(name, {
      connection,
      prefix: options.prefix ?? defaultQueuePrefix,
      defaultJobOptions: deviceJobOptions,
    });
    queue.on('error', (error: Error) => options.onError?.(name, error));
    return [device, queue] as const;
  });
  return Object.fromEntries(entries) as unknown as DeviceQueues;
}

export async function closeQueues(queues: Queues | DeviceQueues): Promise<void> {
  await Promise.all(Object.values(queues).map((queue: Queue) => queue.close()));
}

function assertValidJobId(jobId: string): void {
  if (!isValidJobId(jobId)) {
    throw new Error(
      `invalid job id ${JSON.stringify(jobId)}: use letters, digits, '_', '-', '.'; not only digits`,
    );
  }
}

export interface EnqueueOptions {
  jobId: string;
  /** Attempts and backoff other than the queue's defaults (tests use short ones). */
  retry?: Pick<DefaultJobOptions, 'attempts' | 'backoff'>;
}

/**
 * Adds a job under `jobId`. Enqueueing the same id again while the first job is retained adds nothing and
 * returns the same id, so a retried request does not do its work twice.
 */
export async function enqueue<Name extends QueueName>(
  queues: Queues,
  name: Name,
  data: QueueJobData[Name],
  options: EnqueueOptions,
): Promise<{ jobId: string }> {
  assertValidJobId(options.jobId);
  // BullMQ's typings do not reduce over a generic queue name; `Queues` and this function's signature
  // already tie `data` to the queue, so the queue is used untyped here.
  const queue: Queue = queues[name];
  const job = await queue.add(name, data, { ...options.retry, jobId: options.jobId });
  if (job.id === undefined) {
    throw new Error(`BullMQ returned no id for job ${options.jobId} on ${name}`);
  }
  return { jobId: job.id };
}

/** How many jobs of a queue are in each state that matters to an operator. */
export interface QueueJobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export const jobCountsOf = (counts: Record<string, number>): QueueJobCounts => ({
  waiting: counts.waiting ?? 0,
  active: counts.active ?? 0,
  delayed: counts.delayed ?? 0,
  failed: counts.failed ?? 0,
});

export type EnqueueResult = { ok: true; jobId: string } | { ok: false; reason: 'servicedown' };
export type QueueHealth = 'up' | 'down';

export interface QueueServiceOptions {
  /** Defaults to `REDIS_URL`, then to the machine's own Redis. */
  url?: string;
  prefix?: string;
  logger?: Logger;
  /** Longest an enqueue may take before the caller is told `servicedown`. */
  enqueueTimeoutMs?: number;
  /** Longest the PING of {@link QueueService.health} may take. */
  healthTimeoutMs?: number;
}

/**
 * The API's view of the queues. The portal keeps serving pages, logins and money while Redis is down;
 * whatever needs a queue is answered `servicedown` within `enqueueTimeoutMs` instead of hanging.
 */
export class QueueService {
  readonly #connection: Redis;
  readonly #queues: Queues;
  readonly #logger: Logger;
  readonly #enqueueTimeoutMs: number;
  readonly #healthTimeoutMs: number;
  #closing: Promise<void> | undefined;
  readonly #url: string | undefined;
  readonly #prefix: string;
  readonly #listeners: { events: QueueEvents; connection: Redis }[] = [];
  readonly #daily: { queue?: Queue; worker: Worker; connection: Redis }[] = [];
  /** When the current outage began (ms), or undefined while Redis is reachable. */
  #outageSinceMs: number | undefined;

  constructor(options: QueueServiceOptions = {}) {
    this.#logger = options.logger ?? console;
    this.#enqueueTimeoutMs = options.enqueueTimeoutMs ?? 1_000;
    this.#healthTimeoutMs = options.healthTimeoutMs ?? 500;
    this.#url = options.url;
    this.#prefix = options.prefix ?? defaultQueuePrefix;
    this.#connection = createRedisConnection({
      role: 'api',
      ...(options.url ? { url: options.url } : {}),
      connectionName: 'club-api',
      logger: this.#logger,
    });
    this.#logOutages();
    this.#queues = createQueues(this.#connection, {
      ...(options.prefix ? { prefix: options.prefix } : {}),
      onError: (queueName, error) => {
        // Outages are logged once by the connection; anything while connected is worth a line.
        if (this.isUp()) {
          this.#logger.debug(`[queue ${queueName}] ${error.message}`);
        }
      },
    });
  }

  /**
   * An operator must notice an outage without debug logging, yet one line per reconnect attempt would
   * bury everything else: one warning when Redis becomes unreachable and one when it is back.
   */
  #logOutages(): void {
    const began = (cause: string) => {
      if (this.#closing || this.#outageSinceMs !== undefined) return;
      this.#outageSinceMs = Date.now();
      this.#logger.warn(
        `[queues] Redis unreachable (${cause}); queue-backed calls answer servicedown until it is back`,
      );
    };
    this.#connection.on('error', (error: Error) => began(error.message));
    this.#connection.on('close', () => began('connection closed'));
    this.#connection.on('ready', () => {
      if (this.#outageSinceMs === undefined) return;
      const seconds = ((Date.now() - this.#outageSinceMs) / 1000).toFixed(1);
      this.#outageSinceMs = undefined;
      this.#logger.warn(`[queues] Redis reachable again after ${seconds} s; queue-backed calls resume`);
    });
  }

  /** Whether the connection to Redis is ready now, as last reported by the connection itself. */
  isUp(): boolean {
    return this.#connection.status === 'ready';
  }

  /** PINGs Redis; 'down' when it does not answer PONG within `healthTimeoutMs`. */
  async health(): Promise<QueueHealth> {
    if (this.#closing) {
      return 'down';
    }
    try {
      const reply = await withTimeout(this.#connection.ping(), this.#healthTimeoutMs);
      return reply === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  /**
   * Enqueues under `jobId`, or answers `servicedown` when Redis is unreachable. While the connection is
   * down nothing is sent, so a job can never slip in after the caller was told `servicedown`; an enqueue
   * that times out mid-flight may still land, and the caller's job id keeps a retry from doubling it.
   * An invalid job id is a programmer error and throws.
   */
  async enqueueOrServiceDown<Name extends QueueName>(
    name: Name,
    data: QueueJobData[Name],
    options: EnqueueOptions,
  ): Promise<EnqueueResult> {
    assertValidJobId(options.jobId);
    if (this.#closing || !this.isUp()) {
      return { ok: false, reason: 'servicedown' };
    }
    try {
      const result = await withTimeout(enqueue(this.#queues, name, data, options), this.#enqueueTimeoutMs);
      if (result === timedOut) {
        this.#logger.warn(`[queue ${name}] enqueue of ${options.jobId} timed out; answered servicedown`);
        return { ok: false, reason: 'servicedown' };
      }
      return { ok: true, jobId: result.jobId };
    } catch (error) {
      this.#logger.warn(`[queue ${name}] enqueue of ${options.jobId} failed: ${(error as Error).message}`);
      return { ok: false, reason: 'servicedown' };
    }
  }

  /**
   * Jobs waiting, active, delayed and failed on each portal queue (for the system status), or
   * 'servicedown' when Redis is unreachable or does not answer within `timeoutMs`.
   */
  async jobCounts(
    timeoutMs = 1_000,
  ): Promise<{ ok: true; counts: Record<QueueName, QueueJobCounts> } | { ok: false; reason: 'servicedown' }> {
    if (this.#closing || !this.isUp()) return { ok: false, reason: 'servicedown' };
    try {
      const counted = await withTimeout(
        Promise.all(
          queueNames.map(async (name) => {
            const queue: Queue = this.#queues[name];
            const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
            return [name, jobCountsOf(counts)] as const;
          }),
        ),
        timeoutMs,
      );
      if (counted === timedOut) return { ok: false, reason: 'servicedown' };
      return { ok: true, counts: Object.fromEntries(counted) as Record<QueueName, QueueJobCounts> };
    } catch {
      return { ok: false, reason: 'servicedown' };
    }
  }

  /**
   * Follows the finished jobs of one queue (BullMQ QueueEvents, on a connection of its own because it
   * blocks). Closed with the service.
   */
  onFinished(
    name: QueueName,
    handlers: {
      completed: (jobId: string, returnValue: unknown) => void;
      failed: (jobId: string, reason: string) => void;
    },
  ): void {
    const connection = createRedisConnection({
      role: 'worker',
      ...(this.#url ? { url: this.#url } : {}),
      connectionName: `club-api-events-${name}`,
      logger: this.#logger,
    });
    const events = new QueueEvents(name, { connection, prefix: this.#prefix });
    events.on('error', (error: Error) => this.#logger.debug(`[queue events ${name}] ${error.message}`));
    events.on('completed', ({ jobId, returnvalue }) => handlers.completed(jobId, returnvalue));
    events.on('failed', ({ jobId, failedReason }) => handlers.failed(jobId, failedReason));
    this.#listeners.push({ events, connection });
  }

  /**
   * Consumes a queue in this process (the API process consumes what only it can turn into events, such
   * as the card reads). One job at a time; the worker closes with the service.
   */
  consume(name: string, handler: (data: unknown) => Promise<void>): void {
    const connection = createRedisConnection({
      role: 'worker',
      ...(this.#url ? { url: this.#url } : {}),
      connectionName: `club-api-consume-${name}`,
      logger: this.#logger,
    });
    const worker = new Worker(name, async (job) => handler(job.data), { connection, prefix: this.#prefix });
    worker.on('error', (error: Error) => this.#logger.debug(`[worker ${name}] ${error.message}`));
    this.#daily.push({ worker, connection });
  }

  /**
   * Runs `handler` in this process once a day at `pattern` (cron, Taipei time) through a BullMQ job
   * scheduler: however many API processes call this, Redis holds one schedule and each day's job runs
   * once. Used for the overdue-loan reminders, which only the API process (the event writer) can queue.
   */
  repeatDaily(name: string, pattern: string, handler: () => Promise<void>): void {
    const connection = createRedisConnection({
      role: 'worker',
      ...(this.#url ? { url: this.#url } : {}),
      connectionName: `club-api-daily-${name}`,
      logger: this.#logger,
    });
    const queue = new Queue(name, { connection, prefix: this.#prefix });
    queue.on('error', (error: Error) => this.#logger.debug(`[queue ${name}] ${error.message}`));
    void queue
      .upsertJobScheduler(
        name,
        { pattern, tz: 'Asia/Taipei' },
        { name, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } } },
      )
      .catch((error: Error) => this.#logger.warn(`[queue ${name}] scheduling failed: ${error.message}`));
    const worker = new Worker(name, handler, { connection, prefix: this.#prefix });
    worker.on('error', (error: Error) => this.#logger.debug(`[worker ${name}] ${error.message}`));
    this.#daily.push({ queue, worker, connection });
  }

  /**
   * Runs `handler` in this process every `everyMs` through a BullMQ job scheduler on the queue `name`
   * (a repeatable job): however many API processes call this, Redis holds one schedule. Used for the
   * printer-poll, whose answers only the API process (the event writer) can turn into events.
   */
  repeatEvery(name: QueueName, everyMs: number, handler: () => Promise<void>): void {
    const connection = createRedisConnection({
      role: 'worker',
      ...(this.#url ? { url: this.#url } : {}),
      connectionName: `club-api-every-${name}`,
      logger: this.#logger,
    });
    const queue = new Queue(name, { connection, prefix: this.#prefix });
    queue.on('error', (error: Error) => this.#logger.debug(`[queue ${name}] ${error.message}`));
    void queue
      .upsertJobScheduler(
        name,
        { every: everyMs },
        { name, opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
      )
      .catch((error: Error) => this.#logger.warn(`[queue ${name}] scheduling failed: ${error.message}`));
    const worker = new Worker(name, handler, { connection, prefix: this.#prefix });
    worker.on('error', (error: Error) => this.#logger.debug(`[worker ${name}] ${error.message}`));
    this.#daily.push({ queue, worker, connection });
  }

  /**
   * A job's state and outcome, for reconciling jobs whose QueueEvents message was missed (the API was
   * down when they finished); null when Redis does not hold the job (never added, or removed).
   */
  async jobOutcome(
    name: QueueName,
    jobId: string,
  ): Promise<{ state: string; returnValue: unknown; failedReason: string; attemptsMade: number } | null> {
    const queue: Queue = this.#queues[name];
    const job = await queue.getJob(jobId);
    if (!job) return null;
    return {
      state: await job.getState(),
      returnValue: job.returnvalue,
      failedReason: job.failedReason ?? '',
      attemptsMade: job.attemptsMade,
    };
  }

  /** Closes the queues and the connection; safe to call more than once. */
  close(): Promise<void> {
    // A worker, reader or queue whose connection never became ready (Redis down since the start) never
    // finishes closing: those are given a moment and then dropped with their connection. With Redis up,
    // workers close gracefully (the job in hand finishes).
    const settle = (connection: Redis, closing: Promise<unknown>) =>
      connection.status === 'ready' ? closing : withTimeout(closing, this.#enqueueTimeoutMs);
    this.#closing ??= (async () => {
      await Promise.all(
        this.#daily.map(async ({ queue, worker, connection }) => {
          await settle(connection, worker.close());
          if (queue) await settle(connection, queue.close());
          await closeRedisConnection(connection);
        }),
      );
      await Promise.all(
        this.#listeners.map(async ({ events, connection }) => {
          await settle(connection, events.close());
          await closeRedisConnection(connection);
        }),
      );
      await settle(this.#connection, closeQueues(this.#queues));
      await closeRedisConnection(this.#connection);
    })();
    return this.#closing;
  }
}
