// Entry point of the worker process: `tsx workers/src/worker-main.ts`.
// Environment: REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default 'club'),
// DEVICE_COMMAND_CONCURRENCY (default 4), SMTP_URL and MAIL_FROM (the email queue; no worker without SMTP_URL).
import { defaultMailFrom } from './processors/email.ts';
import { createProcessors } from './processors/index.ts';
import { closeQueues, createDeviceQueues, defaultQueuePrefix } from './queues.ts';
import { closeRedisConnection, createRedisConnection } from './redis.ts';
import { closeOnShutdownSignal, positiveIntegerFromEnvironment } from './shutdown.ts';
import { sendToDeviceQueues, startWorkers } from './workers.ts';

const prefix = process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix;
const connection = createRedisConnection({ role: 'worker', connectionName: 'club-workers' });
const deviceQueues = createDeviceQueues(connection, {
  prefix,
  onError: (queueName, error) => console.debug(`[queue ${queueName}] ${error.message}`),
});
const running = startWorkers({
  connection,
  prefix,
  processors: createProcessors({
    sendToDevice: sendToDeviceQueues(deviceQueues),
    ...(process.env.SMTP_URL
      ? { email: { smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM || defaultMailFrom } }
      : {}),
  }),
  concurrency: { 'device-command': positiveIntegerFromEnvironment('DEVICE_COMMAND_CONCURRENCY', 4) },
});
console.info(
  `workers started for ${running.workers.map((worker) => worker.name).join(', ')} (prefix ${prefix})`,
);

closeOnShutdownSignal(async () => {
  // Workers first, so no job is mid-way when the queues it forwards to close.
  await running.close();
  await closeQueues(deviceQueues);
  await closeRedisConnection(connection);
});
