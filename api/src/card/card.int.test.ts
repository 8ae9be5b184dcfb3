// Card login at the counter with real parts: the card reader host runs as its own process (simulated
// reader), its reads travel through real Redis, and the portal (real SQLite) logs the member in on the
// kiosk browser bound to that reader.
import { randomUUID } from 'node:crypto';
import { type CardHostProcess, startCardHostProcess } from '@club/devices/card/testing';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const prefix = `test-card-${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let queues: QueueService;
let host: CardHostProcess;
let staff: TestPerson;
let member: TestPerson;

beforeAll(async () => {
  queues = new QueueService({ url: redisUrl, prefix, logger: quiet });
  portal = await createTestPortal({ queues, now: new Date() });
  host = await startCardHostProcess({ prefix, redisUrl });
  staff = await signUpStaff(portal, '櫃台值班', ['user']);
  member = await signUp(portal, '刷卡社員');
}, 60_000);

afterAll(async () => {
  await host?.stop();
  await portal?.close();
  await queues?.close();
  const cleanup = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const keys = await cleanup.keys(`${prefix}:*`);
  if (keys.length > 0) await cleanup.del(...keys);
  await closeRedisConnection(cleanup);
});

describe('POST /api/admin/user/card', () => {
  it('registers a 10-digit card id, keeps it unique, and frees a replaced one', async () => {
    const other = await signUp(portal, '另一位社員');
    const bad = await staff.client.post('/api/admin/user/card', { pk: member.pk, cardid: '12345' });
    expect(bad.body).toEqual({ status: 'fail', reason: 'card_format' });
    const first = await staff.client.post('/api/admin/user/card', { pk: member.pk, cardid: '1000000001' });
    expect(first.body).toEqual({ status: 'ok', cardid: '1000000001' });
    const taken = await staff.client.post('/api/admin/user/card', { pk: other.pk, cardid: '1000000001' });
    expect(taken.body).toEqual({ status: 'fail', reason: 'duplicated_card' });
    // The card was lost: a new one replaces it, and the old id is free again.
    const replaced = await staff.client.post('/api/admin/user/card', { pk: member.pk, cardid: '1000000002' });
    expect(replaced.body.status).toBe('ok');
    const reused = await staff.client.post('/api/admin/user/card', { pk: other.pk, cardid: '1000000001' });
    expect(reused.body.status).toBe('ok');
    const shown = await staff.client.get(`/api/admin/user/card/${member.pk}`);
    expect(shown.body).toEqual({ status: 'ok', cardid: '1000000002' });
  });

  it('is for staff with the user authority only', async () => {
    const refused = await member.client.post('/api/admin/user/card', { pk: member.pk, cardid: '1000000009' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/card/kiosk/wait', () => {
  it('logs the member in on the kiosk bound to the reader (method 2, scope 1), and only there', async () => {
    const kiosk = portal.client();
    // A staff member at the counter binds this browser, then leaves it to the members.
    const staffLogin = await kiosk.post('/api/user/login', { user: staff.mobile, password: 'secret1' });
    expect(staffLogin.body.status).toBe('ok');
    const bound = await kiosk.post('/api/admin/card/kiosk', { reader: 'counter' });
    expect(bound.body).toEqual({ status: 'ok', reader: 'counter' });
    expect((await kiosk.get('/api/card/kiosk')).body).toEqual({ status: 'ok', reader: 'counter' });

    // Another browser bound to another reader, and one bound to none, wait at the same time.
    const elsewhere = portal.client();
    await elsewhere.post('/api/user/login', { user: staff.mobile, password: 'secret1' });
    await elsewhere.post('/api/admin/card/kiosk', { reader: 'darkroom' });
    const unbound = portal.client();
    expect((await unbound.get('/api/card/kiosk/wait?wait=1')).body).toEqual({
      status: 'fail',
      reason: 'notkiosk',
    });

    const waiting = kiosk.get('/api/card/kiosk/wait?wait=15');
    const waitingElsewhere = elsewhere.get('/api/card/kiosk/wait?wait=5');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await host.read('1000000002');
    const answer = await waiting;
    expect(answer.body).toMatchObject({
      status: 'ok',
      reader: 'counter',
      result: 'login',
      user: { pk: member.pk },
    });
    const check = await kiosk.get('/api/user/check');
    expect(check.body.user).toMatchObject({ pk: member.pk, name: '刷卡社員' });
    expect((await waitingElsewhere).body).toMatchObject({ result: 'none', user: null });
    // The staff member's own session on the other browser is untouched.
    expect((await elsewhere.get('/api/user/check')).body.user).toMatchObject({ pk: staff.pk });

    const logins = (await portal.store.readAll()).filter(
      (event) => event.type === 'LoginAttempted' && (event.data as { method: number }).method === 2,
    );
    expect(logins.map((event) => event.data)).toEqual([
      expect.objectContaining({ userPk: member.pk, method: 2, scope: 1, status: 2 }),
    ]);
  }, 30_000);

  it('logs an unknown card as a failed attempt and logs nobody in', async () => {
    const kiosk = portal.client();
    await kiosk.post('/api/user/login', { user: staff.mobile, password: 'secret1' });
    await kiosk.post('/api/admin/card/kiosk', { reader: 'counter' });
    await kiosk.post('/api/user/logout');
    const waiting = kiosk.get('/api/card/kiosk/wait?wait=15');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await host.read('9999999999');
    expect((await waiting).body).toMatchObject({ result: 'unknown', user: null });
    expect((await kiosk.get('/api/user/check')).body.user).toBeNull();
    const failed = (await portal.store.readAll()).find(
      (event) =>
        event.type === 'LoginAttempted' && (event.data as { identifier: string }).identifier.endsWith('9999'),
    );
    expect(failed?.data).toMatchObject({ userPk: null, method: 2, scope: 1, status: 0 });
  }, 30_000);

  it('refuses a forged kiosk cookie', async () => {
    const forged = await portal.app.inject({
      method: 'GET',
      url: '/api/card/kiosk/wait?wait=1',
      headers: { cookie: 'club.kiosk=counter.AAAA' },
    });
    expect(forged.json()).toEqual({ status: 'fail', reason: 'notkiosk' });
  });
});
