// Shared by the CLIs: the store chosen by the same environment as the server.
import { openEventStore } from '@club/core/eventstore/open';
import { configFromEnv } from '../config.ts';

export function openStoreFromEnv() {
  const config = configFromEnv();
  return openEventStore({
    DATA_DIR: config.dataDir,
    EVENTSTORE_URL: config.eventStoreUrl,
    SQLITE_SYNCHRONOUS: config.sqliteSynchronous,
  });
}
