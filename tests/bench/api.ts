// GET /api/user/check (logged in, through sessions, guards and read models) against a bare Fastify hello
// route, both served and loaded the same way in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export async function benchApi(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-api-'));
  const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
  const config = { ...configFromEnv({}), dataDir, serveWeb: false };
  const app = await buildApp({ config, store, queues: null, logger: false });
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
  if (register.json().status !== 'ok') throw new Error(`bench registration failed: ${register.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { scope: 'main' },
    payload: { user: '0900000001', password: 'secret1' },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const portalUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  try {
    // Warm both up, then measure.
    await autocannon({ url: `${bareUrl}/hello`, connections: CONNECTIONS, duration: 1 });
    await autocannon({
      url: `${portalUrl}/api/user/check`,
      connections: CONNECTIONS,
      duration: 1,
      headers: { cookie },
    });
    const hello = await load(`${bareUrl}/hello`);
    const check = await load(`${portalUrl}/api/user/check`, { cookie });
    return {
      'GET /api/user/check req/s': Math.round(check),
      'bare Fastify hello req/s': Math.round(hello),
      'user/check vs hello (ratio)': Number((check / hello).toFixed(3)),
    };
  } finally {
    await bare.close();
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
