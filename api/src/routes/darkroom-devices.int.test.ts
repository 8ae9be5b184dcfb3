// Temperature and humidity, chemicals and the dispenser through the whole app on the real store, with the
// sensor and dispenser hosts running as their own processes (simulators) on real Redis under this run's
// own queue prefix.
import { randomUUID } from 'node:crypto';
import { spawnDarkroomHost, type SpawnedDarkroomHost } from '@club/devices/dispenser/spawn';
import { DeviceLink } from '@club/workers/device-link';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { defineClubChemicals } from '../darkroom/catalogue.ts';
import { collectStaffWarnings } from '../warnings/index.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const redisUrl = redisUrlFromEnvironment();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const prefix = `test-darkroom-${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let bare: TestPortal;
let link: DeviceLink;
let queues: QueueService;
let sensors: SpawnedDarkroomHost;
let dispenser: SpawnedDarkroomHost;
let controlUrl: string;
let staff: TestPerson;
let plainStaff: TestPerson;
let member: TestPerson;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const services = () => portal.app.services;
const chemical = (pk: number) => services().projections.models.darkroomDevices.chemicals.get(pk)!;

beforeAll(async () => {
  sensors = spawnDarkroomHost({
    device: 'sensors',
    prefix,
    redisUrl,
    env: { SENSOR_INTERVAL_MS: '300', SENSOR_GAP_RATE: '0' },
  });
  dispenser = spawnDarkroomHost({ device: 'dispenser', prefix, redisUrl, env: { DISPENSER_TICK_MS: '0' } });
  link = new DeviceLink({ url: redisUrl, prefix, logger: quiet });
  queues = new QueueService({ url: redisUrl, prefix, logger: quiet });
  // The sensor host reads the real clock, so this portal's clock follows it.
  portal = await createTestPortal({ devices: link, queues });
  const clock = portal.clock;
  Object.defineProperty(clock, 'now', { get: () => new Date(), configurable: true });
  bare = await createTestPortal();
  const context = { now: new Date(), actor: null, correlationId: 'test-chemicals' };
  await defineClubChemicals(services(), context);
  await defineClubChemicals(bare.app.services, context);
  staff = await signUpStaff(portal, '陳暗房', ['system']);
  plainStaff = await signUpStaff(portal, '王幹部');
  member = await signUp(portal, '林沖片');
  await recordMemberFeeByOperator(services(), member.pk);
  controlUrl = await dispenser.controlUrl();
  await until('both heartbeats', async () =>
    (await link.heartbeat('dispenser')) && (await link.heartbeat('sensors')) ? true : undefined,
  );
}, 90_000);

afterAll(async () => {
  await sensors?.stop();
  await dispenser?.stop();
  await portal?.close();
  await bare?.close();
  await link?.close();
  await queues?.close();
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await closeRedisConnection(admin);
});

describe('GET /api/admin/system/temprh and GET /go/flux/read/...', () => {
  it('shows the sensor host’s current reading, rounded, and today’s series in Taipei time', async () => {
    const sensor = await until('a current reading', async () => {
      const answer = await staff.client.get('/api/admin/system/temprh');
      const row = (answer.body.loglist as { status: string; temperature: number; humidity: number }[])[0];
      return row?.status === 'ok' ? row : undefined;
    });
    expect(Math.round(sensor.temperature * 10) / 10).toBe(sensor.temperature);
    expect(Number.isInteger(sensor.humidity)).toBe(true);
    const taipei = new Date(Date.now() + 8 * 3600_000);
    const [y, m, d] = [taipei.getUTCFullYear(), taipei.getUTCMonth() + 1, taipei.getUTCDate()];
    const series = await staff.client.get(`/go/flux/read/darkroom/temperature/${y}/${m}/${d}`);
    expect(series.body.status).toBe('ok');
    expect((series.body.series as unknown[]).length).toBeGreaterThan(0);
    const yesterday = await staff.client.get('/go/flux/read/darkroom/humidity/2020/1/1');
    expect(yesterday.body.series).toEqual([]);
    expect((await staff.client.get('/go/flux/read/darkroom/humidity/2026/2/30')).body.reason).toBe(
      'badrequest',
    );
  });

  it('answers the red notice when there is no current value, and is for staff with system only', async () => {
    const bareStaff = await signUpStaff(bare, '陳無感', ['system']);
    const answer = await bareStaff.client.get('/api/admin/system/temprh');
    expect(answer.body.loglist).toEqual([
      expect.objectContaining({ key: 'darkroom', status: 'unavailable', temperature: null, humidity: null }),
    ]);
    expect((await plainStaff.client.get('/api/admin/system/temprh')).statusCode).toBe(403);
    expect((await member.client.get('/go/flux/read/darkroom/temperature/2026/11/23')).statusCode).toBe(403);
  });

  it('lists an out-of-range reading as a system status problem', async () => {
    const now = services().now().getTime();
    services().sensorReadings.add({ sensor: 'darkroom', at: now + 30_000, temperature: 31.26, humidity: 80 });
    const status = await staff.client.get('/api/admin/system/status');
    const climate = (
      status.body.problem as { key: string; params: Record<string, unknown>; detail?: string }[]
    ).find((item) => item.key === 'climate');
    expect(climate).toMatchObject({ params: { state: 'outofrange', temperature: 31.3, humidity: 80 } });
    expect(climate?.detail).toBe('too_hot, too_humid');
  });
});

describe('GET and POST /api/admin/chemical2/...', () => {
  it('lists the chemicals with bottles and the replenish flag; the warning counts them', async () => {
    const list = await plainStaff.client.get('/api/admin/chemical2');
    const developer = (list.body.loglist as Record<string, unknown>[]).find((row) => row.pk === 4);
    expect(developer).toEqual({
      pk: 4,
      name: 'Multigrade developer',
      bottle: 0.8,
      volume: 800,
      bottle2ml: 1000,
      needRecycle: false,
      needReplenish: true,
      accurecyclevolume: 0,
    });
    expect(collectStaffWarnings(bare.app.services, new Date())).toContainEqual({
      kind: 'chemicalNeedReplenish',
      quantity: 1,
    });
    expect((await member.client.get('/api/admin/chemical2')).statusCode).toBe(403);
  });

  it("refuses a bottle count that is not a signed float ('please fill in new bottle count') and changes nothing", async () => {
    const before = chemical(2).log.length;
    for (const quantity of ['', 'two', '1e2', null]) {
      const answer = await plainStaff.client.post('/api/admin/chemical2/adjust/2', {
        operation: 3,
        quantity,
      });
      expect(answer.body).toEqual({ status: 'fail', reason: 'format' });
    }
    expect(
      (await plainStaff.client.post('/api/admin/chemical2/adjust/2', { operation: 3, quantity: '-1' })).body
        .reason,
    ).toBe('format');
    expect(
      (await plainStaff.client.post('/api/admin/chemical2/adjust/2', { operation: 1, quantity: '1' })).body
        .reason,
    ).toBe('operation');
    expect(
      (await plainStaff.client.post('/api/admin/chemical2/adjust/99', { operation: 3, quantity: '1' })).body
        .reason,
    ).toBe('notfound');
    expect(chemical(2).log.length).toBe(before);
  });

  it('replenishes and adjusts by bottles, each a log row; a retried request counts once', async () => {
    const replenished = await plainStaff.client.post('/api/admin/chemical2/adjust/2', {
      operation: 2,
      quantity: '+2',
      comment: '進貨',
      requestId: 'r-1',
    });
    expect(replenished.body).toMatchObject({ status: 'ok', obj: { volume: 2000, bottle: 4 } });
    const again = await plainStaff.client.post('/api/admin/chemical2/adjust/2', {
      operation: 2,
      quantity: '+2',
      comment: '進貨',
      requestId: 'r-1',
    });
    expect(again.body).toMatchObject({ status: 'ok', obj: { volume: 2000 } });
    const adjusted = await plainStaff.client.post('/api/admin/chemical2/adjust/2', {
      operation: 3,
      quantity: '1.5',
    });
    expect(adjusted.body).toMatchObject({ status: 'ok', obj: { volume: 750, bottle: 1.5 } });
    const log = await plainStaff.client.get('/api/admin/chemical2/log/2/1');
    expect(log.body.loglist).toMatchObject([
      { operation: 3, diffvolume: -1250, newvolume: 750, user: { pk: plainStaff.pk } },
      { operation: 2, diffvolume: 1000, newvolume: 2000, comment: '進貨' },
      { operation: 3, diffvolume: 1000, newvolume: 1000 },
    ]);
    expect((await plainStaff.client.get('/api/admin/chemical2/adjust/2')).body.obj).toMatchObject({
      volume: 750,
    });
  });
});

describe('POST /api/darkroom/dispense and the dispenser log', () => {
  const logRows = async () =>
    (await plainStaff.client.get('/api/admin/darkroom/dispense/log/1')).body.loglist as {
      pk: number;
      status: string;
      result: { ingredient: string; volume: number; status: string }[];
      timeelasped: number | null;
      source: string;
    }[];

  it('refuses unknown formulas, volumes and tanks', async () => {
    const start = (body: Record<string, unknown>) => member.client.post('/api/darkroom/dispense', body);
    expect((await start({ formula: 'Coffee', volume: 500, target: 'tank-1' })).body.reason).toBe('formula');
    expect((await start({ formula: 'D-76 1+1', volume: 50, target: 'tank-1' })).body.reason).toBe('volume');
    expect((await start({ formula: 'D-76 1+1', volume: '1.5', target: 'tank-1' })).body.reason).toBe(
      'volume',
    );
    expect((await start({ formula: 'D-76 1+1', volume: 500, target: 'sink' })).body.reason).toBe('target');
  });

  it('runs a formula on the dispenser host: finish, results per ingredient, and the chemical used', async () => {
    const before = chemical(1).volume;
    const started = await member.client.post('/api/darkroom/dispense', {
      formula: 'D-76 1+1',
      volume: 1000,
      target: 'tank-2',
      requestId: 'run-1',
    });
    expect(started.body.status).toBe('ok');
    const pk = started.body.pk as number;
    const row = await until('the run to finish', async () =>
      (await logRows()).find((r) => r.pk === pk && r.status === 'finish'),
    );
    expect(row.result.map((r) => [r.ingredient, r.status])).toEqual([
      ['D-76', 'finish'],
      ['water', 'finish'],
    ]);
    expect(row.result[0]!.volume).toBeGreaterThanOrEqual(498);
    expect(row.timeelasped).not.toBeNull();
    await until('the use event', () => (chemical(1).volume < before ? true : undefined));
    const use = chemical(1).log.at(-1)!;
    expect(use).toMatchObject({ operation: 1, userPk: member.pk });
    expect(-use.diffvolume).toBe(Math.round(row.result[0]!.volume));
    const detail = await plainStaff.client.get(`/api/admin/darkroom/dispense/resulthistory/${pk}`);
    const history = (detail.body.dispenser as { history: { status: string; stablecount: number }[] }).history;
    expect(history.at(-1)).toMatchObject({ status: 'finish', stablecount: 3 });
    // The same press again starts nothing new.
    const again = await member.client.post('/api/darkroom/dispense', {
      formula: 'D-76 1+1',
      volume: 1000,
      target: 'tank-2',
      requestId: 'run-1',
    });
    expect(again.body).toMatchObject({ status: 'ok', pk });
    expect((await logRows()).filter((r) => r.pk === pk)).toHaveLength(1);
  }, 60_000);

  it.each(['weightdrop', 'limitexceed', 'aborted'] as const)(
    'records a run the simulator fails with %s',
    async (mode) => {
      await fetch(`${controlUrl}/fail`, { method: 'POST', body: JSON.stringify({ mode }) });
      const started = await member.client.post('/api/darkroom/dispense', {
        formula: 'Rapid Fixer 1+4',
        volume: 500,
        target: 'tank-3',
      });
      const pk = started.body.pk as number;
      const row = await until(`the ${mode} run`, async () =>
        (await logRows()).find((r) => r.pk === pk && r.status !== 'init' && r.status !== 'dispense'),
      );
      expect(row.status).toBe(mode);
      expect(row.result.at(-1)?.status).toBe(mode);
    },
    60_000,
  );

  it('records a run started at the panel, with the member', async () => {
    const answer = await fetch(`${controlUrl}/start`, {
      method: 'POST',
      body: JSON.stringify({ userPk: member.pk, formula: 'Stop bath 1+19', volume: 400, target: 'tank-4' }),
    });
    const { dispenseId } = (await answer.json()) as { dispenseId: string };
    const row = await until('the panel run', () => {
      const found = services().projections.models.darkroomDevices.dispenseById.get(dispenseId);
      return found?.status === 'finish' ? found : undefined;
    });
    expect(row.run).toMatchObject({ source: 'device', userPk: member.pk, target: 'tank-4' });
  }, 60_000);

  it('logs a run as unreachable when the dispenser host is down, and answers servicedown', async () => {
    const member2 = await signUp(bare, '陳離線');
    await recordMemberFeeByOperator(bare.app.services, member2.pk);
    const answer = await member2.client.post('/api/darkroom/dispense', {
      formula: 'D-76 1+1',
      volume: 500,
      target: 'tank-1',
    });
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown' });
    const row = bare.app.services.projections.models.darkroomDevices.dispenseByPk.get(
      answer.body.pk as number,
    );
    expect(row?.status).toBe('unreachable');
    expect(bare.app.services.projections.models.darkroomDevices.chemicals.get(1)?.volume).toBe(7600);
  });

  it('is for members (start) and staff (log)', async () => {
    expect((await member.client.get('/api/admin/darkroom/dispense/log/1')).statusCode).toBe(403);
    expect(
      (await plainStaff.client.get('/api/admin/darkroom/dispense/resulthistory/999999')).body.reason,
    ).toBe('notfound');
    const formulas = await member.client.get('/api/darkroom/dispense/formulas');
    expect(formulas.body).toMatchObject({ status: 'ok', targets: ['tank-1', 'tank-2', 'tank-3', 'tank-4'] });
  });
});
