import { Redis, type RedisOptions } from 'ioredis';

/** Where Redis listens when `REDIS_URL` is not set: the machine's own server. */
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

/**
 * Who uses a connection. Workers and device agents wait for Redis as long as it takes; the API side must
 * answer a person within a second whether Redis is there or not.
 */
export type RedisConnectionRole = 'worker' | 'api';

/** The slice of a logger this package writes to; `console` and a pino logger both fit. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface CreateRedisConnectionOptions {
  role: RedisConnectionRole;
  /** Defaults to `REDIS_URL`, then to {@link defaultRedisUrl}. */
  url?: string;
  /** Shown in `CLIENT LIST` and in the log lines of this connection. */
  connectionName?: string;
  logger?: Pick<Logger, 'debug'>;
}

export function redisUrlFromEnvironment(environment: NodeJS.ProcessEnv = process.env): string {
  const url = environment.REDIS_URL?.trim();
  return url ? url : defaultRedisUrl;
}

/**
 * Delay before reconnect attempt number `attempt` (1-based): 100 ms doubling each time, never more than
 * `capMs`, so a Redis that comes back is found again within `capMs`.
 */
export function cappedBackoffMs(attempt: number, capMs: number): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 16);
  return Math.min(100 * 2 ** exponent, capMs);
}

export const workerReconnectCapMs = 5_000;
export const apiReconnectCapMs = 2_000;
export const apiConnectTimeoutMs = 1_000;
export const apiCommandTimeoutMs = 1_000;

function optionsForRole(role: RedisConnectionRole): RedisOptions {
  switch (role) {
    case 'worker':
      // BullMQ's blocking commands must wait out an outage instead of failing after a few retries.
      return {
        maxRetriesPerRequest: null,
        retryStrategy: (attempt) => cappedBackoffMs(attempt, workerReconnectCapMs),
      };
    case 'api':
      // With the offline queue off, a command sent while Redis is away fails at once instead of waiting
      // for a reconnect; `maxRetriesPerRequest: 0` fails commands caught in flight by a dropped
      // connection; `commandTimeout` bounds a Redis that accepts the connection but does not answer.
      return {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: apiConnectTimeoutMs,
        commandTimeout: apiCommandTimeoutMs,
        retryStrategy: (attempt) => cappedBackoffMs(attempt, apiReconnectCapMs),
      };
    default: {
      const unknownRole: never = role;
      throw new Error(`unknown Redis connection role: ${String(unknownRole)}`);
    }
  }
}

/**
 * Opens an ioredis connection for `role`. An `error` listener is always attached, so an outage never
 * crashes the process; it logs at debug level the first error of each outage and the changes between
 * connected and disconnected, not every failed reconnect attempt.
 */
export function createRedisConnection(options: CreateRedisConnectionOptions): Redis {
  const url = options.url ?? redisUrlFromEnvironment();
  const connection = new Redis(url, {
    ...optionsForRole(options.role),
    ...(options.connectionName ? { connectionName: options.connectionName } : {}),
  });
  logConnectionChanges(
    connection,
    options.logger ?? console,
    options.connectionName ?? `redis-${options.role}`,
  );
  return connection;
}

/** Connections this process is closing on purpose; their 'close' is not an outage. */
const closingOnPurpose = new WeakSet<Redis>();

function logConnectionChanges(connection: Redis, logger: Pick<Logger, 'debug'>, label: string): void {
  let connected = false;
  let errorLoggedThisOutage = false;
  connection.on('ready', () => {
    connected = true;
    errorLoggedThisOutage = false;
    logger.debug(`[${label}] Redis connection ready`);
  });
  connection.on('close', () => {
    if (connected && !closingOnPurpose.has(connection)) {
      logger.debug(`[${label}] Redis connection lost; reconnecting`);
    }
    connected = false;
  });
  connection.on('end', () => {
    connected = false;
    logger.debug(`[${label}] Redis connection closed`);
  });
  connection.on('error', (error: Error) => {
    if (!errorLoggedThisOutage) {
      errorLoggedThisOutage = true;
      logger.debug(`[${label}] Redis error: ${error.message}`);
    }
  });
}

/**
 * Closes a connection this process opened: QUIT when it is up (bounded, as Redis may vanish meanwhile),
 * then a hard disconnect so no reconnect timer keeps the process alive.
 */
export async function closeRedisConnection(connection: Redis, timeoutMs = 1_000): Promise<void> {
  closingOnPurpose.add(connection);
  if (connection.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        connection.quit(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
    } catch {
      // The connection is being dropped anyway; a failed QUIT changes nothing.
    } finally {
      clearTimeout(timer);
    }
  }
  connection.disconnect(false);
}
