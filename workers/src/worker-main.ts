// Entry point of a worker process: `npm run workers` (any number of them, with WORKERS=off on the API).
// Environment: REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default 'club'), SMTP_URL and
// MAIL_FROM (the email queue; no worker without SMTP_URL), DATA_DIR (the file storage the imposition
// worker reads pages from and writes PDFs to, and the duo-alignment worker its adjusted images; S3_BUCKET and its S3_* settings for object storage).
import { resolve } from 'node:path';
import { openFileStorage } from '@club/core/files/open';
import { createPrintReporter } from './print-report.ts';
import { defaultMailFrom } from './processors/email.ts';
import { createProcessors } from './processors/index.ts';
import { defaultQueuePrefix } from './queues.ts';
import { closeRedisConnection, createRedisConnection } from './redis.ts';
import { closeOnShutdownSignal } from './shutdown.ts';
import { startWorkers } from './workers.ts';

const prefix = process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix;
const connection = createRedisConnection({ role: 'worker', connectionName: 'club-workers' });
const reporter = createPrintReporter(connection, prefix);
const env = process.env;
const storage = openFileStorage({
  dataDir: resolve(env.DATA_DIR ?? './data'),
  s3: env.S3_BUCKET
    ? {
        endpoint: env.S3_ENDPOINT || undefined,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION || 'us-east-1',
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      }
    : undefined,
});
const running = startWorkers({
  connection,
  prefix,
  processors: createProcessors({
    ...(env.SMTP_URL ? { email: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || defaultMailFrom } } : {}),
    imposition: {
      storage,
      report: (report) => reporter.report(report),
    },
    // The duo-alignment jobs read the back side from the same storage and write their image there.
    storage,
  }),
});
console.info(
  `workers started for ${running.workers.map((worker) => worker.name).join(', ') || 'no queue (none has a processor yet)'} (prefix ${prefix})`,
);

closeOnShutdownSignal(async () => {
  await running.close();
  await reporter.close();
  await closeRedisConnection(connection);
});
