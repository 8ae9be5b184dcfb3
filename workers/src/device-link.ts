/**
 * The link between the portal and its device hosts over Redis: heartbeats the hosts send, and commands the
 * API sends and (for a person waiting at the door) waits on. Only the API process writes events, so it is
 * the API that turns the outcomes reported here into events; hosts and workers only return job results.
 */
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  type DeviceCommand,
  type DeviceHostName,
  type DeviceName,
  type DeviceOutcome,
  deviceHostNames,
  deviceNames,
  deviceQueueName,
  isValidJobId,
} from './device-commands.ts';
import { defaultQueuePrefix, deviceJobOptions } from './queues.ts';
import { createRedisConnection, closeRedisConnection, type Logger } from './redis.ts';
import { timedOut, withTimeout } from './timeout.ts';

/** How often a host reports, and how long a report counts: a host silent for 10 s is down. */
export const heartbeatIntervalMs = 2_000;
export const heartbeatTtlMs = 10_000;

export const heartbeatKey = (prefix: string, device: DeviceHostName) => `${prefix}:heartbeat:${device}`;

/** The last thing a host's device did, for the system status. */
export type LastResult = { requestId: string; ok: boolean; at: string; error?: string };

export type Heartbeat = {
  device: DeviceHostName;
  /** The machine the host runs on, and its process. */
  host: string;
  pid: number;
  startedAt: string;
  /** ISO time of this report. */
  at: string;
  /** True when the host drives a simulator rather than the real device. */
  simulated: boolean;
  lastResult?: LastResult;
  /** Device-specific readings, e.g. labels left in the printer. */
  status?: { readonly [key: string]: string | number | boolean | null };
};

export interface HeartbeatOptions {
  connection: Redis;
  device: DeviceHostName;
  host: string;
  simulated: boolean;
  prefix?: string;
  intervalMs?: number;
  ttlMs?: number;
  /** Read at every beat. */
  status?: () => Heartbeat['status'];
  logger?: Pick<Logger, 'debug'>;
}

export interface HeartbeatSender {
  /** Recorded in the next beat (and sent at once). */
  setLastResult(result: LastResult): void;
  /** Sends a beat now, e.g. after the device's status changed. */
  beat(): Promise<void>;
  /** Stops beating and deletes the key, so the portal sees the host gone at once rather than in 10 s. */
  stop(): Promise<void>;
}

/** Starts a host's heartbeat: a JSON value under {@link heartbeatKey} that expires after `ttlMs`. */
export function startHeartbeat(options: HeartbeatOptions): HeartbeatSender {
  const prefix = options.prefix ?? defaultQueuePrefix;
  const key = heartbeatKey(prefix, options.device);
  const startedAt = new Date().toISOString();
  const ttlMs = options.ttlMs ?? heartbeatTtlMs;
  let lastResult: LastResult | undefined;
  let stopped = false;
  const beat = async () => {
    if (stopped) return;
    const status = options.status?.();
    const value: Heartbeat = {
      device: options.device,
      host: options.host,
      pid: process.pid,
      startedAt,
      at: new Date().toISOString(),
      simulated: options.simulated,
      ...(lastResult ? { lastResult } : {}),
      ...(status ? { status } : {}),
    };
    try {
      await options.connection.set(key, JSON.stringify(value), 'PX', ttlMs);
    } catch (error) {
      // Redis is away: the worker connection reconnects, and the next beat reports again.
      options.logger?.debug(`[heartbeat ${options.device}] ${(error as Error).message}`);
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), options.intervalMs ?? heartbeatIntervalMs);
  timer.unref();
  return {
    setLastResult(result) {
      lastResult = result;
      void beat();
    },
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      try {
        await options.connection.del(key);
      } catch {
        // The key expires by itself.
      }
    },
  };
}

function parseHeartbeat(raw: string | null): Heartbeat | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Heartbeat;
    return typeof value === 'object' && value !== null && typeof value.at === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Each host's last heartbeat, or null for a host that has not reported within the TTL. */
export async function readHeartbeats(
  connection: Redis,
  prefix: string = defaultQueuePrefix,
): Promise<Record<DeviceHostName, Heartbeat | null>> {
  const values = await connection.mget(...deviceHostNames.map((device) => heartbeatKey(prefix, device)));
  return Object.fromEntries(
    deviceHostNames.map((device, index) => [device, parseHeartbeat(values[index] ?? null)]),
  ) as Record<DeviceHostName, Heartbeat | null>;
}

/** Why a command was answered `servicedown`. */
export type ServiceDownWhy = 'redis' | 'no-heartbeat' | 'timeout';

export type SendResult =
  | { ok: true; outcome: DeviceOutcome }
  /** Enqueued only (`waitMs: 0`): the outcome comes later through {@link DeviceLink.onOutcome}. */
  | { ok: true; queued: true; jobId: string }
  | { ok: false; reason: 'servicedown'; why: ServiceDownWhy }
  /** The device tried and failed every attempt; `error` is its last reason. */
  | { ok: false; reason: 'failed'; error: string };

/** A device job that finished: completed with the device's outcome, or failed for good. */
export type FinishedDeviceJob =
  | { device: DeviceName; requestId: string; state: 'completed'; outcome: DeviceOutcome }
  | { device: DeviceName; requestId: string; state: 'failed'; error: string };

export type DeviceJobState =
  | FinishedDeviceJob
  | { device: DeviceName; requestId: string; state: 'pending' | 'unknown' };

export interface DeviceLinkOptions {
  url?: string;
  prefix?: string;
  logger?: Logger;
  /** Longest a heartbeat read or an enqueue may take before the caller is told `servicedown`. */
  redisTimeoutMs?: number;
}

function parseReturnValue(value: unknown): DeviceOutcome | null {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  return typeof parsed === 'object' && parsed !== null && 'requestId' in parsed
    ? (parsed as DeviceOutcome)
    : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The API's side of the device link. A command first needs Redis and a fresh heartbeat of its host, so a
 * stopped host is answered `servicedown` at once; a host that is up but slow is answered after `waitMs`,
 * and a command that has not started by then is withdrawn (a door must not open minutes after the person
 * gave up).
 */
export class DeviceLink {
  readonly #prefix: string;
  readonly #logger: Logger;
  readonly #redisTimeoutMs: number;
  /** Fast-failing connection for heartbeats and enqueues. */
  readonly #connection: Redis;
  /** Blocking connection shared by the queue-event readers. */
  readonly #eventsConnection: Redis;
  readonly #queues = new Map<DeviceName, Queue>();
  readonly #events = new Map<DeviceName, QueueEvents>();
  readonly #outcomeHandlers: ((job: FinishedDeviceJob) => void)[] = [];
  #closing: Promise<void> | undefined;

  constructor(options: DeviceLinkOptions = {}) {
    this.#prefix = options.prefix ?? defaultQueuePrefix;
    this.#logger = options.logger ?? console;
    this.#redisTimeoutMs = options.redisTimeoutMs ?? 1_000;
    this.#connection = createRedisConnection({
      role: 'api',
      ...(options.url ? { url: options.url } : {}),
      connectionName: 'club-api-devices',
      logger: this.#logger,
    });
    this.#eventsConnection = createRedisConnection({
      role: 'worker',
      ...(options.url ? { url: options.url } : {}),
      connectionName: 'club-api-device-events',
      logger: this.#logger,
    });
    for (const device of deviceNames) {
      const queue = new Queue(deviceQueueName(device), {
        connection: this.#connection,
        prefix: this.#prefix,
        defaultJobOptions: deviceJobOptions,
      });
      queue.on('error', (error: Error) => this.#logger.debug(`[device ${device}] ${error.message}`));
      this.#queues.set(device, queue);
    }
  }

  get prefix(): string {
    return this.#prefix;
  }

  /** The fast-failing connection, for status checks that read heartbeats or queue counts. */
  get connection(): Redis {
    return this.#connection;
  }

  #queue(device: DeviceName): Queue {
    const queue = this.#queues.get(device);
    if (!queue) throw new Error(`no queue for device ${device}`);
    return queue;
  }

  /** The queue-event reader of a device, started on first use (it holds a blocking connection). */
  async #queueEvents(device: DeviceName): Promise<QueueEvents> {
    let events = this.#events.get(device);
    if (!events) {
      events = new QueueEvents(deviceQueueName(device), {
        connection: this.#eventsConnection,
        prefix: this.#prefix,
      });
      events.on('error', (error: Error) => this.#logger.debug(`[device ${device} events] ${error.message}`));
      events.on('completed', ({ jobId, returnvalue }) => {
        const outcome = parseReturnValue(returnvalue);
        if (outcome) this.#report({ device, requestId: jobId, state: 'completed', outcome });
      });
      events.on('failed', ({ jobId, failedReason }) => {
        this.#report({ device, requestId: jobId, state: 'failed', error: failedReason });
      });
      this.#events.set(device, events);
    }
    await events.waitUntilReady();
    return events;
  }

  #report(job: FinishedDeviceJob): void {
    for (const handler of this.#outcomeHandlers) {
      try {
        handler(job);
      } catch (error) {
        this.#logger.error(`[device ${job.device}] outcome handler failed: ${(error as Error).message}`);
      }
    }
  }

  /** Whether the fast connection is up now. */
  isUp(): boolean {
    return this.#connection.status === 'ready';
  }

  /** The host's heartbeat, or null when it is silent or Redis cannot be asked in time. */
  async heartbeat(device: DeviceHostName): Promise<Heartbeat | null> {
    if (!this.isUp()) return null;
    try {
      const raw = await withTimeout(
        this.#connection.get(heartbeatKey(this.#prefix, device)),
        this.#redisTimeoutMs,
      );
      return raw === timedOut ? null : parseHeartbeat(raw);
    } catch {
      return null;
    }
  }

  /** Every host's heartbeat (null for a silent one); all null when Redis is down. */
  async heartbeats(): Promise<Record<DeviceHostName, Heartbeat | null>> {
    const none = Object.fromEntries(deviceHostNames.map((device) => [device, null])) as Record<
      DeviceHostName,
      Heartbeat | null
    >;
    if (!this.isUp()) return none;
    try {
      const result = await withTimeout(readHeartbeats(this.#connection, this.#prefix), this.#redisTimeoutMs);
      return result === timedOut ? none : result;
    } catch {
      return none;
    }
  }

  /**
   * Sends `command` to its device under its `requestId` (sending the same id again does not act twice).
   * `waitMs > 0` waits for the device's outcome; `waitMs: 0` answers once the job is queued.
   */
  async send(command: DeviceCommand, options: { waitMs: number }): Promise<SendResult> {
    if (!isValidJobId(command.requestId)) throw new Error(`invalid request id ${command.requestId}`);
    if (this.#closing || !this.isUp()) return { ok: false, reason: 'servicedown', why: 'redis' };
    if ((await this.heartbeat(command.device)) === null) {
      return { ok: false, reason: 'servicedown', why: 'no-heartbeat' };
    }
    const queue = this.#queue(command.device);
    // Listen before adding, so an outcome that arrives at once is not missed.
    const events = options.waitMs > 0 ? await this.#queueEventsOrNull(command.device) : null;
    if (options.waitMs > 0 && !events) return { ok: false, reason: 'servicedown', why: 'redis' };
    const added = await withTimeout(
      queue.add(command.action, command, { jobId: command.requestId }).catch(() => null),
      this.#redisTimeoutMs,
    );
    if (added === timedOut || added === null || added.id === undefined) {
      return { ok: false, reason: 'servicedown', why: 'redis' };
    }
    if (!events) return { ok: true, queued: true, jobId: added.id };
    try {
      const value = await added.waitUntilFinished(events, options.waitMs);
      const outcome = parseReturnValue(value);
      if (!outcome) throw new Error('the device returned no outcome');
      return { ok: true, outcome };
    } catch (error) {
      const message = (error as Error).message;
      if (/timed out before finishing/i.test(message)) {
        await this.#withdraw(command.device, command.requestId);
        return { ok: false, reason: 'servicedown', why: 'timeout' };
      }
      return { ok: false, reason: 'failed', error: message };
    }
  }

  async #queueEventsOrNull(device: DeviceName): Promise<QueueEvents | null> {
    const events = await withTimeout(
      this.#queueEvents(device).catch(() => null),
      this.#redisTimeoutMs,
    );
    return events === timedOut ? null : events;
  }

  /** Removes a job that has not started; one already running is left to finish. */
  async #withdraw(device: DeviceName, requestId: string): Promise<void> {
    try {
      await withTimeout(this.#queue(device).remove(requestId), this.#redisTimeoutMs);
    } catch (error) {
      this.#logger.debug(`[device ${device}] could not withdraw ${requestId}: ${(error as Error).message}`);
    }
  }

  /**
   * Reports every device job that finishes from now on, on the given devices. The API records them as
   * events; jobs that finished while it was down are found with {@link jobState}.
   */
  async onOutcome(devices: readonly DeviceName[], handler: (job: FinishedDeviceJob) => void): Promise<void> {
    this.#outcomeHandlers.push(handler);
    await Promise.all(devices.map((device) => this.#queueEventsOrNull(device)));
  }

  /** Where a job stands now: finished (with its outcome), still pending, or unknown (never queued, or expired). */
  async jobState(device: DeviceName, requestId: string): Promise<DeviceJobState> {
    const job = await this.#queue(device).getJob(requestId);
    if (!job) return { device, requestId, state: 'unknown' };
    const state = await job.getState();
    if (state === 'completed') {
      const outcome = parseReturnValue(job.returnvalue);
      if (outcome) return { device, requestId, state: 'completed', outcome };
      return { device, requestId, state: 'failed', error: 'the device returned no outcome' };
    }
    if (state === 'failed') return { device, requestId, state: 'failed', error: job.failedReason };
    return { device, requestId, state: state === 'unknown' ? 'unknown' : 'pending' };
  }

  /** Jobs waiting, running and failed per device queue, for the system status. */
  async jobCounts(): Promise<Record<DeviceName, Record<string, number>> | null> {
    if (!this.isUp()) return null;
    try {
      const entries = await withTimeout(
        Promise.all(
          deviceNames.map(async (device) => [
            device,
            await this.#queue(device).getJobCounts('waiting', 'active', 'delayed', 'failed'),
          ]),
        ),
        this.#redisTimeoutMs,
      );
      return entries === timedOut
        ? null
        : (Object.fromEntries(entries) as Record<DeviceName, Record<string, number>>);
    } catch {
      return null;
    }
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Bounded: a reader or queue whose connection never became ready (Redis down since the start)
      // never finishes closing; the connections are dropped below either way.
      await Promise.all(
        [...this.#events.values()].map((events) => withTimeout(events.close(), this.#redisTimeoutMs)),
      );
      await Promise.all(
        [...this.#queues.values()].map((queue) => withTimeout(queue.close(), this.#redisTimeoutMs)),
      );
      await closeRedisConnection(this.#eventsConnection);
      await closeRedisConnection(this.#connection);
    })();
    return this.#closing;
  }
}
