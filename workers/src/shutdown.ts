import type { Logger } from './redis.ts';

export interface ShutdownOptions {
  logger?: Pick<Logger, 'info' | 'error'>;
  /** Longest a graceful close may take before the process exits anyway. */
  timeoutMs?: number;
  /** Injected by tests; the real one ends the process. */
  exit?: (code: number) => void;
}

/**
 * Closes gracefully on the first SIGTERM or SIGINT (running jobs finish, connections quit), exits 1 if that
 * takes longer than `timeoutMs`, and exits at once on a second signal.
 */
export function closeOnShutdownSignal(close: () => Promise<void>, options: ShutdownOptions = {}): void {
  const logger = options.logger ?? console;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = options.timeoutMs ?? 30_000;
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.error(`${signal} again; exiting without waiting`);
      exit(1);
      return;
    }
    shuttingDown = true;
    logger.info(`${signal} received; closing`);
    const timer = setTimeout(() => {
      logger.error(`graceful close took longer than ${timeoutMs} ms; exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => {
        clearTimeout(timer);
        logger.info('closed');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error(`close failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** A positive integer from the environment, or `fallback` when unset. */
export function positiveIntegerFromEnvironment(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  }
  return value;
}
