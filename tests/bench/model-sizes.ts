// Where the snapshot's bytes go on the big log: rebuilds every portal model, then prints per model the
// size of its stored form in v8 serialisation (what readmodels.snapshot holds and a warm start reads
// back), largest first. `npx tsx tests/bench/model-sizes.ts`
import { performance } from 'node:perf_hooks';
import { serialize } from 'node:v8';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { portalProjections, rebuildAll, storedModelsOf } from '@club/projections';
import { clubLogFile } from './big-log.ts';
import { BIG_LOG_EVENTS } from './rebuild.ts';

const store = openSqliteEventStore({ file: await clubLogFile(BIG_LOG_EVENTS), synchronous: 'FULL' });
const startedAt = performance.now();
const { models, events } = await rebuildAll(store, portalProjections);
await store.close();
console.log(`rebuilt ${events} events in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
const stored = storedModelsOf(portalProjections, models) as Record<string, unknown>;
const sizes = Object.entries(stored).map(
  ([name, model]) => [name, serialize(model).length / 1048576] as const,
);
for (const [name, mib] of sizes.sort((a, b) => b[1] - a[1]))
  console.log(`${name.padEnd(20)} ${mib.toFixed(1).padStart(7)} MiB`);
console.log(`${'all'.padEnd(20)} ${(serialize(stored).length / 1048576).toFixed(1).padStart(7)} MiB`);
