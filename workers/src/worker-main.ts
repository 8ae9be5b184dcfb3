// Entry point of a worker process: `npm run workers` (any number of them, with WORKERS=off on the API).
// Environment: REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default 'club'), SMTP_URL and
// MAIL_FROM (the email queue; no worker without SMTP_URL); DATA_DIR or S3_* (the file storage the
// duo-alignment jobs read and write, the same as the API's).
import { resolve } from 'node:path';
import { openFileStorage } from '@club/core/files/open';
import { defaultMailFrom } from './processors/email.ts';
import { createProcessors } from './processors/index.ts';
import { defaultQueuePrefix } from './queues.ts';
import { closeRedisConnection, createRedisConnection } from './redis.ts';
import { closeOnShutdownSignal } from './shutdown.ts';
import { startWorkers } from './workers.ts';

const prefix = process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix;
const connection = createRedisConnection({ role: 'worker', connectionName: 'club-workers' });
const running = startWorkers({
  connection,
  prefix,
  processors: createProcessors({
    ...(process.env.SMTP_URL
      ? { email: { smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM || defaultMailFrom } }
      : {}),
    storage: openFileStorage({
      dataDir: resolve(process.env.DATA_DIR ?? './data'),
      s3: process.env.S3_BUCKET
        ? {
            endpoint: process.env.S3_ENDPOINT || undefined,
            bucket: process.env.S3_BUCKET,
            region: process.env.S3_REGION || 'us-east-1',
            accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
          }
        : undefined,
    }),
  }),
});
console.info(
  `workers started for ${running.workers.map((worker) => worker.name).join(', ') || 'no queue (none has a processor yet)'} (prefix ${prefix})`,
);

closeOnShutdownSignal(async () => {
  await running.close();
  await closeRedisConnection(connection);
});
