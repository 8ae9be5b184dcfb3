// The embedded event store against raw better-sqlite3 on the same machine, in one run:
// (a) durable appends: one event per append through the adapter (synchronous=FULL, WAL, exact expected
//     revisions) against single-row INSERT transactions into the adapter's table at the same settings;
// (a') grouped durable appends: 64 appenders at once, each on its own stream, through the adapter, whose
//     group commit shares one transaction and one WAL fsync among the appends that queue together;
// (b) rebuild: reading 100,000 events through readAll in pages and folding them through a trivial
//     projection, against one sequential SELECT of the same table with JSON.parse of the data column.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, EventStore, NewEvent } from '@club/core/eventstore/port';
import { EVENTS_TABLE, openSqliteEventStore, sqliteGroupCommitStats } from '@club/core/eventstore/sqlite';
import Database from 'better-sqlite3';

const APPEND_COUNT = 1_000;
const APPEND_STREAMS = 300;
const REBUILD_EVENT_COUNT = 100_000;
const REBUILD_BATCH_SIZE = 100;
const READ_PAGE_SIZE = 1_000;
/** Rebuild timings are short, so each side runs this many times and the best run counts. */
const REBUILD_RUNS = 3;
const EVENT_TYPES = ['PointsEarned', 'PointsSpent', 'FeePaid', 'LoanOpened', 'LoanClosed'] as const;

const metadata: EventMetadata = {
  actor: '1',
  correlationId: randomUUID(),
  causationId: null,
  time: '2026-11-22T00:00:00.000Z',
};

/** A bench event: a type from a small set and an integer amount for the projection to sum. */
const benchEvent = (index: number): NewEvent => ({
  id: randomUUID(),
  type: EVENT_TYPES[index % EVENT_TYPES.length]!,
  data: { amountHundredths: (index % 97) + 1, memberId: index % 500, note: 'bench' },
  metadata,
});

/** The trivial projection both rebuilds fold through: events per type and the sum of amounts. */
interface Totals {
  countByType: Map<string, number>;
  amountHundredths: number;
  events: number;
}
const emptyTotals = (): Totals => ({ countByType: new Map(), amountHundredths: 0, events: 0 });
const fold = (totals: Totals, type: string, data: unknown): void => {
  totals.countByType.set(type, (totals.countByType.get(type) ?? 0) + 1);
  totals.amountHundredths += (data as { amountHundredths: number }).amountHundredths;
  totals.events += 1;
};

const APPEND_ROUNDS = 5;
const CONCURRENT_APPENDERS = 64;
const CONCURRENT_APPENDS_EACH = 60;
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const perSecond = (count: number, elapsedMs: number): number => Math.round((count * 1000) / elapsedMs);
const ratio = (value: number, baseline: number): number => Number((value / baseline).toFixed(3));

async function adapterAppendsPerSecond(directory: string, round: number): Promise<number> {
  const store = openSqliteEventStore({
    file: join(directory, `adapter-appends-${round}.sqlite3`),
    synchronous: 'FULL',
  });
  try {
    const lastRevision = new Map<string, number>();
    const events = Array.from({ length: APPEND_COUNT }, (_, index) => benchEvent(index));
    const startedAt = performance.now();
    for (const [index, event] of events.entries()) {
      const stream = `member-${index % APPEND_STREAMS}`;
      const result = await store.append(stream, [event], lastRevision.get(stream) ?? 'no_stream');
      lastRevision.set(stream, result.lastRevision);
    }
    return perSecond(APPEND_COUNT, performance.now() - startedAt);
  } finally {
    await store.close();
  }
}

/** CONCURRENT_APPENDERS appenders, each appending one event at a time to its own stream. */
export async function groupedAppendsPerSecond(
  file: string,
): Promise<{ perSecond: number; appendsPerSync: number; cpuUsPerAppend: number }> {
  const store = openSqliteEventStore({ file, synchronous: 'FULL' });
  try {
    const appender = async (index: number) => {
      let revision: number | 'no_stream' = 'no_stream';
      for (let n = 0; n < CONCURRENT_APPENDS_EACH; n += 1) {
        const result = await store.append(`appender-${index}`, [benchEvent(n)], revision);
        revision = result.lastRevision;
      }
    };
    const before = { ...sqliteGroupCommitStats(store)! };
    const startedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: CONCURRENT_APPENDERS }, (_, index) => appender(index)));
    const elapsedMs = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    const after = sqliteGroupCommitStats(store)!;
    return {
      perSecond: perSecond(CONCURRENT_APPENDERS * CONCURRENT_APPENDS_EACH, elapsedMs),
      appendsPerSync: Number(((after.appends - before.appends) / (after.syncs - before.syncs)).toFixed(1)),
      // This process's CPU (user + system; fsync waits are not in it) per append.
      cpuUsPerAppend: Number(
        ((cpu.user + cpu.system) / (CONCURRENT_APPENDERS * CONCURRENT_APPENDS_EACH)).toFixed(1),
      ),
    };
  } finally {
    await store.close();
  }
}

function rawInsertsPerSecond(directory: string, round: number): number {
  const db = new Database(join(directory, `raw-inserts-${round}.sqlite3`));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // The adapter's own table, so both sides maintain the same indexes.
    db.exec(EVENTS_TABLE);
    const insert = db.prepare(
      'INSERT INTO events (stream, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertOne = db.transaction((stream: string, revision: number, event: NewEvent) => {
      insert.run(
        stream,
        revision,
        event.id,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
    });
    const nextRevision = new Map<string, number>();
    const events = Array.from({ length: APPEND_COUNT }, (_, index) => benchEvent(index));
    const startedAt = performance.now();
    for (const [index, event] of events.entries()) {
      const stream = `member-${index % APPEND_STREAMS}`;
      const revision = nextRevision.get(stream) ?? 0;
      // BEGIN IMMEDIATE ... COMMIT, like the adapter's append.
      insertOne.immediate(stream, revision, event);
      nextRevision.set(stream, revision + 1);
    }
    return perSecond(APPEND_COUNT, performance.now() - startedAt);
  } finally {
    db.close();
  }
}

async function fillRebuildStore(store: EventStore): Promise<void> {
  for (let start = 0; start < REBUILD_EVENT_COUNT; start += REBUILD_BATCH_SIZE) {
    const batch = Array.from({ length: REBUILD_BATCH_SIZE }, (_, offset) => benchEvent(start + offset));
    await store.append(`ledger-${start / REBUILD_BATCH_SIZE}`, batch, 'no_stream');
  }
}

async function rebuildThroughAdapter(store: EventStore): Promise<{ elapsedMs: number; totals: Totals }> {
  const totals = emptyTotals();
  const startedAt = performance.now();
  let afterPosition = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition, maxCount: READ_PAGE_SIZE });
    for (const event of page) fold(totals, event.type, event.data);
    if (page.length < READ_PAGE_SIZE) break;
    afterPosition = page[page.length - 1]!.position;
  }
  return { elapsedMs: performance.now() - startedAt, totals };
}

function rebuildThroughRawSelect(file: string): { elapsedMs: number; totals: Totals } {
  const db = new Database(file, { readonly: true });
  try {
    const select = db.prepare<[], { type: string; data: string }>(
      'SELECT type, data FROM events ORDER BY position',
    );
    const totals = emptyTotals();
    const startedAt = performance.now();
    for (const row of select.iterate()) fold(totals, row.type, JSON.parse(row.data));
    return { elapsedMs: performance.now() - startedAt, totals };
  } finally {
    db.close();
  }
}

const sameTotals = (left: Totals, right: Totals): boolean =>
  left.events === right.events &&
  left.amountHundredths === right.amountHundredths &&
  [...left.countByType].every(([type, count]) => right.countByType.get(type) === count);

export async function benchStore(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'club-bench-store-'));
  try {
    // (a) Durable appends. fsync speed on a shared disk drifts within seconds, so the two sides take
    // turns over several rounds and the medians are compared. One unmeasured round first: a portal runs
    // for days with its append path compiled, and a cold first round (the adapter's JavaScript not yet
    // optimised: about twice the CPU per append) would measure V8's warm-up, not the store.
    rawInsertsPerSecond(directory, -1);
    await adapterAppendsPerSecond(directory, -1);
    await groupedAppendsPerSecond(join(directory, 'grouped-warm-up.sqlite3'));
    const rawRounds: number[] = [];
    const adapterRounds: number[] = [];
    const groupedRounds: Array<{ perSecond: number; appendsPerSync: number; cpuUsPerAppend: number }> = [];
    for (let round = 0; round < APPEND_ROUNDS; round += 1) {
      rawRounds.push(rawInsertsPerSecond(directory, round));
      adapterRounds.push(await adapterAppendsPerSecond(directory, round));
      groupedRounds.push(await groupedAppendsPerSecond(join(directory, `grouped-${round}.sqlite3`)));
    }
    const rawInserts = median(rawRounds);
    const adapterAppends = median(adapterRounds);
    const grouped = median(groupedRounds.map((round) => round.perSecond));
    const appendsPerSync = median(groupedRounds.map((round) => round.appendsPerSync));
    const groupedCpuUs = median(groupedRounds.map((round) => round.cpuUsPerAppend));

    // (b) Rebuild from 100,000 events.
    const rebuildFile = join(directory, 'rebuild.sqlite3');
    const store = openSqliteEventStore({ file: rebuildFile, synchronous: 'FULL' });
    let adapterBestMs = Number.POSITIVE_INFINITY;
    let rawBestMs = Number.POSITIVE_INFINITY;
    try {
      const fillStartedAt = performance.now();
      await fillRebuildStore(store);
      const fillMs = performance.now() - fillStartedAt;
      for (let run = 0; run < REBUILD_RUNS; run += 1) {
        const adapter = await rebuildThroughAdapter(store);
        const raw = rebuildThroughRawSelect(rebuildFile);
        if (adapter.totals.events !== REBUILD_EVENT_COUNT || !sameTotals(adapter.totals, raw.totals)) {
          throw new Error('the adapter and the raw SELECT folded different totals');
        }
        adapterBestMs = Math.min(adapterBestMs, adapter.elapsedMs);
        rawBestMs = Math.min(rawBestMs, raw.elapsedMs);
      }

      const adapterRebuild = perSecond(REBUILD_EVENT_COUNT, adapterBestMs);
      const rawRebuild = perSecond(REBUILD_EVENT_COUNT, rawBestMs);
      const results: Record<string, number | string> = {
        'store appends/s (1 event, FULL, exact revision)': adapterAppends,
        'raw single-row INSERT tx/s (FULL, WAL)': rawInserts,
        'appends vs raw inserts (ratio)': ratio(adapterAppends, rawInserts),
        [`grouped appends/s (${CONCURRENT_APPENDERS} appenders, own streams)`]: grouped,
        'grouped appends per WAL sync': appendsPerSync,
        'grouped appends: CPU µs per append (user + system)': groupedCpuUs,
        'grouped appends vs raw inserts (ratio, >= 10)': ratio(grouped, rawInserts),
        'rebuild via readAll events/s': adapterRebuild,
        'raw SELECT + JSON.parse events/s': rawRebuild,
        'rebuild vs raw select (ratio)': ratio(adapterRebuild, rawRebuild),
        'rebuild fill (100k events in batches of 100) s': Number((fillMs / 1000).toFixed(2)),
      };
      return results;
    } finally {
      await store.close();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
