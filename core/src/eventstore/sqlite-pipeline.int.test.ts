// What the SQLite adapter remembers between appends (each stream's revision, the rows it just committed)
// and the chained appends of pipelined commands, checked against a second connection on the same file
// that stands for another process writing between this one's appends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

let directory: string;
let file: string;
let store: EventStore;
let other: EventStore;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'club-sqlite-pipeline-'));
  file = join(directory, 'events.sqlite3');
  store = openSqliteEventStore({ file, synchronous: 'FULL' });
  other = openSqliteEventStore({ file, synchronous: 'FULL', pollIntervalMs: 20 });
});
afterEach(async () => {
  await store.close();
  await other.close();
  await rm(directory, { recursive: true, force: true });
});

let counter = 0;
const event = (): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  type: 'Noted',
  data: { n: counter },
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-12-06T00:00:00.000Z' },
});

describe('SQLite adapter: remembered revisions, the committed tail and chained appends', () => {
  it('checks an append against what another process wrote since, not the revision it remembers', async () => {
    expect((await store.append('s', [event()], 'no_stream')).lastRevision).toBe(0);
    // The other process appends revision 1 behind this connection's back.
    await other.append('s', [event()], 0);
    const stale = store.append('s', [event()], 0);
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(stale).rejects.toMatchObject({ actual: 1 });
    expect((await store.append('s', [event()], 1)).lastRevision).toBe(2);
    expect((await store.readStream('s')).map((recorded) => recorded.revision)).toEqual([0, 1, 2]);
  });

  it('fails a chained append whose predecessor failed, although its expected revision matches', async () => {
    await store.append('s', [event()], 'no_stream');
    // Another process takes revision 1.
    await other.append('s', [event()], 0);
    // This process queued A (expecting revision 0) and decided B on the state after A, expecting A at
    // revision 1. A fails; B's expected revision 1 now names the other process's event, so only the
    // chain can refuse it.
    let queued = 0;
    const first = store.append('s', [event()], 0, { onQueued: () => queued++ });
    const second = store.append('s', [event()], 1, { chained: true, onQueued: () => queued++ });
    const outcomes = await Promise.allSettled([first, second]);
    expect(queued).toBe(2);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('s')).toHaveLength(2);
    // The same two appends without the chain: B lands on the other process's event.
    const unchained = await Promise.allSettled([
      store.append('t', [event()], 0),
      store.append('t', [event()], 'no_stream'),
    ]);
    expect(unchained.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
  });

  it('a chained append after a successful one lands in the same transaction', async () => {
    const appends = [
      store.append('s', [event()], 'no_stream'),
      store.append('s', [event()], 0, { chained: true }),
      store.append('s', [event()], 1, { chained: true }),
    ];
    const results = await Promise.all(appends);
    expect(results.map((result) => result.lastRevision)).toEqual([0, 1, 2]);
    expect(results[2]!.position - results[0]!.position).toBe(2);
  });

  it("delivers this process's rows and another process's in log order, each once", async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll((recorded) => {
      seen.push(recorded);
    });
    try {
      const positions: number[] = [];
      for (let round = 0; round < 10; round += 1) {
        // This process's rows come from the tail; the other process's only from the file, between them.
        positions.push((await store.append(`mine-${round}`, [event()], 'no_stream')).position);
        positions.push((await other.append(`theirs-${round}`, [event()], 'no_stream')).position);
        positions.push((await store.append(`mine-${round}`, [event(), event()], 0)).position - 1);
        positions.push(positions[positions.length - 1]! + 1);
      }
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(40);
      expect(seen.map((recorded) => recorded.position)).toEqual([...positions].sort((a, b) => a - b));
      expect(seen.filter((recorded) => recorded.stream.startsWith('theirs-'))).toHaveLength(10);
      expect(new Set(seen.map((recorded) => recorded.id)).size).toBe(40);
    } finally {
      await subscription.stop();
    }
  });
});
