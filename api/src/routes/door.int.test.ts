// The door through the whole app and a real door host: a simulated host (devices/src/door/host.ts) on the
// real Redis under a prefix of this run's own, the API's device link on the same prefix.
import { randomUUID } from 'node:crypto';
import { runDoorHost, type RunningDoorHost } from '@club/devices/door/host';
import { semesterOf } from '@club/core/semester';
import { DeviceLink } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { followDoorOutcomes } from '../door/outcomes.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-door-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
/** 10:00 on a term day, Taipei time. */
const morning = new Date('2026-11-23T10:00:00+08:00');

let portal: TestPortal;
let link: DeviceLink;
let host: RunningDoorHost | null = null;
let member: TestPerson;

async function startHost(): Promise<RunningDoorHost> {
  host = await runDoorHost({
    simulate: true,
    redisUrl,
    prefix,
    logger: quiet,
    simulator: { relayDelayMs: 50 },
  });
  for (let i = 0; i < 100 && (await link.heartbeat('door')) === null; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return host;
}

beforeAll(async () => {
  link = new DeviceLink({ url: redisUrl, prefix, logger: quiet });
  for (let i = 0; i < 100 && !link.isUp(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  portal = await createTestPortal({ now: morning, devices: link });
  member = await signUp(portal, '開門社員');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
  await startHost();
});

afterAll(async () => {
  await host?.close();
  await portal.close();
  await link.close();
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length > 0) await admin.del(...keys);
  await closeRedisConnection(admin);
});

type Row = { pk: number; result: number | null; mine: boolean };

describe('POST /api/open/door', () => {
  it('opens the door for a member in the opening hours and lists the opening as theirs', async () => {
    const answer = await member.client.post('/api/open/door', { simple: false, requestId: 'press-1' });

    expect(answer.body).toMatchObject({ status: 'ok' });
    expect((answer.body.loglist as Row[])[0]).toMatchObject({ result: 1, mine: true });
    expect(host!.simulator!.openedRequestIds()).toHaveLength(1);
  });

  it('does not open twice for a retried press (same request id)', async () => {
    const before = host!.simulator!.openedRequestIds().length;
    const first = await member.client.post('/api/open/door', { requestId: 'press-2' });
    const again = await member.client.post('/api/open/door', { requestId: 'press-2' });

    expect(first.body.status).toBe('ok');
    expect(again.body.status).toBe('ok');
    expect(host!.simulator!.openedRequestIds().length).toBe(before + 1);
    expect((again.body.loglist as Row[]).filter((row) => row.mine)).toHaveLength(2);
  });

  it('refuses a member in the last 10 minutes with servicedown closed (result 2), and the door is not asked', async () => {
    portal.clock.now = new Date('2026-11-23T21:52:00+08:00');
    const before = host!.simulator!.openedRequestIds().length;
    try {
      const answer = await member.client.post('/api/open/door', { requestId: 'late' });

      expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown', detail: 'closed' });
      expect((answer.body.loglist as Row[])[0]).toMatchObject({ result: 2, mine: true });
      expect(host!.simulator!.openedRequestIds().length).toBe(before);
    } finally {
      portal.clock.now = morning;
    }
  });

  it('lets a non-member with the opendoor authority open until closing, and nobody else', async () => {
    const keeper = await signUp(portal, '管理員');
    const outsider = await signUp(portal, '路人');
    const granted = await portal.app.services.access.addGrant(
      {
        key: 'opendoor',
        userPk: keeper.pk,
        staffKeyword: null,
        actorAuthorities: ['auth'],
        semesters: [semesterOf(morning).tag],
      },
      { now: morning, actor: null, correlationId: 'grant-opendoor' },
    );
    expect(granted.ok).toBe(true);
    await portal.app.services.projections.waitFor(await portal.store.headPosition());
    portal.clock.now = new Date('2026-11-23T21:55:00+08:00');
    try {
      expect((await keeper.client.post('/api/open/door', { requestId: 'k1' })).body.status).toBe('ok');
      const refused = await outsider.client.post('/api/open/door', { requestId: 'o1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.body.reason).toBe('forbidden');
    } finally {
      portal.clock.now = morning;
    }
  });

  it('answers doorfailed (result 0) when the door host tries every attempt and the door stays offline', async () => {
    host!.simulator!.setOnline(false);
    try {
      const answer = await member.client.post('/api/open/door', { requestId: 'offline' });
      expect(answer.body).toMatchObject({ status: 'fail', reason: 'doorfailed' });
      expect((answer.body.loglist as Row[])[0]).toMatchObject({ result: 0 });
    } finally {
      host!.simulator!.setOnline(true);
    }
  });

  it('answers servicedown unreachable within 5 s when the door host is stopped, and logs result 0', async () => {
    await host!.close();
    host = null;
    const started = performance.now();
    const answer = await member.client.post('/api/open/door', { requestId: 'host-down' });
    const elapsedMs = performance.now() - started;

    expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown', detail: 'unreachable' });
    expect(elapsedMs).toBeLessThan(5_000);
    expect((answer.body.loglist as Row[])[0]).toMatchObject({ result: 0, mine: true });
    await startHost();
  });
});

describe('POST /api/open/door, late and lost outcomes', () => {
  it('corrects an unreachable answer to opened when the slow door finishes after the 4 s', async () => {
    await host!.close();
    host = await runDoorHost({
      simulate: true,
      redisUrl,
      prefix,
      logger: quiet,
      simulator: { relayDelayMs: 5_000 },
    });
    try {
      for (let i = 0; i < 100 && (await link.heartbeat('door')) === null; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      const answer = await member.client.post('/api/open/door', { requestId: 'slow-relay' });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown', detail: 'unreachable' });

      // The relay finishes a second later; the outcome report corrects the attempt.
      const { doorLog } = portal.app.services.projections.models;
      const requestId = [...doorLog.byRequestId.keys()].at(-1)!;
      await vi.waitFor(
        () => expect(doorLog.rows[doorLog.byRequestId.get(requestId)!]!.cause).toBe('opened_late'),
        {
          timeout: 5_000,
        },
      );
      expect(doorLog.rows[doorLog.byRequestId.get(requestId)!]!.result).toBe(1);
    } finally {
      await host!.close();
      await startHost();
    }
  });

  it('settles an attempt left waiting by a crash mid-call when the API starts following outcomes', async () => {
    const services = portal.app.services;
    const crashing = { open: async () => Promise.reject(new Error('the API process died here')) };
    const attempt = {
      requestId: 'door-crashed-1',
      userPk: member.pk,
      simple: false,
      opener: 'member' as const,
    };
    await expect(
      services.door.open(attempt, crashing, {
        now: morning,
        actor: String(member.pk),
        correlationId: 'crash',
      }),
    ).rejects.toThrow(/died/);
    await services.projections.waitFor(await portal.store.headPosition());
    expect(services.projections.models.doorLog.pending.has('door-crashed-1')).toBe(true);

    await followDoorOutcomes(services, link);
    await services.projections.waitFor(await portal.store.headPosition());

    // The job was never queued: the door did not open for it.
    const { doorLog } = services.projections.models;
    expect(doorLog.pending.has('door-crashed-1')).toBe(false);
    expect(doorLog.rows[doorLog.byRequestId.get('door-crashed-1')!]).toMatchObject({
      result: 0,
      cause: 'unreachable',
    });
  });
});

describe('GET /api/open/door', () => {
  it('lists the recent openings without names and today’s hours for a member', async () => {
    const answer = await member.client.get('/api/open/door');

    expect(answer.body).toMatchObject({
      status: 'ok',
      hours: { period: 'term', opens: '08:00', lastopen: '21:50', closes: '22:00' },
    });
    const rows = answer.body.loglist as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['mine', 'pk', 'result', 'timestamp']);
  });
});

describe('GET /api/admin/system/opendoor/log/:page', () => {
  it('shows staff with the system authority every attempt with its person and result, newest first', async () => {
    const keeper = await signUpStaff(portal, '系統幹部', ['system']);
    const answer = await keeper.client.get('/api/admin/system/opendoor/log/1');

    expect(answer.body.status).toBe('ok');
    const rows = answer.body.loglist as { user: { name: string }; result: number; cause: string }[];
    // Newest first: the crashed attempt, the slow relay (corrected), host down, offline, the keeper, late, two presses.
    expect(rows.map((row) => row.result)).toEqual([0, 1, 0, 0, 1, 2, 1, 1]);
    expect(rows.map((row) => row.cause)).toEqual([
      'unreachable',
      'opened_late',
      'unreachable',
      'failed',
      'opened',
      'closed',
      'opened',
      'opened',
    ]);
    expect(rows[7]!.user.name).toBe('開門社員');
    expect(answer.body.pager).toEqual({ totalrows: 8, rowsperpage: 20, page: 1 });
  });

  it('is refused to staff without the system authority', async () => {
    const staff = await signUpStaff(portal, '一般幹部');
    expect((await staff.client.get('/api/admin/system/opendoor/log/1')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/queues (the queue board)', () => {
  it('shows staff with the system authority the board and every queue, the door queue with its jobs', async () => {
    const keeper = await signUpStaff(portal, '看佇列幹部', ['system']);
    // The page is HTML, which the JSON test client cannot read: Fastify is asked directly with the cookie.
    const cookie = `club.sid=${keeper.client.sessionCookie()}`;
    const html = await portal.app.inject({ method: 'GET', url: '/api/admin/queues', headers: { cookie } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    const api = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/queues/api/queues',
      headers: { cookie },
    });
    expect(api.statusCode).toBe(200);
    const queues = api.json().queues as {
      name: string;
      readOnlyMode: boolean;
      counts: Record<string, number>;
    }[];
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(['device-door', 'device-label', 'label-render']),
    );
    const door = queues.find((queue) => queue.name === 'device-door')!;
    expect(door.readOnlyMode).toBe(true);
    expect(door.counts.completed).toBeGreaterThan(0);
    expect(door.counts.failed).toBeGreaterThan(0);
  });

  it('is refused to staff without the system authority and to people not signed in', async () => {
    const staff = await signUpStaff(portal, '沒系統權限幹部');
    const cookie = `club.sid=${staff.client.sessionCookie()}`;
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/admin/queues', headers: { cookie } })).statusCode,
    ).toBe(403);
    expect((await portal.app.inject({ method: 'GET', url: '/api/admin/queues/api/queues' })).statusCode).toBe(
      401,
    );
  });
});
