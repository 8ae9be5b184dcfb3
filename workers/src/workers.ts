import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { InvalidJobDataError } from './device-commands.ts';
import type { QueueProcessors } from './processors/index.ts';
import { defaultQueuePrefix, queueNames, type QueueName } from './queues.ts';
import type { Logger } from './redis.ts';

export interface StartWorkersOptions {
  /** A `role: 'worker'` connection; BullMQ duplicates it for each worker's blocking reads. */
  connection: Redis;
  processors: QueueProcessors;
  prefix?: string;
  /** Jobs one worker runs at once, per queue; 1 where not given. */
  concurrency?: { readonly [Name in QueueName]?: number };
  logger?: Logger;
}

export interface RunningWorkers {
  readonly workers: readonly Worker[];
  /** Stops taking jobs, waits for the running ones to finish, and closes the workers' own connections. */
  close(): Promise<void>;
}

/** One BullMQ worker per queue that has a processor. */
export function startWorkers(options: StartWorkersOptions): RunningWorkers {
  const logger = options.logger ?? console;
  const workers: Worker[] = [];
  for (const name of queueNames) {
    const processor = options.processors[name];
    if (!processor) {
      continue;
    }
    const worker = new Worker(
      name,
      async (job) => {
        try {
          return await processor(job.data);
        } catch (error) {
          // Malformed data fails the job at once instead of using up its attempts.
          if (error instanceof InvalidJobDataError) {
            throw new UnrecoverableError(error.message);
          }
          throw error;
        }
      },
      {
        connection: options.connection,
        prefix: options.prefix ?? defaultQueuePrefix,
        concurrency: options.concurrency?.[name] ?? 1,
      },
    );
    worker.on('error', (error: Error) => {
      logger.debug(`[worker ${name}] ${error.message}`);
    });
    worker.on('failed', (job, error: Error) => {
      const attempts = job ? ` (attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1})` : '';
      logger.warn(`[worker ${name}] job ${job?.id ?? '?'} failed${attempts}: ${error.message}`);
    });
    workers.push(worker);
  }
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
