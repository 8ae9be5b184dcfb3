import { Writable } from 'node:stream';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { MEMBER_REQUEST_DELAY_MS } from '@club/core/points/status';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { configFromEnv } from '../config.ts';
import { createTestPortal, signUp, type TestPortal } from '../testing.ts';

// The logged-in reads answer from a cache (views/read-cache.ts): a member must still see every change at
// once, whether an event made it or time alone (a point record taking effect, with no event written).

let portal: TestPortal;
afterEach(async () => {
  await portal?.close();
});

type Row = { status?: number; delta?: number; pk?: number };

describe('cached reads', () => {
  it('follow the clock across a point record taking effect, and back, with no event in between', async () => {
    portal = await createTestPortal();
    const member = await signUp(portal, '陳小華');
    const { points, projections } = portal.app.services;
    const requested = await points.request(
      {
        actorPk: member.pk,
        actorIsStaff: false,
        actorHasPointAuthority: false,
        workdate: '2026-11-22',
        recipientPk: member.pk,
        kind: 'club_room',
        reason: '社辦值班',
        amountHundredths: 100,
      },
      { now: portal.clock.now, actor: String(member.pk), correlationId: 'cached-reads-point' },
    );
    expect(requested.ok).toBe(true);
    await projections.waitFor(await portal.store.headPosition());
    const read = async () => {
      const check = await member.client.get('/api/user/check');
      const log = await member.client.get('/api/user/point/log/1');
      const user = check.body.user as { point: number };
      return { point: user.point, status: (log.body.loglist as Row[])[0]?.status };
    };
    const before = portal.clock.now;
    expect(await read()).toEqual({ point: 0, status: 1 });
    expect(await read()).toEqual({ point: 0, status: 1 }); // answered from the cache
    const position = projections.position;

    portal.clock.now = new Date(before.getTime() + MEMBER_REQUEST_DELAY_MS - 1);
    expect(await read()).toEqual({ point: 0, status: 1 });
    portal.clock.now = new Date(before.getTime() + MEMBER_REQUEST_DELAY_MS);
    expect(await read()).toEqual({ point: 1, status: 2 });
    portal.clock.now = before;
    expect(await read()).toEqual({ point: 0, status: 1 });
    expect(projections.position).toBe(position); // time alone moved the answers
  });

  it('show a transfer at once: the new row on the log page and the balance', async () => {
    portal = await createTestPortal();
    const payer = await signUp(portal, '林大同');
    const payee = await signUp(portal, '張美玲');
    const { ledger, projections } = portal.app.services;
    const topUp = await ledger.addValue({
      now: portal.clock.now,
      actorPk: null,
      transferId: 'cached-reads-top-up',
      staffPk: 1,
      userPk: payer.pk,
      amountCents: 50_000,
    });
    expect(topUp.ok).toBe(true);
    if (topUp.ok) await projections.waitFor(topUp.position);
    const page = async () => (await payer.client.get('/api/user/trans/log/1')).body.loglist as Row[];
    const balance = async () =>
      ((await payer.client.get('/api/user/check')).body.user as { balance: number }).balance;
    expect((await page()).map((row) => row.delta)).toEqual([500]);
    expect(await balance()).toBe(500);

    const paid = await payer.client.put('/api/user/transfer', {
      touserid: payee.pk,
      amount: 30,
      summary: '底片',
    });
    expect(paid.body.status).toBe('ok');
    expect((await page()).map((row) => row.delta)).toEqual([-30, 500]);
    expect(await balance()).toBe(470);
  });
});

describe('request log', () => {
  it('writes one line per request with its method, URL, status and time, and none on arrival', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const store = openSqliteEventStore({ file: ':memory:' });
    const app = await buildApp({
      config: {
        ...configFromEnv({}),
        dataDir: '/nonexistent',
        serveWeb: false,
        sessionSecret: 'x'.repeat(40),
      },
      store,
      queues: null,
      logger: { level: 'info', stream },
      sessionFile: ':memory:',
    });
    try {
      await app.inject({ method: 'GET', url: '/api/user/check' });
      await app.inject({ method: 'GET', url: '/api/nope?x=1' });
      const requests = lines.filter((line) => line.reqId !== undefined);
      expect(requests.map((line) => line.msg)).not.toContain('incoming request');
      const completed = requests.filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => [line.method, line.url, line.statusCode])).toEqual([
        ['GET', '/api/user/check', 200],
        ['GET', '/api/nope?x=1', 404],
      ]);
      for (const line of completed) {
        expect(typeof line.responseTime).toBe('number');
        expect(line.remoteAddress).toBe('127.0.0.1');
      }
    } finally {
      await app.close();
      await store.close();
    }
  });
});
