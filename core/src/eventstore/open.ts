// Chooses the event store from the environment: EventStoreDB when EVENTSTORE_URL is set, else the
// embedded SQLite file in DATA_DIR.
import { join } from 'node:path';
import type { EventStore } from './port.ts';
import { preparePrivateDirectory } from './private-files.ts';
import { openSqliteEventStore } from './sqlite.ts';

export interface EventStoreEnvironment {
  /** Folder for the SQLite file; './data' when unset. */
  DATA_DIR?: string;
  /** An EventStoreDB connection string, for example esdb://localhost:2113?tls=false. */
  EVENTSTORE_URL?: string;
  /** 'FULL' (default: an append survives power loss) or 'NORMAL' (survives a crash of the process). */
  SQLITE_SYNCHRONOUS?: string;
}

const synchronousModes = ['FULL', 'NORMAL'] as const;
type SynchronousMode = (typeof synchronousModes)[number];

function parseSynchronous(value: string | undefined): SynchronousMode {
  if (value === undefined || value.trim() === '') return 'FULL';
  const mode = value.trim().toUpperCase();
  const known = synchronousModes.find((candidate) => candidate === mode);
  if (!known) throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, not ${JSON.stringify(value)}`);
  return known;
}

export async function openEventStore(env: EventStoreEnvironment): Promise<EventStore> {
  const url = env.EVENTSTORE_URL?.trim();
  if (url) {
    // Loaded only for an EventStoreDB deployment: its gRPC client is a few hundred ms of every start.
    const { openEventStoreDb } = await import('./eventstoredb.ts');
    return openEventStoreDb(url);
  }
  const directory = env.DATA_DIR?.trim() || './data';
  preparePrivateDirectory(directory);
  return openSqliteEventStore({
    file: join(directory, 'events.sqlite3'),
    synchronous: parseSynchronous(env.SQLITE_SYNCHRONOUS),
  });
}
