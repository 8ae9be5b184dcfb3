// Entry point of a worker process: `npm run workers` (any number of them, with WORKERS=off on the API).
// Environment: REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default 'club'), SMTP_URL and
// MAIL_FROM (the email queue; no worker without SMTP_URL).
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
  processors: createProcessors(
    process.env.SMTP_URL
      ? { email: { smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM || defaultMailFrom } }
      : {},
  ),
});
console.info(
  `workers started for ${running.workers.map((worker) => worker.name).join(', ') || 'no queue (none has a processor yet)'} (prefix ${prefix})`,
);

closeOnShutdownSignal(async () => {
  await running.close();
  await closeRedisConnection(connection);
});
