// Rebuilding every portal read model from a club's log of a million events (big-log.ts: the portal's own
// event types in realistic proportions), against one raw sequential SELECT of the same table with
// JSON.parse of each row's data and metadata, in the same run.
import { performance } from 'node:perf_hooks';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { portalProjections, rebuildAll } from '@club/projections';
import Database from 'better-sqlite3';
import { clubLogFile } from './big-log.ts';

export const BIG_LOG_EVENTS = 1_000_000;

function rawSequentialRead(file: string): { elapsedMs: number; events: number } {
  const db = new Database(file, { readonly: true });
  try {
    const select = db.prepare<[], { type: string; data: string; metadata: string }>(
      'SELECT type, data, metadata FROM events ORDER BY position',
    );
    let events = 0;
    let checksum = 0;
    const startedAt = performance.now();
    for (const row of select.iterate()) {
      const data = JSON.parse(row.data) as object;
      const metadata = JSON.parse(row.metadata) as { time: string };
      checksum += Object.keys(data).length + metadata.time.length + row.type.length;
      events += 1;
    }
    if (checksum === 0) throw new Error('nothing read');
    return { elapsedMs: performance.now() - startedAt, events };
  } finally {
    db.close();
  }
}

export async function benchRebuild(): Promise<Record<string, number | string>> {
  const generatedAt = performance.now();
  const file = await clubLogFile(BIG_LOG_EVENTS);
  const generateMs = performance.now() - generatedAt;
  const raw = rawSequentialRead(file);
  const store = openSqliteEventStore({ file, synchronous: 'FULL' });
  try {
    const startedAt = performance.now();
    const { events } = await rebuildAll(store, portalProjections);
    const rebuildMs = performance.now() - startedAt;
    if (events !== raw.events) throw new Error(`rebuild read ${events} events, the raw read ${raw.events}`);
    const rebuildRate = (events * 1000) / rebuildMs;
    const rawRate = (raw.events * 1000) / raw.elapsedMs;
    return {
      'big log events (portal types)': events,
      'big log generated (s, 0 when cached)': Number((generateMs / 1000).toFixed(1)),
      'rebuildAll, every portal projection (s, < 30)': Number((rebuildMs / 1000).toFixed(2)),
      'rebuildAll events/s': Math.round(rebuildRate),
      'raw sequential read + JSON.parse events/s': Math.round(rawRate),
      'rebuild vs raw sequential read (ratio, >= 0.25)': Number((rebuildRate / rawRate).toFixed(3)),
    };
  } finally {
    await store.close();
  }
}
