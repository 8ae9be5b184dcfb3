// Label printing through the whole app on the real SQLite store, with the label printer host running as
// its own process on real Redis under this run's own queue prefix.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SpawnedLabelHost, spawnLabelHost } from '@club/devices/label/spawn';
import { DeviceLink, heartbeatKey } from '@club/workers/device-link';
import { closeRedisConnection, createRedisConnection, redisUrlFromEnvironment } from '@club/workers/redis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { portalProjections, rebuildAll } from '@club/projections';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const redisUrl = redisUrlFromEnvironment();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const prefix = `test-labels-${randomUUID().slice(0, 8)}`;
const downPrefix = `${prefix}-down`;
const outputDir = mkdtempSync(join(tmpdir(), 'labels-int-'));

let portal: TestPortal;
let downPortal: TestPortal;
let link: DeviceLink;
let downLink: DeviceLink;
let host: SpawnedLabelHost;
let member: TestPerson;
let staff: TestPerson;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const services = () => portal.app.services;
const balanceCents = (pk: number) => services().projections.models.ledger.balances.get(String(pk)) ?? 0;

async function topUp(pk: number, amountCents: number) {
  const added = await services().ledger.addValue({
    transferId: `labels-topup-${pk}-${randomUUID()}`,
    staffPk: staff.pk,
    userPk: pk,
    amountCents,
    now: portal.clock.now,
    actorPk: staff.pk,
  });
  expect(added.ok).toBe(true);
  if (added.ok) await services().projections.waitFor(added.position);
}

const draw = (client: TestPerson['client'], body: Record<string, unknown>) =>
  client.post('/api/label/draw', body);

async function drawnUserLabel(person: TestPerson, extra: Record<string, unknown> = {}) {
  const drawn = await draw(person.client, { kind: 'user', pk: person.pk, ...extra });
  expect(drawn.body.status).toBe('ok');
  return (drawn.body.barcode as { datauri: string }).datauri;
}

const logRow = (printId: string) => services().projections.models.labelPrintLog.byPrintId.get(printId);

beforeAll(async () => {
  host = spawnLabelHost({ prefix, outputDir, redisUrl, rollSize: 25, msPerSheet: 5 });
  link = new DeviceLink({ url: redisUrl, prefix, logger: quiet });
  downLink = new DeviceLink({ url: redisUrl, prefix: downPrefix, logger: quiet });
  portal = await createTestPortal({ devices: link });
  downPortal = await createTestPortal({ devices: downLink });
  staff = await signUpStaff(portal, '陳系統', ['system']);
  member = await signUp(portal, '林小印');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
  await until('the label host heartbeat', async () =>
    (await link.heartbeat('label')) === null ? undefined : true,
  );
}, 60_000);

afterAll(async () => {
  await host?.stop();
  await portal?.close();
  await downPortal?.close();
  await link?.close();
  await downLink?.close();
  const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  for (const pattern of [`${prefix}:*`, `${downPrefix}:*`, `${prefix}-late:*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  await closeRedisConnection(admin);
});

describe('POST /api/label/draw', () => {
  it('draws a user label as a PNG the browser can show', async () => {
    const drawn = await draw(member.client, {
      kind: 'user',
      pk: member.pk,
      comment: '  相機包  ',
      datetoday: true,
      expdate: '2027/5',
      rounded: true,
    });
    expect(drawn.body).toMatchObject({ status: 'ok', expdatelist: [], comment: '相機包' });
    const datauri = (drawn.body.barcode as { datauri: string }).datauri;
    expect(datauri.startsWith('data:image/png;base64,')).toBe(true);
    const meta = await sharp(Buffer.from(datauri.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 732, 354]);
    const landscape = await draw(member.client, { kind: 'user', pk: member.pk, landscape: true });
    const turned = await sharp(
      Buffer.from((landscape.body.barcode as { datauri: string }).datauri.split(',')[1]!, 'base64'),
    ).metadata();
    expect([turned.width, turned.height]).toEqual([354, 732]);
  });

  it('draws every kind, and refuses an unknown target, a bad expiry and an undrawable text', async () => {
    for (const [kind, pk] of [
      ['book', 12],
      ['stock', '4'],
      ['sharingpaper', 3],
      ['property', 7],
      ['test', null],
      ['any', 'Darkroom A'],
    ] as const) {
      expect((await draw(member.client, { kind, pk })).body.status, kind).toBe('ok');
    }
    expect((await draw(member.client, { kind: 'user', pk: 99_999 })).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect((await draw(member.client, { kind: 'stock', pk: 4, expdate: '2027-05' })).body).toEqual({
      status: 'fail',
      reason: 'format',
    });
    expect((await draw(member.client, { kind: 'any', pk: '' })).body).toEqual({
      status: 'fail',
      reason: 'cannotgenerate',
    });
  });

  it('is for members', async () => {
    const outsider = await signUp(portal, '非社員');
    expect((await draw(outsider.client, { kind: 'test' })).statusCode).toBe(403);
    expect((await draw(portal.client(), { kind: 'test' })).statusCode).toBe(401);
  });
});

describe('POST /api/label/print', () => {
  it('answers servicedown within 5 s when no label host runs, charging and recording nothing', async () => {
    const person = await signUp(downPortal, '王無機');
    await recordMemberFeeByOperator(downPortal.app.services, person.pk);
    const drawn = await person.client.post('/api/label/draw', { kind: 'user', pk: person.pk });
    const started = Date.now();
    const printed = await person.client.post('/api/label/print', {
      label: { dataURI: (drawn.body.barcode as { datauri: string }).datauri, quantity: 2 },
    });
    expect(printed.body).toEqual({ status: 'fail', reason: 'servicedown' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(downPortal.app.services.projections.models.labelPrintLog.rows).toEqual([]);
  });

  it('clamps to the cap, prints through the host, and records the outcome', async () => {
    const image = await drawnUserLabel(member);
    const printed = await member.client.post('/api/label/print', {
      label: { dataURI: image, quantity: 12 },
      requestId: 'first-ten',
    });
    expect(printed.body).toMatchObject({ status: 'ok', quantity: 10, charge: 0 });
    const printId = String(printed.body.printId);
    const file = join(outputDir, `${printId}-x10.png`);
    await until('the printed file', () => (existsSync(file) ? true : undefined));
    expect(readFileSync(file).toString('base64')).toBe(image.split(',')[1]);
    const row = await until('the outcome', () =>
      logRow(printId)?.done === true ? logRow(printId) : undefined,
    );
    expect(row).toMatchObject({ quantity: 10, result: 'ok', kind: 'user', target: `U00${member.pk}` });
    // The host reports what is left on its roll of 25 in its heartbeat.
    await until('the labels left in the heartbeat', async () =>
      (await link.heartbeat('label'))?.status?.labelsLeft === 15 ? true : undefined,
    );
  });

  it('refuses a quantity that is not a positive integer and an image the portal did not draw', async () => {
    const image = await drawnUserLabel(member);
    for (const quantity of [0, -3, 'two', 1.5]) {
      expect(
        (await member.client.post('/api/label/print', { label: { dataURI: image, quantity } })).body,
      ).toEqual({
        status: 'fail',
        reason: 'format',
      });
    }
    const forged = `data:image/png;base64,${(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    expect(
      (await member.client.post('/api/label/print', { label: { dataURI: forged, quantity: 1 } })).body,
    ).toEqual({
      status: 'fail',
      reason: 'image',
    });
    const other = await signUp(portal, '別人');
    await recordMemberFeeByOperator(portal.app.services, other.pk);
    expect(
      (await other.client.post('/api/label/print', { label: { dataURI: image, quantity: 1 } })).body,
    ).toEqual({
      status: 'fail',
      reason: 'image',
    });
  });

  it("charges 0.5 NTD per user sheet beyond the day's 10, once however often the request is retried", async () => {
    await topUp(member.pk, 10_000);
    const before = balanceCents(member.pk);
    const image = await drawnUserLabel(member, { comment: 'extra' });
    const send = () =>
      member.client.post('/api/label/print', {
        label: { dataURI: image, quantity: 3 },
        requestId: 'three-more',
      });
    const answers = [await send(), await send(), await send()];
    for (const answer of answers)
      expect(answer.body).toMatchObject({ status: 'ok', quantity: 3, charge: 1.5 });
    expect(new Set(answers.map((answer) => answer.body.printId)).size).toBe(1);
    expect(balanceCents(member.pk)).toBe(before - 150);
    const printId = String(answers[0]!.body.printId);
    await until('the outcome', () => (logRow(printId)?.done === true ? true : undefined));
    expect(readdirSync(outputDir).filter((name) => name.startsWith(printId))).toEqual([`${printId}-x3.png`]);
    const mismatch = await member.client.post('/api/label/print', {
      label: { dataURI: image, quantity: 4 },
      requestId: 'three-more',
    });
    expect(mismatch.body).toEqual({ status: 'fail', reason: 'mismatch' });
    expect(balanceCents(member.pk)).toBe(before - 150);
  });

  it('refuses extra sheets the balance cannot pay, and prints nothing', async () => {
    const poor = await signUp(portal, '窮學生');
    await recordMemberFeeByOperator(portal.app.services, poor.pk);
    const image = await drawnUserLabel(poor);
    const free = await poor.client.post('/api/label/print', { label: { dataURI: image, quantity: 10 } });
    expect(free.body).toMatchObject({ status: 'ok', charge: 0 });
    const refused = await poor.client.post('/api/label/print', { label: { dataURI: image, quantity: 1 } });
    expect(refused.body).toEqual({ status: 'fail', reason: 'insufficient_balance' });
    const rows = services().projections.models.labelPrintLog.rows.filter((row) => row.userPk === poor.pk);
    expect(rows.map((row) => [row.quantity, row.done === false ? row.result : 'sent'])).toEqual([
      [10, 'sent'],
      [1, 'insufficient_balance'],
    ]);
    expect(balanceCents(poor.pk)).toBe(0);
  });

  it("fails a print the roll cannot hold with the printer's reason and refunds its charge", async () => {
    // The roll held 25: 10 + 3 + 10 are used, 2 are left.
    await topUp(member.pk, 10_000);
    const before = balanceCents(member.pk);
    const image = await drawnUserLabel(member, { comment: 'too many' });
    const printed = await member.client.post('/api/label/print', { label: { dataURI: image, quantity: 4 } });
    expect(printed.body).toMatchObject({ status: 'ok', charge: 2 });
    expect(balanceCents(member.pk)).toBe(before - 200);
    const printId = String(printed.body.printId);
    const row = await until('the failure', () =>
      logRow(printId)?.done === false ? logRow(printId) : undefined,
    );
    expect(row?.result).toMatch(/out of labels: 2 left, 4 needed/);
    await until('the refund', () => (balanceCents(member.pk) === before ? true : undefined));
    expect(readdirSync(outputDir).some((name) => name.startsWith(printId))).toBe(false);
  });
});

describe('GET /api/admin/system/label/print/log/:page', () => {
  it('lists prints newest first with the image, for staff with the system authority', async () => {
    const answer = await staff.client.get('/api/admin/system/label/print/log/1');
    expect(answer.body.status).toBe('ok');
    const loglist = answer.body.loglist as {
      quantity: number;
      done: boolean | null;
      datauri: string;
      user: { name: string };
    }[];
    expect(loglist.length).toBeGreaterThanOrEqual(4);
    expect(loglist.at(-1)).toMatchObject({ quantity: 10, done: true, user: { name: '林小印' } });
    expect(loglist.at(-1)?.datauri.startsWith('data:image/png;base64,')).toBe(true);
    expect(answer.body.pager).toMatchObject({ page: 1, rowsperpage: 20, totalrows: loglist.length });
    expect((await member.client.get('/api/admin/system/label/print/log/1')).statusCode).toBe(403);
  });

  it('is rebuilt from zero equal to the live log', async () => {
    const live = services().projections;
    await live.waitFor(await portal.store.headPosition());
    const rebuilt = await rebuildAll(portal.store, portalProjections);
    expect(rebuilt.models.labelPrintLog.rows.length).toBeGreaterThanOrEqual(5);
    expect(rebuilt.models.labelPrintLog).toEqual(live.models.labelPrintLog);
    expect(rebuilt.models.ledger).toEqual(live.models.ledger);
  });
});

describe('label outcomes missed while the API was down', () => {
  it('are found at the next start and recorded', async () => {
    const latePrefix = `${prefix}-late`;
    const lateDir = mkdtempSync(join(tmpdir(), 'labels-late-'));
    const admin = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
    const store = openSqliteEventStore({ file: ':memory:' });
    const firstLink = new DeviceLink({ url: redisUrl, prefix: latePrefix, logger: quiet });
    const dataDir = mkdtempSync(join(tmpdir(), 'labels-late-data-'));
    const first = await createTestPortal({ store, devices: firstLink, dataDir });
    // A heartbeat as a host sends it, but no host yet: the job waits on the queue.
    const beat = {
      device: 'label',
      host: 'test',
      pid: 1,
      startedAt: '',
      at: new Date().toISOString(),
      simulated: true,
    };
    await admin.set(heartbeatKey(latePrefix, 'label'), JSON.stringify(beat), 'PX', 10_000);
    const person = await signUp(first, '晚一點');
    await recordMemberFeeByOperator(first.app.services, person.pk);
    const drawn = await person.client.post('/api/label/draw', { kind: 'user', pk: person.pk });
    const printed = await person.client.post('/api/label/print', {
      label: { dataURI: (drawn.body.barcode as { datauri: string }).datauri, quantity: 1 },
    });
    expect(printed.body.status).toBe('ok');
    const printId = String(printed.body.printId);
    await first.app.close();
    await firstLink.close();
    expect(first.app.services.projections.models.labelPrintLog.pending.has(printId)).toBe(true);

    // The printer prints while no API listens for its outcome.
    const lateHost = spawnLabelHost({ prefix: latePrefix, outputDir: lateDir, redisUrl, msPerSheet: 5 });
    try {
      await until('the late print', () =>
        existsSync(join(lateDir, `${printId}-x1.png`)) ? true : undefined,
      );
      // Completed before the next API starts, so only the reconciliation at start can record it.
      const probe = new DeviceLink({ url: redisUrl, prefix: latePrefix, logger: quiet });
      await until('the job to complete', async () =>
        probe.isUp() && (await probe.jobState('label', printId)).state === 'completed' ? true : undefined,
      );
      await probe.close();
      const secondLink = new DeviceLink({ url: redisUrl, prefix: latePrefix, logger: quiet });
      const second = await createTestPortal({ store, devices: secondLink, dataDir });
      try {
        await second.app.ready();
        const log = second.app.services.projections.models.labelPrintLog;
        const row = await until('the reconciled outcome', () =>
          log.byPrintId.get(printId)?.done === true ? log.byPrintId.get(printId) : undefined,
        );
        expect(row).toMatchObject({ done: true, result: 'ok', quantity: 1 });
      } finally {
        await second.close();
        await secondLink.close();
      }
    } finally {
      await lateHost.stop();
      await closeRedisConnection(admin);
    }
  }, 60_000);
});
