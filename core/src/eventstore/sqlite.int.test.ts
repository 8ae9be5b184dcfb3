// The event-store contract against the embedded SQLite adapter, on a real file in a temporary folder:
// once on a new file, and once on a file whose table was created before event ids lost their index
// (UNIQUE (stream, id)), as every club's file made until then still has it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract.ts';
import type { EventStore } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

/** The adapter's table as files made before 2026-12-06 have it: a frozen copy, unlike EVENTS_TABLE. */
const TABLE_WITH_ID_INDEX = `
CREATE TABLE events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  UNIQUE (stream, revision),
  UNIQUE (stream, id)
);
`;

const createTableWithIdIndex = (file: string): void => {
  const db = new Database(file);
  db.exec(TABLE_WITH_ID_INDEX);
  db.close();
};

/** The names of the table's indexes, SQLite's own ones for UNIQUE constraints included. */
const indexesOf = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { name: string }>("SELECT name FROM pragma_index_list('events') ORDER BY name")
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
};

const contractOnFile = (prepare: (file: string) => void) => async () => {
  const directory = await mkdtemp(join(tmpdir(), 'club-events-'));
  const file = join(directory, 'events.sqlite3');
  prepare(file);
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
};

eventStoreContract(
  'sqlite',
  contractOnFile(() => {}),
);
eventStoreContract('sqlite, a file with the old UNIQUE (stream, id)', contractOnFile(createTableWithIdIndex));

describe('sqlite event ids', () => {
  it('an append with newIds does not look for its ids: given a stored one, it writes it again', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'club-events-'));
    const store = openSqliteEventStore({ file: join(directory, 'events.sqlite3') });
    try {
      const login = {
        id: randomUUID(),
        type: 'LoginAttempted',
        data: {},
        metadata: {
          actor: null,
          correlationId: randomUUID(),
          causationId: null,
          time: '2026-12-06T00:00:00Z',
        },
      };
      const first = await store.append('loginlog-1', [login], 'any');
      // Without the flag it is a retry, answered with the first result.
      expect(await store.append('loginlog-1', [login], 'any')).toEqual(first);
      const again = await store.append('loginlog-1', [login], 'any', { newIds: true });
      expect(again.lastRevision).toBe(first.lastRevision + 1);
      expect((await store.readStream('loginlog-1')).map((event) => event.id)).toEqual([login.id, login.id]);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('a new file indexes revisions only, and an older file keeps its index of ids', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'club-events-'));
    try {
      const fresh = join(directory, 'fresh.sqlite3');
      const older = join(directory, 'older.sqlite3');
      createTableWithIdIndex(older);
      for (const file of [fresh, older]) await openSqliteEventStore({ file }).close();
      expect(indexesOf(fresh)).toHaveLength(1);
      expect(indexesOf(older)).toHaveLength(2);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
