// Starts the portal: the event store (embedded SQLite unless EVENTSTORE_URL), the queues (optional:
// without Redis the portal still serves pages, logins and money), the API and the web app on one port.
import { openEventStore } from '@club/core/eventstore/open';
import { acquireWriterLock, WriterLockedError } from '@club/core/eventstore/writer-lock';
import { QueueService } from '@club/workers/queues';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

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
const queues = new QueueService({ url: config.redisUrl, logger: app.log });
app.services.queues = queues;

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal ready on http://localhost:${config.port} (store: ${store.kind}, data: ${config.dataDir})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await queues.close();
    await store.close();
    writerLock.release();
    process.exit(0);
  });
}
