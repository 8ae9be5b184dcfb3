// The read path: logged-in GET /api/user/check, the transaction log page and the point log page (through
// sessions, guards, read models and response schemas) against a bare Fastify hello route, both served by
// this process and loaded the same way from another process (load.ts: wrk when it is installed, else
// autocannon) with the same load tool and connections, each endpoint right after its own hello run. Then
// each read endpoint again at half its peak rate (autocannon, which can hold a rate), for the tail: p99
// against p50. The portal logs every request as in production, to a file.
// Beside req/s, the server's CPU time per request (this process's user + system time over the run, which
// serves one of the two apps at a time, log writes on libuv's pool included): other processes on the
// shared machine take wall time from both sides unevenly, but hardly change the CPU a request costs, so
// hello's CPU per request over the endpoint's is the same ratio with less noise.
// A third side, for reading the ratios: the bare Fastify app answering the endpoint's own body (its bytes,
// taken from the portal once) with no session, guard, model or log. What a log page's 9 KB costs to send
// on loopback is in that figure and in the endpoint's alike, so the endpoint against it is the portal's
// own share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { portalLogDestination } from '@club/api/plugins/request-log';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { taipeiDate } from '@club/core/semester';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Load, LoadGenerator } from './load.ts';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
/** Enough history that a log page is a full page of 20 rows. */
const BENCH_TRANSACTIONS = 30;
const BENCH_POINT_RECORDS = 25;

/** A member with a page of transactions and of point records, logged in; returns the cookie. */
export async function benchMember(app: FastifyInstance): Promise<string> {
  const register = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { scope: 'main' },
    payload: {
      identity: 1,
      name: 'Bench',
      sex: '1',
      stuid: 'B00000001',
      email: 'bench@example.com',
      mobile: '0900000001',
      password: 'secret1',
      password2: 'secret1',
      ruleagree: true,
    },
  });
  const body = register.json() as { status: string; user?: { pk: number } };
  if (body.status !== 'ok') throw new Error(`bench registration failed: ${register.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { scope: 'main' },
    payload: { user: '0900000001', password: 'secret1' },
  });
  const pk = (login.json() as { user: { pk: number } }).user.pk;
  const { ledger, points, projections } = app.services;
  const now = new Date();
  for (let index = 0; index < BENCH_TRANSACTIONS; index += 1) {
    const result = await ledger.addValue({
      now,
      actorPk: null,
      transferId: `bench-read-${index}`,
      staffPk: 1,
      userPk: pk,
      amountCents: 10_000,
    });
    if (!result.ok) throw new Error(`bench top-up refused: ${result.reason}`);
  }
  for (let index = 0; index < BENCH_POINT_RECORDS; index += 1) {
    const workdate = taipeiDate(new Date(now.getTime() - index * 24 * 60 * 60 * 1000));
    const result = await points.request(
      {
        actorPk: 1,
        actorIsStaff: true,
        actorHasPointAuthority: true,
        workdate,
        recipientPk: pk,
        kind: 'club_room',
        reason: `社辦值班 ${index}`,
        amountHundredths: 100,
      },
      { now, actor: '1', correlationId: `bench-points-${index}` },
    );
    if (!result.ok) throw new Error(`bench points refused: ${JSON.stringify(result)}`);
  }
  await projections.waitFor(await app.services.store.headPosition());
  return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function benchApi(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-api-'));
  const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
  const config = { ...configFromEnv({}), dataDir, serveWeb: false };
  // The portal logs every request as in production (pino at info, one line per request, through the
  // production destination: buffered, asynchronous), into a file.
  const logger = {
    level: 'info',
    stream: portalLogDestination(join(dataDir, 'requests.log')),
  };
  const app = await buildApp({ config, store, queues: null, logger });
  const cookie = await benchMember(app);
  const portalUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const endpoints = {
    'GET /api/user/check': '/api/user/check',
    'GET /api/user/trans/log/1': '/api/user/trans/log/1',
    'GET /api/user/point/log/1': '/api/user/point/log/1',
  };
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  const sameBytes = new Map<string, { route: string; bytes: number }>();
  for (const [index, path] of Object.values(endpoints).entries()) {
    const answer = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode}`);
    const body = answer.rawPayload;
    sameBytes.set(path, { route: `/same-bytes/${index}`, bytes: body.length });
    bare.get(`/same-bytes/${index}`, (_request, reply) => {
      reply.type('application/json; charset=utf-8').send(body);
    });
  }
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const generator = new LoadGenerator();
  const load = (url: string, headers: Record<string, string>, overallRate?: number): Promise<Load> =>
    generator.run({ url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, headers, overallRate });
  /** A load run and this process's CPU microseconds per request during it. */
  const loadWithCpu = async (url: string, headers: Record<string, string>) => {
    const before = process.cpuUsage();
    const result = await load(url, headers);
    const used = process.cpuUsage(before);
    const requests = result.requestsPerSecond * DURATION_SECONDS;
    return { ...result, cpuMicrosPerRequest: (used.user + used.system) / Math.max(requests, 1) };
  };
  try {
    // Warm both up, then measure.
    await generator.run({
      url: `${bareUrl}/hello`,
      connections: CONNECTIONS,
      durationSeconds: 1,
      headers: {},
    });
    for (const path of Object.values(endpoints))
      await generator.run({
        url: `${portalUrl}${path}`,
        connections: CONNECTIONS,
        durationSeconds: 1,
        headers: { cookie },
      });
    // The machine is shared, so its speed drifts within a run: each endpoint is measured right after its
    // own hello run, and its ratio is to that one.
    const figures: Record<string, number | string> = {
      'load tool, peak rates / half peak': `${generator.peakTool} / autocannon`,
    };
    for (const [name, path] of Object.entries(endpoints)) {
      const hello = await loadWithCpu(`${bareUrl}/hello`, {});
      const bytes = sameBytes.get(path)!;
      const sameBody = await loadWithCpu(`${bareUrl}${bytes.route}`, {});
      const peak = await loadWithCpu(`${portalUrl}${path}`, { cookie });
      const half = await load(`${portalUrl}${path}`, { cookie }, Math.round(peak.requestsPerSecond / 2));
      figures[`${name}: bare Fastify hello req/s just before`] = Math.round(hello.requestsPerSecond);
      figures[`${name} req/s`] = Math.round(peak.requestsPerSecond);
      figures[`${name} vs hello (ratio, >= 0.5)`] = round(peak.requestsPerSecond / hello.requestsPerSecond);
      figures[`${name}: server CPU us per request, hello / endpoint`] =
        `${round(hello.cpuMicrosPerRequest, 1)} / ${round(peak.cpuMicrosPerRequest, 1)}`;
      figures[`${name} vs hello by CPU per request (ratio)`] = round(
        hello.cpuMicrosPerRequest / peak.cpuMicrosPerRequest,
      );
      figures[`${name}: bare Fastify sending its body (${bytes.bytes} bytes) req/s`] = Math.round(
        sameBody.requestsPerSecond,
      );
      figures[`${name}: its body from bare Fastify vs hello (ratio)`] = round(
        sameBody.requestsPerSecond / hello.requestsPerSecond,
      );
      figures[`${name} vs its body from bare Fastify (ratio)`] = round(
        peak.requestsPerSecond / sameBody.requestsPerSecond,
      );
      figures[`${name} at half peak: p50 / p99 ms`] = `${half.p50Ms} / ${half.p99Ms}`;
      figures[`${name} at half peak: p99 / p50 (<= 10)`] = round(half.p99Ms / Math.max(half.p50Ms, 1), 1);
    }
    return figures;
  } finally {
    generator.close();
    await bare.close();
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
