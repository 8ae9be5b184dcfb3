// The event-store contract against the embedded SQLite adapter, on a real file in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from './contract.ts';
import type { EventStore } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

eventStoreContract('sqlite', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'club-events-'));
  const file = join(directory, 'events.sqlite3');
  let current: EventStore = openSqliteEventStore({ file, synchronous: 'FULL' });
  return {
    store: current,
    reopen: async () => {
      current = openSqliteEventStore({ file, synchronous: 'FULL' });
      return current;
    },
    cleanup: async () => {
      await current.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
