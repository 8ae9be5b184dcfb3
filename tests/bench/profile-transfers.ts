// The transfers bench's 64-pair run, profiled alone (registration and funding are left out of the profile):
//   npx tsx tests/bench/profile-transfers.ts /tmp/prof/transfers.cpuprofile [transfers]
// or, for where the run allocates (a sampling heap profile): PROFILE=heap ... /tmp/prof/transfers.heapprofile
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { profiled } from './in-process-profile.ts';
import { fund, type Member, member, runTransfers } from './transfers.ts';

const [output = 'transfers.cpuprofile', count = '6000'] = process.argv.slice(2);
const directory = mkdtempSync(join(tmpdir(), 'club-bench-profile-transfers-'));
const store = openSqliteEventStore({ file: join(directory, 'events.sqlite3'), synchronous: 'FULL' });
const app = await buildApp({
  config: { ...configFromEnv({}), dataDir: directory, serveWeb: false },
  store,
  queues: null,
  logger: false,
});
try {
  const pairs: [Member, Member][] = [];
  if (process.env.HOT === '1') {
    // HOT=1: the contention run instead, every client paying from one account to one of four payees.
    const hot = await member(app);
    const payees = [await member(app), await member(app), await member(app), await member(app)];
    for (let index = 0; index < 64; index += 1) pairs.push([hot, payees[index % 4]!]);
    await fund(app, hot.pk);
  } else {
    for (let index = 0; index < 64; index += 1) pairs.push([await member(app), await member(app)]);
    for (const [payer] of pairs) await fund(app, payer.pk);
  }
  await runTransfers(app, pairs, 'warmup', 1000);
  const run = await profiled(output, () => runTransfers(app, pairs, 'profiled', Number(count)));
  console.log(`${run.perSecond} transfers/s while profiled; profile in ${output}`);
} finally {
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
}
