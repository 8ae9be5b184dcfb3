// Starts the portal: the event store (embedded SQLite unless EVENTSTORE_URL), the queues (optional:
// without Redis the portal still serves pages, logins and money), the API and the web app on one port, and
// the rest of the fleet (fleet.ts): the workers in this process unless WORKERS=off, and simulated device
// hosts as child processes for DEVICES=simulate or the demo's data folder.
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
const store = await openEventStore({
  DATA_DIR: config.dataDir,
  EVENTSTORE_URL: config.eventStoreUrl,
  SQLITE_SYNCHRONOUS: config.sqliteSynchronous,
});
// The device link comes first: the app follows the door's late outcomes from its start (door/outcomes.ts).
// Until the app's logger exists, the link's debug lines (reconnects) are shown only at LOG_LEVEL=debug.
const linkLogger = { ...console, debug: config.logLevel === 'debug' ? console.debug : () => {} };
const devices = new DeviceLink({ url: config.redisUrl, prefix: config.queuePrefix, logger: linkLogger });
const app = await buildApp({ config, store, queues: null, devices });
const queues = new QueueService({ url: config.redisUrl, prefix: config.queuePrefix, logger: app.log });
app.services.queues = queues;

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
// Loaded once the portal answers: the workers' libraries (PDF, images, barcodes) are not needed to serve.
const { startFleet } = await import('./fleet.ts');
const fleet = startFleet({ config, logger: app.log });
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
    await fleet.close();
    await queues.close();
    await devices.close();
    await store.close();
    writerLock.release();
    process.exit(0);
  });
}
