// openEventStore picks the adapter from the environment.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStore } from './open.ts';

describe('openEventStore', () => {
  const directories: string[] = [];
  afterEach(async () => {
    for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
  });

  it('opens SQLite in DATA_DIR, creating the folder, when EVENTSTORE_URL is unset', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'club-open-'));
    directories.push(parent);
    const dataDir = join(parent, 'nested', 'data');
    const store = await openEventStore({ DATA_DIR: dataDir, SQLITE_SYNCHRONOUS: 'normal' });
    try {
      expect(store.kind).toBe('sqlite');
      expect(existsSync(join(dataDir, 'events.sqlite3'))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('refuses an unknown SQLITE_SYNCHRONOUS', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'club-open-'));
    directories.push(parent);
    await expect(openEventStore({ DATA_DIR: parent, SQLITE_SYNCHRONOUS: 'OFF' })).rejects.toThrow(
      /FULL or NORMAL/,
    );
  });

  it('opens EventStoreDB when EVENTSTORE_URL is set (the client connects lazily)', async () => {
    const store = await openEventStore({
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
      DATA_DIR: '/nonexistent',
    });
    expect(store.kind).toBe('eventstoredb');
    await store.close();
  });
});
