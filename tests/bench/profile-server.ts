// A portal with the read bench's member, alone in this process, for profiling:
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof tests/bench/profile-server.ts
// prints the URL and the member's cookie; load it from another process (autocannon); SIGTERM to this
// node process ends it and writes the profile (through npx, the signal reached npm and no profile was
// written).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { portalLogDestination } from '@club/api/plugins/request-log';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { benchMember } from './api.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-profile-'));
const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
const app = await buildApp({
  config: { ...configFromEnv({}), dataDir, serveWeb: false },
  store,
  queues: null,
  logger: { level: 'info', stream: portalLogDestination(join(dataDir, 'requests.log')) },
});
const cookie = await benchMember(app);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url, cookie }));
process.on('SIGTERM', async () => {
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
