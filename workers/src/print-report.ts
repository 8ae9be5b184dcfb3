// The imposition worker's line back to the API process: reports (progress, result, failure) as jobs on the
// print-report queue, which the API consumes in order and records as events (api/src/print/follow.ts).
import { PRINT_REPORT_QUEUE, type PrintReport } from '@club/core/print/report';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { defaultQueuePrefix } from './queues.ts';

export interface PrintReporter {
  report(report: PrintReport): Promise<void>;
  close(): Promise<void>;
}

export function createPrintReporter(connection: Redis, prefix = defaultQueuePrefix): PrintReporter {
  const queue = new Queue(PRINT_REPORT_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 1_000 },
    },
  });
  queue.on('error', () => undefined);
  return {
    report: async (report) => {
      await queue.add(report.kind, report);
    },
    close: () => queue.close(),
  };
}
