// The portal the profiling scripts run in-process: a fresh data folder, the embedded store, no queues, and
// the request log written as in production (its cost is part of every request).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { portalLogDestination } from '@club/api/plugins/request-log';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';

export async function loggedBenchPortal(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
  const app = await buildApp({
    config: { ...configFromEnv({}), dataDir, serveWeb: false },
    store,
    queues: null,
    logger: { level: 'info', stream: portalLogDestination(join(dataDir, 'requests.log')) },
  });
  /** Closes the portal and its store and removes the data folder. */
  const close = async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, close };
}
