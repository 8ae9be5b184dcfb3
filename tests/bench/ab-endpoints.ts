// Where a read's server time goes, by comparison: the server's CPU time per request for a bare Fastify
// hello, a bare Fastify answer of the trans log's own 9 KB body (a Buffer, as the portal's serializer
// sends a cached page), and the portal's three reads, under the read bench's load (autocannon in a child,
// 10 connections), in interleaved slices whose order alternates, with each figure's median over the slices:
//   npx tsx tests/bench/ab-endpoints.ts            (LOG=off: no logger; LOG=null: pino into a no-op stream)
// On the shared machine one slice can be twice another; the medians of interleaved slices moved far less.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { portalLogDestination } from '@club/api/plugins/request-log';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { benchMember } from './api.ts';
import { LoadGenerator } from './load.ts';

const SECONDS = Number(process.env.SECONDS ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const dataDir = mkdtempSync(join(tmpdir(), 'club-ab-endpoints-'));

function loggerOption(kind: string | undefined): FastifyServerOptions['logger'] {
  if (kind === 'off') return false;
  if (kind === 'null') return { level: 'info', stream: { write: () => true } };
  return { level: 'info', stream: portalLogDestination(join(dataDir, 'requests.log')) };
}

const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
const app = await buildApp({
  config: { ...configFromEnv({}), dataDir, serveWeb: false },
  store,
  queues: null,
  logger: loggerOption(process.env.LOG),
});
const cookie = await benchMember(app);
const portal = await app.listen({ port: 0, host: '127.0.0.1' });
const page = await fetch(`${portal}/api/user/trans/log/1`, { headers: { cookie } });
const body = Buffer.from(await page.arrayBuffer());
const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
bare.get('/buffer', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
const targets: Record<string, [string, Record<string, string>]> = {
  hello: [`${bareUrl}/hello`, {}],
  buffer9k: [`${bareUrl}/buffer`, {}],
  check: [`${portal}/api/user/check`, { cookie }],
  trans: [`${portal}/api/user/trans/log/1`, { cookie }],
  point: [`${portal}/api/user/point/log/1`, { cookie }],
};
const chosen = (process.env.TARGETS ?? Object.keys(targets).join(',')).split(',');
const generator = new LoadGenerator();

async function measure(name: string, seconds = SECONDS) {
  const [url, headers] = targets[name]!;
  const before = process.cpuUsage();
  const load = await generator.run({ url, connections: 10, durationSeconds: seconds, headers });
  const used = process.cpuUsage(before);
  return { rps: load.requestsPerSecond, us: (used.user + used.system) / (load.requestsPerSecond * seconds) };
}

try {
  for (const name of chosen) await measure(name, 1);
  const samples: Record<string, { us: number[]; rps: number[] }> = {};
  for (let round = 0; round < ROUNDS; round += 1)
    for (const name of round % 2 ? [...chosen].reverse() : chosen) {
      const figure = await measure(name);
      samples[name] ??= { us: [], rps: [] };
      const sample = samples[name];
      sample.us.push(figure.us);
      sample.rps.push(figure.rps);
    }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const helloUs = median(samples.hello?.us ?? [Number.NaN]);
  for (const [name, sample] of Object.entries(samples))
    console.log(
      `${name.padEnd(9)} median ${median(sample.us).toFixed(1)} us/request (slices ${sample.us.map((us) => us.toFixed(0)).join(' ')}), ${Math.round(median(sample.rps))}/s, hello/this by CPU ${(helloUs / median(sample.us)).toFixed(2)}`,
    );
} finally {
  generator.close();
  await bare.close();
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
