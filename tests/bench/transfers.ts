// Member transfers through the API (PUT /api/user/transfer via app.inject, so sessions, guards, schemas,
// the ledger's two appends and the wait for the read models are all in) on the embedded SQLite store
// (synchronous=FULL, a file in a temp folder):
//   (a) single-account contention: concurrent transfers all debiting one funded account, so they
//       serialise on its stream revision (losers re-read and re-decide);
//   (b) many accounts: the same number of concurrent transfers, each worker between its own pair.
// Each figure is set against durable appends/s (one event per append, exact expected revision) measured
// on the same disk in the same run, taking turns with the transfer runs, because fsync speed drifts. A
// transfer is at least two durable appends (the debit, then the credit), so 0.5 is the ceiling of the
// ratio for one-at-a-time work; concurrency lets the API overlap them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import type { EventMetadata } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import type { FastifyInstance } from 'fastify';

const CONCURRENCY = 16;
const TRANSFERS_PER_RUN = 400;
const APPEND_COUNT = 500;
const APPEND_STREAMS = 100;
const FUNDS_NTD = 1_000_000;

const perSecond = (count: number, elapsedMs: number): number => Math.round((count * 1000) / elapsedMs);
const ratio = (value: number, baseline: number): number => Number((value / baseline).toFixed(3));
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Durable appends/s on a fresh file in `directory`: the baseline the transfer figures are set against. */
async function durableAppendsPerSecond(directory: string, round: number): Promise<number> {
  const store = openSqliteEventStore({
    file: join(directory, `appends-${round}.sqlite3`),
    synchronous: 'FULL',
  });
  try {
    const metadata: EventMetadata = {
      actor: '1',
      correlationId: randomUUID(),
      causationId: null,
      time: new Date().toISOString(),
    };
    const lastRevision = new Map<string, number>();
    const startedAt = performance.now();
    for (let index = 0; index < APPEND_COUNT; index += 1) {
      const stream = `account-${index % APPEND_STREAMS}`;
      const event = { id: randomUUID(), type: 'BenchAppended', data: { index }, metadata };
      const result = await store.append(stream, [event], lastRevision.get(stream) ?? 'no_stream');
      lastRevision.set(stream, result.lastRevision);
    }
    return perSecond(APPEND_COUNT, performance.now() - startedAt);
  } finally {
    await store.close();
  }
}

interface Member {
  pk: number;
  cookie: string;
}

let registered = 0;
async function member(app: FastifyInstance): Promise<Member> {
  const index = ++registered;
  const mobile = `09${String(20_000_000 + index)}`;
  const register = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { scope: 'main' },
    payload: {
      identity: 1,
      name: `Bench ${index}`,
      sex: '1',
      stuid: `B${String(20_000_000 + index)}`,
      email: `bench.transfer.${index}@example.com`,
      mobile,
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
    payload: { user: mobile, password: 'secret1' },
  });
  const body = login.json() as { status: string; user: { pk: number } };
  if (body.status !== 'ok') throw new Error(`bench login failed: ${login.body}`);
  return { pk: body.user.pk, cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** Staff cash pays the member (add value), as the addvalue counter would. */
async function fund(app: FastifyInstance, pk: number): Promise<void> {
  const { ledger, projections } = app.services;
  const result = await ledger.addValue({
    now: new Date(),
    actorPk: null,
    transferId: `bench-fund-${pk}`,
    staffPk: 1,
    userPk: pk,
    amountCents: FUNDS_NTD * 100,
  });
  if (!result.ok) throw new Error(`funding ${pk} refused: ${result.reason}`);
  await projections.waitFor(result.position);
}

/**
 * Runs TRANSFERS_PER_RUN transfers of 1 NTD with CONCURRENCY workers; worker i pays `pairs[i % n]`.
 * Returns transfers/s; every transfer must succeed.
 */
async function runTransfers(app: FastifyInstance, pairs: readonly [Member, Member][], label: string) {
  let next = 0;
  let failed = 0;
  const worker = async (workerIndex: number) => {
    const [payer, payee] = pairs[workerIndex % pairs.length]!;
    for (;;) {
      const index = next++;
      if (index >= TRANSFERS_PER_RUN) return;
      const response = await app.inject({
        method: 'PUT',
        url: '/api/user/transfer',
        headers: { scope: 'main', cookie: payer.cookie },
        payload: {
          touserid: payee.pk,
          amount: 1,
          summary: `bench ${label} ${index}`,
          requestId: `${label}-${index}`,
        },
      });
      if (response.json().status !== 'ok') failed += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  const elapsedMs = performance.now() - startedAt;
  if (failed > 0) throw new Error(`${label}: ${failed} of ${TRANSFERS_PER_RUN} transfers failed`);
  return perSecond(TRANSFERS_PER_RUN, elapsedMs);
}

export async function benchTransfers(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'club-bench-transfers-'));
  const store = openSqliteEventStore({ file: join(directory, 'events.sqlite3'), synchronous: 'FULL' });
  const config = { ...configFromEnv({}), dataDir: directory, serveWeb: false };
  const app = await buildApp({ config, store, queues: null, logger: false });
  try {
    // (a) one payer, paying a few payees in turn; (b) CONCURRENCY payers, each with its own payee.
    const hot = await member(app);
    const hotPayees = [await member(app), await member(app), await member(app), await member(app)];
    const pairs: [Member, Member][] = [];
    for (let index = 0; index < CONCURRENCY; index += 1) pairs.push([await member(app), await member(app)]);
    for (const payer of [hot, ...pairs.map(([payer]) => payer)]) await fund(app, payer.pk);

    // Warm up the routes, the caches and the file.
    await runTransfers(app, [[hot, hotPayees[0]!]], 'warmup');

    const appendRounds = [await durableAppendsPerSecond(directory, 0)];
    const contention = await runTransfers(
      app,
      hotPayees.map((payee) => [hot, payee] as [Member, Member]),
      'contention',
    );
    appendRounds.push(await durableAppendsPerSecond(directory, 1));
    const spread = await runTransfers(app, pairs, 'spread');
    appendRounds.push(await durableAppendsPerSecond(directory, 2));
    const appends = median(appendRounds);

    // The money must add up: every transfer landed, nothing is in flight, the accounts sum to zero.
    const { ledger } = app.services.projections.models;
    const total = [...ledger.balances.values()].reduce((sum, cents) => sum + cents, 0);
    if (total !== 0 || ledger.inFlightCents !== 0)
      throw new Error(`bench ledger does not add up: total ${total}, in flight ${ledger.inFlightCents}`);
    const hotBalance = ledger.balances.get(String(hot.pk));
    if (hotBalance !== (FUNDS_NTD - 2 * TRANSFERS_PER_RUN) * 100)
      throw new Error(
        `hot account balance ${hotBalance} is not what ${2 * TRANSFERS_PER_RUN} transfers leave`,
      );

    return {
      [`transfers/s, one account (${CONCURRENCY} concurrent)`]: contention,
      [`transfers/s, ${CONCURRENCY} account pairs (${CONCURRENCY} concurrent)`]: spread,
      'durable appends/s (same disk, this run)': appends,
      'one account vs durable appends (ratio)': ratio(contention, appends),
      'account pairs vs durable appends (ratio)': ratio(spread, appends),
    };
  } finally {
    await app.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
