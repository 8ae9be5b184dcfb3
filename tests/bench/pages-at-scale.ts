// Every GET call of the API on the big log (big-log.ts, a million events), as a staff member holding every
// authority: which answers grow with the club's years. The portal runs in this process on a copy of the
// log (the read models replayed from zero); each call is answered 3 times to warm up, then timed 5 times
// through app.inject, and its median is set against GET /api/user/check's on the same portal (the
// cheapest logged-in read). The slowest are printed; so is the size of the picker's list of everyone,
// as sent and compressed (plugins/compression.ts).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { makeStaffByOperator, recordMemberFeeByOperator } from '@club/api/bootstrap';
import { configFromEnv } from '@club/api/config';
import { allEndpoints } from '@club/api/contracts/index';
import { authorityKeys } from '@club/core/access/authorities';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { semesterOf } from '@club/core/semester';
import type { FastifyInstance } from 'fastify';
import { clubLogFile } from './big-log.ts';
import { BIG_LOG_EVENTS } from './rebuild.ts';

const WARM_UPS = 3;
const TIMED = 5;
const SHOWN = 8;
/** The big log's first staff member: the account with the most transfers and points given. */
const BUSIEST_PK = 101;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Registers, pays the member fee and joins the staff with every authority; the session cookie. */
async function staffCookie(app: FastifyInstance): Promise<string> {
  const mobile = '0999999999';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { scope: 'main' },
    payload: {
      identity: 1,
      name: 'Bench staff',
      sex: '1',
      stuid: 'Z99999999',
      email: 'bench-staff@example.com',
      mobile,
      password: 'secret1',
      password2: 'secret1',
      ruleagree: true,
    },
  });
  if (registered.json().status !== 'ok') throw new Error(`registration refused: ${registered.body}`);
  const login = async () =>
    app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { scope: 'main' },
      payload: { user: mobile, password: 'secret1' },
    });
  const pk = (await login()).json().user.pk as number;
  await recordMemberFeeByOperator(app.services, pk);
  await makeStaffByOperator(app.services, pk, '社長', authorityKeys);
  await app.services.projections.waitFor(await app.services.store.headPosition());
  // A new login, so that the session's facts hold the membership and the authorities.
  const cookies = (await login()).cookies as Array<{ name: string; value: string }>;
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function benchPagesAtScale(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-pages-'));
  copyFileSync(await clubLogFile(BIG_LOG_EVENTS), join(dataDir, 'events.sqlite3'));
  const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
  const app = await buildApp({
    config: { ...configFromEnv({}), dataDir, serveWeb: false },
    store,
    queues: null,
    logger: false,
  });
  try {
    await app.services.projections.waitFor(await store.headPosition());
    const cookie = await staffCookie(app);
    const now = app.services.now();
    const values: Record<string, string> = {
      page: '1',
      pk: String(BUSIEST_PK),
      year: String(now.getUTCFullYear()),
      month: String(now.getUTCMonth() + 1),
      semester: semesterOf(now).tag,
      filter: 'all',
      tab: 'all',
    };
    const timed = async (url: string, acceptEncoding?: string) => {
      const answer = () =>
        app.inject({
          method: 'GET',
          url,
          headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        });
      for (let run = 0; run < WARM_UPS; run += 1) await answer();
      const times: number[] = [];
      let last = await answer();
      for (let run = 0; run < TIMED; run += 1) {
        const startedAt = performance.now();
        last = await answer();
        times.push(performance.now() - startedAt);
      }
      return { ms: median(times), status: last.statusCode, bytes: last.rawPayload.length };
    };

    const check = await timed('/api/user/check');
    const gets = allEndpoints.filter((call) => call.method === 'GET');
    const rows: Array<{ url: string; ms: number }> = [];
    for (const call of gets) {
      // Fastify's `:name` and `:name?` parameters, filled with a value that names something on this log.
      const url = `/api${call.path.replace(/:(\w+)\??/g, (_match, name: string) => values[name] ?? '1')}`;
      const result = await timed(url);
      if (result.status === 200) rows.push({ url, ms: result.ms });
    }
    rows.sort((a, b) => b.ms - a.ms);
    const picker = await timed('/api/typeahead2/user');
    const pickerCompressed = await timed('/api/typeahead2/user', 'gzip, deflate, br');

    const figures: Record<string, number | string> = {
      'GET calls answering 200 here (of all GET calls)': `${rows.length} of ${gets.length}`,
      'GET /api/user/check on this log (ms, median of 5)': round(check.ms, 2),
    };
    for (const row of rows.slice(0, SHOWN))
      figures[`${row.url} (ms; vs the check)`] = `${round(row.ms, 1)}; ${round(row.ms / check.ms, 1)}`;
    figures['GET calls over 50 ms'] = rows.filter((row) => row.ms > 50).length;
    figures["picker's list of everyone: bytes sent, plain / br"] =
      `${picker.bytes.toLocaleString('en')} / ${pickerCompressed.bytes.toLocaleString('en')}`;
    return figures;
  } finally {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
