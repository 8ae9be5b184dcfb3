// Cash pouches on the real SQLite store through the whole app: registration, AdminDeposit counting and the
// pocketNeedDeposit warning.
import { portalProjections, rebuildAll } from '@club/projections';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../testing.ts';
import { balanceCents, person, portal, services, staff } from './staff-cash-testing.ts';

describe('AdminDeposit: /api/admin/deposit/*', () => {
  const scan = (client: TestClient, scanedPocket: string, amount: unknown, force?: boolean) =>
    client.post('/api/admin/deposit/updateflag', {
      scanedPocket,
      amount,
      ...(force === undefined ? {} : { force }),
    });
  const notes = (n2000: number, n1000: number, n500: number, n200: number, n100: number) => ({
    '2000': n2000,
    '1000': n1000,
    '500': n500,
    '200': n200,
    '100': n100,
  });
  const warnings = async (client: TestClient) =>
    (await client.get('/api/admin/warning')).body.staffWarning as { kind: string }[];

  it('needs active staff with addvalue', async () => {
    const plain = await staff('陳幹部');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/deposit/list'],
      ['POST', '/api/admin/deposit/pouch', { barcodes: ['P1'] }],
      ['POST', '/api/admin/deposit/updateflag', { scanedPocket: 'P1', amount: 100 }],
      ['POST', '/api/admin/deposit/commit', { pocketCount: 1, banknotes: notes(0, 0, 0, 0, 1), coins: 0 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await portal.client().request(method as 'GET', url, body)).statusCode).toBe(401);
      expect((await plain.client.request(method as 'GET', url, body)).statusCode).toBe(403);
    }
  });

  it('registers pouches, counts the used ones and commits the batch', async () => {
    const cashier = await staff('陳總務', ['addvalue']);
    const alice = await person('林一');
    const bob = await person('林二');

    expect((await cashier.client.post('/api/admin/deposit/pouch', { barcodes: ['P 1'] })).body).toEqual({
      status: 'fail',
      reason: 'format',
      barcode: 'P 1',
    });
    const registered = await cashier.client.post('/api/admin/deposit/pouch', {
      barcodes: ['P001', 'P002', 'P003', 'P001'],
    });
    expect(registered.body).toEqual({ status: 'ok', registered: ['P001', 'P002', 'P003'], existing: [] });
    expect(
      (await cashier.client.post('/api/admin/deposit/pouch', { barcodes: ['P003', 'P004'] })).body,
    ).toEqual({ status: 'ok', registered: ['P004'], existing: ['P003'] });

    // Nothing used yet: no warning.
    expect((await warnings(cashier.client)).map((warning) => warning.kind)).not.toContain(
      'pocketNeedDeposit',
    );

    // Members top up with two pouches (credited at once).
    for (const [who, barcode, amount] of [
      [alice, 'P001', 500],
      [bob, 'P002', 300],
    ] as const) {
      const topUp = await who.client.post('/api/user/pouch/topup', { barcode, amount });
      expect(topUp.body.status).toBe('ok');
    }
    expect((await warnings(cashier.client)).find((warning) => warning.kind === 'pocketNeedDeposit')).toEqual({
      kind: 'pocketNeedDeposit',
      quantity: 2,
      pocketTotal: 4,
      pocketUsed: 2,
    });

    const list = await cashier.client.get('/api/admin/deposit/list');
    expect(list.body).toMatchObject({ status: 'ok', batchNo: 1, countedCount: 0, countedTotal: 0 });
    const pockets = list.body.pocketList as { barcode: string; row: { flag: number; amount: number } }[];
    expect(pockets.map((pocket) => [pocket.barcode, pocket.row.flag, pocket.row.amount])).toEqual([
      ['P001', 1, 500],
      ['P002', 1, 300],
      ['P003', 0, 0],
      ['P004', 0, 0],
    ]);

    // Scan rejections.
    expect((await scan(cashier.client, 'NOPE', 100)).body).toEqual({ status: 'fail', reason: 'unknown' });
    expect((await scan(cashier.client, 'P003', 100)).body).toEqual({ status: 'fail', reason: 'unused' });
    expect((await scan(cashier.client, 'P001', -5)).body).toEqual({ status: 'fail', reason: 'format' });
    expect((await scan(cashier.client, 'P001', 'lots')).body).toEqual({ status: 'fail', reason: 'format' });

    const counted = await scan(cashier.client, 'P001', 500);
    expect(counted.body).toMatchObject({
      status: 'ok',
      pocket: { barcode: 'P001', row: { flag: 2, counted: 500, forced: false, user: { pk: alice.pk } } },
      countedCount: 1,
      countedTotal: 500,
    });
    expect((await scan(cashier.client, 'P001', 400)).body).toEqual({ status: 'fail', reason: 'counted' });
    expect((await scan(cashier.client, 'P001', 500)).body).toEqual({ status: 'fail', reason: 'counted' });

    // An amount that differs is a warning; after a recount it is counted with force.
    expect((await scan(cashier.client, 'P002', 200)).body).toEqual({
      status: 'fail',
      reason: 'amount',
      declared: 300,
    });
    expect((await scan(cashier.client, 'P002', 200, true)).body).toMatchObject({
      status: 'ok',
      pocket: { row: { flag: 2, counted: 200, forced: true } },
      countedCount: 2,
      countedTotal: 700,
    });

    // Settle 1: the pouch count; settle 2: banknotes and coins must add up to 700.
    const commit = (body: Record<string, unknown>) => cashier.client.post('/api/admin/deposit/commit', body);
    expect((await commit({ pocketCount: 3, banknotes: notes(0, 0, 1, 1, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'quantity',
    });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 0, 0), coins: 100 })).body).toEqual({
      status: 'fail',
      reason: 'total',
    });
    expect(
      (await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 1, 0), coins: 0, banknoteTotal: 800 })).body,
    ).toEqual({ status: 'fail', reason: 'total' });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, -1, 1, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'format',
    });
    expect((await commit({ pocketCount: 2, banknotes: notes(0, 0, 1, 1, 0), coins: 'x' })).body).toEqual({
      status: 'fail',
      reason: 'format',
    });
    const committed = await commit({
      pocketCount: '2',
      banknotes: notes(0, 0, 1, 1, 0),
      coins: 0,
      banknoteTotal: 700,
      requestId: 'commit-1',
    });
    expect(committed.body).toEqual({ status: 'ok', batchNo: 1, total: 700, pocketCount: 2 });

    // The counted cash is the club's now; the forced difference of 100 stays on pouch clearing.
    expect(balanceCents('13')).toBe(-70_000);
    expect(balanceCents('12')).toBe(-10_000);
    const after = await cashier.client.get('/api/admin/deposit/list');
    expect(after.body).toMatchObject({
      batchNo: 2,
      countedCount: 0,
      countedTotal: 0,
      pocketTotal: 4,
      pocketUsed: 2,
    });
    expect((after.body.pocketList as { barcode: string }[]).map((pocket) => pocket.barcode)).toEqual([
      'P003',
      'P004',
    ]);
    expect((await warnings(cashier.client)).map((warning) => warning.kind)).not.toContain(
      'pocketNeedDeposit',
    );

    // A counted pouch stays counted in later batches; an empty batch cannot be committed.
    expect((await scan(cashier.client, 'P001', 500)).body).toEqual({ status: 'fail', reason: 'counted' });
    expect((await commit({ pocketCount: 0, banknotes: notes(0, 0, 0, 0, 0), coins: 0 })).body).toEqual({
      status: 'fail',
      reason: 'empty',
    });

    // The cash read model rebuilt from zero equals the live one.
    const live = services().projections;
    await live.waitFor(await portal.store.headPosition());
    expect((await rebuildAll(portal.store, portalProjections)).models.cash).toEqual(live.models.cash);
  });

  it('commits with the spec’s payload { banknoteTotal, pocketCount }, the breakdown optional', async () => {
    const cashier = await staff('陳總務', ['addvalue']);
    const member = await person('林一');
    const commit = (body: Record<string, unknown>) => cashier.client.post('/api/admin/deposit/commit', body);
    const countBatch = async (barcodes: string[]) => {
      await cashier.client.post('/api/admin/deposit/pouch', { barcodes });
      for (const barcode of barcodes) {
        expect(
          (await member.client.post('/api/user/pouch/topup', { barcode, amount: 300 })).body.status,
        ).toBe('ok');
        expect((await scan(cashier.client, barcode, 300)).body.status).toBe('ok');
      }
    };
    const committedEvents = async () =>
      (await portal.store.readStream('deposit-counting')).filter(
        (event) => event.type === 'DepositCommitted',
      );

    await countBatch(['Q001', 'Q002']);
    // Settle 1 and settle 2 on the total alone; a body with neither a total nor a breakdown is malformed.
    expect((await commit({ pocketCount: 3, banknoteTotal: 600 })).body).toEqual({
      status: 'fail',
      reason: 'quantity',
    });
    expect((await commit({ pocketCount: 2, banknoteTotal: 500 })).body).toEqual({
      status: 'fail',
      reason: 'total',
    });
    expect((await commit({ pocketCount: 2, banknoteTotal: 'x' })).statusCode).toBe(200);
    expect((await commit({ pocketCount: 2, banknoteTotal: 'x' })).body.reason).toBe('format');
    expect((await commit({ pocketCount: 2 })).body).toEqual({ status: 'fail', reason: 'format' });
    expect(await committedEvents()).toHaveLength(0);

    expect((await commit({ pocketCount: 2, banknoteTotal: 600, requestId: 'spec-1' })).body).toEqual({
      status: 'ok',
      batchNo: 1,
      total: 600,
      pocketCount: 2,
    });
    // A retry answers the same and books nothing more.
    expect((await commit({ pocketCount: 2, banknoteTotal: 600, requestId: 'spec-1' })).body).toMatchObject({
      status: 'ok',
      batchNo: 1,
    });
    expect(balanceCents('13')).toBe(-60_000);

    // With the breakdown as well, it is recorded.
    await countBatch(['Q003']);
    expect(
      (await commit({ pocketCount: 1, banknoteTotal: 300, banknotes: notes(0, 0, 0, 1, 1), coins: 0 })).body,
    ).toMatchObject({ status: 'ok', batchNo: 2, total: 300 });
    const [first, second] = (await committedEvents()).map((event) => event.data as Record<string, unknown>);
    expect(first).toMatchObject({ totalCents: 60_000, banknotes: null, coinsCents: null });
    expect(second).toMatchObject({
      totalCents: 30_000,
      banknotes: { n2000: 0, n1000: 0, n500: 0, n200: 1, n100: 1 },
      coinsCents: 0,
    });
  });
});
