// Shared by the CLIs: the store chosen by the same environment as the server.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openEventStore } from '@club/core/eventstore/open';
import { configFromEnv } from '../config.ts';
import { CliRefusal } from './args.ts';

/** Opens the store, creating the data folder and an empty log if there are none (demo, create-staff). */
export async function openStoreFromEnv() {
  const config = configFromEnv();
  return openEventStore({
    DATA_DIR: config.dataDir,
    EVENTSTORE_URL: config.eventStoreUrl,
    SQLITE_SYNCHRONOUS: config.sqliteSynchronous,
  });
}

/**
 * Opens the store of a portal that exists, for the tools that only read (audit, rebuild): a mistyped
 * DATA_DIR is refused instead of answered from a new, empty log ("no mismatches" about nothing).
 */
export async function openExistingStoreFromEnv() {
  const config = configFromEnv();
  if (config.eventStoreUrl === undefined) {
    if (!existsSync(config.dataDir))
      throw new CliRefusal(`the data folder ${config.dataDir} does not exist (set DATA_DIR to the portal's)`);
    const file = join(config.dataDir, 'events.sqlite3');
    if (!existsSync(file))
      throw new CliRefusal(
        `${config.dataDir} holds no event log (events.sqlite3): not a portal's data folder`,
      );
  }
  return openStoreFromEnv();
}
