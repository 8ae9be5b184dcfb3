// Member transfers through the API (PUT /api/user/transfer via app.inject, so sessions, guards, schemas,
// the ledger's two appends and the wait for the read models are all in) on the embedded SQLite store
// (synchronous=FULL, a file in a temp folder), with CONCURRENCY clients at once:
//   (a) single-account contention: every client debits one account, funded for exactly
//       CONTENTION_FUNDED_TRANSFERS transfers while more are asked for: the debits take turns on its
//       stream, exactly the funded number must succeed and the account must end at zero (no overdraft);
//   (b) many accounts: each client pays between its own pair of accounts.
// The baseline is grouped durable appends/s (CONCURRENCY appenders on their own streams, group commit)
// measured on the same disk in the same run, taking turns with the transfer runs because fsync speed
// drifts. A transfer needs two appends (the debit, then the credit), so the ceiling is half of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@club/api/app';
import { configFromEnv } from '@club/api/config';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import type { FastifyInstance } from 'fastify';
import { groupedAppendsPerSecond } from './store.ts';

const CONCURRENCY = 64;
const TRANSFERS_PER_RUN = 3_000;
const CONTENTION_FUNDED_TRANSFERS = 2_000;
const FUNDS_NTD = 1_000_000;

const perSecond = (count: number, elapsedMs: number): number => Math.round((count * 1000) / elapsedMs);
const ratio = (value: number, baseline: number): number => Number((value / baseline).toFixed(3));
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface Member {
  pk: number;
  cookie: string;
}

let registered = 0;
export async function member(app: FastifyInstance): Promise<Member> {
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
export async function fund(app: FastifyInstance, pk: number, amountNtd = FUNDS_NTD): Promise<void> {
  const { ledger, projections } = app.services;
  const result = await ledger.addValue({
    now: new Date(),
    actorPk: null,
    transferId: `bench-fund-${pk}`,
    staffPk: 1,
    userPk: pk,
    amountCents: amountNtd * 100,
  });
  if (!result.ok) throw new Error(`funding ${pk} refused: ${result.reason}`);
  await projections.waitFor(result.position);
}

/**
 * Runs `count` transfers of 1 NTD with CONCURRENCY workers; worker i pays `pairs[i % n]`. Returns the
 * transfers that succeeded per second, and how many were refused as over the balance.
 */
export async function runTransfers(
  app: FastifyInstance,
  pairs: readonly [Member, Member][],
  label: string,
  count = TRANSFERS_PER_RUN,
): Promise<{ perSecond: number; succeeded: number; overBalance: number; cpuUsPerTransfer: number }> {
  let next = 0;
  let succeeded = 0;
  let overBalance = 0;
  let failed = 0;
  const worker = async (workerIndex: number) => {
    const [payer, payee] = pairs[workerIndex % pairs.length]!;
    for (;;) {
      const index = next++;
      if (index >= count) return;
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
      const body = response.json() as { status: string; reason?: string };
      if (body.status === 'ok') succeeded += 1;
      else if (body.reason === 'insufficient_balance') overBalance += 1;
      else {
        failed += 1;
        if (failed === 1) console.error(`${label}: transfer refused: ${response.body}`);
      }
    }
  };
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  const elapsedMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  if (failed > 0) throw new Error(`${label}: ${failed} of ${count} transfers failed`);
  // CPU per asked transfer (the refused ones cost CPU too); includes the in-process clients' inject calls.
  const cpuUsPerTransfer = Number(((cpu.user + cpu.system) / count).toFixed(1));
  return { perSecond: perSecond(succeeded, elapsedMs), succeeded, overBalance, cpuUsPerTransfer };
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
    await fund(app, hot.pk, CONTENTION_FUNDED_TRANSFERS);
    for (const [payer] of pairs) await fund(app, payer.pk);

    // Warm up the routes, the caches, the file and the JIT on both shapes of load, as a running portal
    // is: with a short warm-up the first measured run (one account) paid for V8's compilation, at about
    // twice the CPU per transfer of the same run repeated.
    await runTransfers(app, pairs, 'warmup', 3_000);
    const warmHot = await member(app);
    await fund(app, warmHot.pk);
    await runTransfers(
      app,
      hotPayees.map((payee) => [warmHot, payee] as [Member, Member]),
      'warmup-one',
      2_000,
    );

    const appendRounds = [await groupedAppendsPerSecond(join(directory, 'appends-0.sqlite3'))];
    const asked = CONTENTION_FUNDED_TRANSFERS + 4 * CONCURRENCY;
    const contention = await runTransfers(
      app,
      hotPayees.map((payee) => [hot, payee] as [Member, Member]),
      'contention',
      asked,
    );
    appendRounds.push(await groupedAppendsPerSecond(join(directory, 'appends-1.sqlite3')));
    const spread = await runTransfers(app, pairs, 'spread');
    appendRounds.push(await groupedAppendsPerSecond(join(directory, 'appends-2.sqlite3')));
    const appends = median(appendRounds.map((round) => round.perSecond));
    const cpuPerAppend = median(appendRounds.map((round) => round.cpuUsPerAppend));
    const ceiling = appends / 2;

    // The money must add up: every transfer landed, nothing is in flight, the accounts sum to zero.
    const { ledger } = app.services.projections.models;
    const total = [...ledger.balances.values()].reduce((sum, cents) => sum + cents, 0);
    if (total !== 0 || ledger.inFlightCents !== 0)
      throw new Error(`bench ledger does not add up: total ${total}, in flight ${ledger.inFlightCents}`);
    // The one account was funded for exactly CONTENTION_FUNDED_TRANSFERS: any more successes, or a
    // balance below zero, would be an overdraft.
    const hotBalance = ledger.balances.get(String(hot.pk)) ?? 0;
    const overdrafts =
      Math.max(0, contention.succeeded - CONTENTION_FUNDED_TRANSFERS) + (hotBalance < 0 ? 1 : 0);
    if (contention.succeeded + contention.overBalance !== asked || hotBalance !== 0)
      throw new Error(
        `one account: ${contention.succeeded} succeeded, ${contention.overBalance} over the balance, balance ${hotBalance}`,
      );

    return {
      [`transfers/s, one account (${CONCURRENCY} concurrent)`]: contention.perSecond,
      'one account: succeeded / refused over balance': `${contention.succeeded} / ${contention.overBalance}`,
      'one account: overdrafts': overdrafts,
      [`transfers/s, ${CONCURRENCY} account pairs (${CONCURRENCY} concurrent)`]: spread.perSecond,
      [`grouped durable appends/s (${CONCURRENCY} appenders, this run)`]: Math.round(appends),
      'transfer ceiling from grouped appends (appends / 2)': Math.round(ceiling),
      'account pairs vs ceiling (ratio, >= 0.5)': ratio(spread.perSecond, ceiling),
      'one account vs ceiling (ratio)': ratio(contention.perSecond, ceiling),
      // Wall time swings with the other processes on a shared machine; CPU per operation moves less.
      'CPU us per transfer, one account / 64 pairs': `${contention.cpuUsPerTransfer} / ${spread.cpuUsPerTransfer}`,
      'CPU us per grouped append (a transfer needs two)': cpuPerAppend,
      '64 pairs vs ceiling by CPU (2 appends / transfer)': ratio(2 * cpuPerAppend, spread.cpuUsPerTransfer),
    };
  } finally {
    await app.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
