// The room-booking helper through the whole app and a real booking host (the simulated university site)
// on the real Redis under this run's own prefix.
import { randomUUID } from 'node:crypto';
import { type RunningActPlaceHost, runActPlaceHost } from '@club/devices/actplace/host';
import { DeviceLink } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const redisUrl = redisUrlFromEnvironment();
const prefix = `test-actplace-${randomUUID().slice(0, 8)}`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let portal: TestPortal;
let link: DeviceLink;
let host: RunningActPlaceHost | null = null;
let booker: TestPerson;
let otherStaff: TestPerson;

type Row = { wishId: string; status: string; room: string | null; duplicatedCounter: number };
type Order = {
  wishId: string;
  outcome: string;
  room: string | null;
  tried: { room: string; answer: string }[];
};

async function startHost() {
  host = await runActPlaceHost({
    simulate: true,
    redisUrl,
    prefix,
    logger: quiet,
    simulator: { taken: ['sac-101'], delayMs: 5 },
    account: { account: 'club-account', password: 'club-pass' },
  });
  for (let i = 0; i < 100 && (await link.heartbeat('actplace')) === null; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  link = new DeviceLink({ url: redisUrl, prefix, logger: quiet });
  for (let i = 0; i < 100 && !link.isUp(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  portal = await createTestPortal({
    now: new Date('2026-11-23T09:30:00+08:00'),
    devices: link,
    config: { actplace: { actId: 'ACT-42', account: 'club-account', password: 'club-pass' } },
  });
  booker = await signUpStaff(portal, '場地幹部', ['actplace']);
  otherStaff = await signUpStaff(portal, '別的幹部');
});

afterAll(async () => {
  await host?.close();
  await portal?.close();
  await link?.close();
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length > 0) await admin.del(...keys);
  await closeRedisConnection(admin);
});

const add = (wishId: string, overrides: Record<string, unknown> = {}) =>
  booker.client.post('/api/admin/actplace', {
    clickormount: 'click',
    cmd: 'add',
    wishId,
    date: '2026-11-30',
    timeslot: 'evening',
    name: '暗房講座',
    ntup: 30,
    choicelist: ['sac-101', 'sac-102'],
    ...overrides,
  });

describe('POST /api/admin/actplace', () => {
  it('is only for staff with the actplace authority, who see the shared account', async () => {
    expect((await otherStaff.client.post('/api/admin/actplace', { clickormount: 'mount' })).statusCode).toBe(
      403,
    );
    const page = await booker.client.post('/api/admin/actplace', { clickormount: 'mount' });
    expect(page.body).toMatchObject({
      status: 'ok',
      actID: 'ACT-42',
      actAccount: 'club-account',
      actPassword: 'club-pass',
    });
    expect(page.body.buildingTimeMap).toMatchObject({ general: ['evening'] });
    // No booking host yet: nothing to say it is alive.
    expect(page.body.recentResult).toBeNull();
  });

  it('adds wishes, counts those for the same slot, and refuses with the reason codes', async () => {
    expect((await add('wish-a')).body.status).toBe('ok');
    const second = await add('wish-b', { name: '攝影社大會', choicelist: ['sac-101', 'gen-101'] });
    const rows = second.body.loglist as Row[];
    expect(rows.map((row) => [row.wishId, row.duplicatedCounter])).toEqual([
      ['wish-a', 1],
      ['wish-b', 1],
    ]);
    expect((await add('wish-c', { date: '2026-11-23' })).body).toMatchObject({
      status: 'fail',
      reason: 'past',
    });
    expect((await add('wish-c', { choicelist: ['lib-b1'] })).body).toMatchObject({
      status: 'fail',
      reason: 'room',
    });
    const seven = ['sac-101', 'sac-102', 'sac-201', 'sac-202', 'gen-101', 'gen-102', 'gen-201'];
    expect((await add('wish-c', { choicelist: seven })).body).toMatchObject({
      status: 'fail',
      reason: 'choices',
    });
    expect((await add('wish-a')).body).toMatchObject({ status: 'fail', reason: 'exists' });
    expect((await add('wish-c', { date: undefined })).statusCode).toBe(400);
  });

  it('reports the host down to the page (a run finds it unreachable and keeps the wishes), then books when it is up', async () => {
    const down = await booker.client.post('/api/admin/actplace', { clickormount: 'click', cmd: 'run' });
    expect(down.body.sent).toBe(2);
    expect((down.body.loglist as Row[]).map((row) => row.status)).toEqual(['pending', 'pending']);
    expect((down.body.orderAllList as Order[]).map((order) => order.outcome)).toEqual([
      'unreachable',
      'unreachable',
    ]);

    await startHost();
    const alive = await booker.client.post('/api/admin/actplace', { clickormount: 'mount' });
    expect(alive.body.recentResult).toMatchObject({ simulated: true, online: true });

    const run = await booker.client.post('/api/admin/actplace', { clickormount: 'click', cmd: 'run' });
    const rows = run.body.loglist as Row[];
    // sac-101 was taken on the site, so each wish is booked in its second choice.
    expect(rows.map((row) => [row.wishId, row.status, row.room])).toEqual([
      ['wish-a', 'booked', 'sac-102'],
      ['wish-b', 'booked', 'gen-101'],
    ]);
    const latest = (run.body.orderAllList as Order[]).slice(0, 2);
    for (const order of latest) expect(order.tried[0]).toEqual({ room: 'sac-101', answer: 'taken' });
    expect(host!.site!.bookings.get('sac-102@2026-11-30@evening')).toBeDefined();
  });

  it('withdraws only a pending wish', async () => {
    expect((await add('wish-d', { date: '2026-12-01' })).body.status).toBe('ok');
    const withdrawn = await booker.client.post('/api/admin/actplace', {
      clickormount: 'click',
      cmd: 'withdraw',
      wishId: 'wish-d',
    });
    expect((withdrawn.body.loglist as Row[]).map((row) => row.wishId)).not.toContain('wish-d');
    const booked = await booker.client.post('/api/admin/actplace', {
      clickormount: 'click',
      cmd: 'withdraw',
      wishId: 'wish-a',
    });
    expect(booked.body).toMatchObject({ status: 'fail', reason: 'notpending' });
  });
});
