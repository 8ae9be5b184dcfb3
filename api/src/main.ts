// Starts the portal: the event store (embedded SQLite unless EVENTSTORE_URL), the queues (optional:
// without Redis the portal still serves pages, logins and money), the API and the web app on one port.
import { openEventStore } from '@club/core/eventstore/open';
import { acquireWriterLock, WriterLockedError } from '@club/core/eventstore/writer-lock';
import { DeviceLink } from '@club/workers/device-link';
import { QueueService } from '@club/workers/queues';
import { buildApp } from './app.ts';
import { demoAccountsWithDemoPassword } from './cli/demo-accounts.ts';
import { configFromEnv } from './config.ts';

/** Addresses only this machine can reach: serving them with the demo passwords harms nobody. */
const isLoopback = (host: string) =>
  /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i.test(host.trim().replace(/^\[|\]$/g, ''));

const config = configFromEnv();
// One portal per data folder (docs/architecture.md, "One portal process per data folder"): the points
// daily limit is kept inside one process, so a second portal on the folder is refused rather than allowed
// to break it.
let writerLock: ReturnType<typeof acquireWriterLock>;
try {
  writerLock = acquireWriterLock(config.dataDir);
} catch (error) {
  if (!(error instanceof WriterLockedError)) throw error;
  console.error(`portal not started: ${error.message}`);
  process.exit(1);
}
const store = openEventStore({
  DATA_DIR: config.dataDir,
  EVENTSTORE_URL: config.eventStoreUrl,
  SQLITE_SYNCHRONOUS: config.sqliteSynchronous,
});
const app = await buildApp({ config, store, queues: null });
// QUEUE_PREFIX keeps the queues of one portal apart from another's on a shared Redis (tests, staging).
const queues = new QueueService({
  url: config.redisUrl,
  logger: app.log,
  ...(process.env.QUEUE_PREFIX?.trim() ? { prefix: process.env.QUEUE_PREFIX.trim() } : {}),
});
app.services.queues = queues;
const devices = new DeviceLink({ url: config.redisUrl, logger: app.log });
app.services.devices = devices;

// The demo's passwords are published in the README and open an account with every authority: a portal
// that other machines can reach must not accept them.
if (!isLoopback(config.host)) {
  const open = await demoAccountsWithDemoPassword(app.services);
  if (open.length > 0) {
    console.error(
      `Refusing to listen on ${config.host}: the demo accounts ${open.join(', ')} still have the published ` +
        'password demo1234, which opens an account with every authority.\n' +
        'Change each one first: start without HOST (this machine only, http://127.0.0.1:' +
        `${config.port}), log in as that account and open 變更密碼 (/user/change/password). ` +
        'Or serve a data folder without the demo (DATA_DIR).',
    );
    await app.close();
    await queues.close();
    await devices.close();
    await store.close();
    process.exit(1);
  }
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal ready on http://${isLoopback(config.host) ? 'localhost' : config.host}:${config.port} (store: ${store.kind}, data: ${config.dataDir})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await queues.close();
    await devices.close();
    await store.close();
    writerLock.release();
    process.exit(0);
  });
}
