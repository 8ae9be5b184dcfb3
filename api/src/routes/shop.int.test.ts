// The member side of the stock domain through the whole app on a real SQLite store: the price list's
// filters, caps and discount columns; quotes, scans and the cart; the counter sale in the store scope and
// by staff, with every refusal, the point discount, retries, the receipt and TransLog's item lines.
import { portalProjections, rebuildAll } from '@club/projections';
import { taipeiDate } from '@club/core/semester';
import type { StockConfig } from '@club/core/stock/events';
import { newItemConfig } from '@club/core/stock/rules';
import { Sales } from '@club/core/stock/sale-service';
import { Stock } from '@club/core/stock/service';
import { Ledger } from '@club/core/ledger/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let staff: TestPerson;
let member: TestPerson;
let other: TestPerson;
let applicant: TestPerson;
type Body = Record<string, unknown>;

const services = () => portal.app.services;
const balance = (pk: number) => (services().projections.models.ledger.balances.get(String(pk)) ?? 0) / 100;
const store = { scope: 'store' };

async function item(
  pk: number,
  prefix: string,
  name: string,
  extra: Partial<StockConfig> = {},
  stockMilli = 0,
) {
  const config = { ...newItemConfig(prefix, name, extra.unit ?? '張'), ...extra };
  const request = { now: portal.clock.now, actorPk: staff.pk };
  const created = await services().stock.createItem(
    { config, requestKey: `item-${pk}`, stockPk: pk },
    request,
  );
  expect(created.ok).toBe(true);
  if (stockMilli > 0)
    await services().stock.adjust(
      { stockPk: pk, deltaId: `count-${pk}`, countedMilli: stockMilli, reason: 'count' },
      request,
    );
}

const sale = (who: TestPerson, body: Body, headers: Record<string, string> = store) =>
  who.client.request('POST', '/api/shop/sale', body, headers);

beforeAll(async () => {
  portal = await createTestPortal();
  staff = await signUpStaff(portal, '陳社長', ['point', 'addvalue']);
  member = await signUp(portal, '林小美');
  other = await signUp(portal, '張志明');
  applicant = await signUp(portal, '黃雅婷');
  for (const person of [member, other]) await recordMemberFeeByOperator(services(), person.pk);
  for (const [person, cents] of [
    [member, 100_000],
    [other, 1_000],
  ] as const) {
    const added = await services().ledger.addValue({
      now: portal.clock.now,
      actorPk: staff.pk,
      transferId: `fund-${person.pk}`,
      staffPk: staff.pk,
      userPk: person.pk,
      amountCents: cents,
    });
    expect(added.ok).toBe(true);
  }
  const points = await services().points.request(
    {
      actorPk: staff.pk,
      actorIsStaff: true,
      actorHasPointAuthority: true,
      workdate: taipeiDate(portal.clock.now),
      recipientPk: member.pk,
      kind: 'club_room',
      reason: '社辦值班十小時',
      amountHundredths: 1000,
    },
    { now: portal.clock.now, actor: String(staff.pk), correlationId: 'points' },
  );
  expect(points.ok).toBe(true);
  await item(
    1,
    'F',
    'Kodak Tri-X 400',
    {
      unit: '卷',
      priceCents: 28_000,
      discountPriceCents: 25_000,
      discountPointsHundredths: 10_000,
      barcodes: ['0041771005331'],
      filmType: 1,
    },
    12_000,
  );
  await item(2, 'F', 'Fomapan 100（過期）', { unit: '卷', priceCents: 10_000 }, 5_000);
  await item(3, 'E24', 'Ilford MG RC 8×10', { priceCents: 2_000 }, 31_000);
  await item(80, 'MOUNT', '裱板 白', { unit: '才', priceCents: 1_250 }, 2_500);
  await item(82, 'MOUNT', '鋁框條 黑', { unit: '尺', priceCents: 1_800 }, 100_000);
  await item(226, 'I', '黑白暗房藥水（每次）', { unit: '次', priceCents: 3_000 }, 50_000);
  await item(30, 'SP', '共用相紙 8×10', { priceCents: 3_800 }, 10_000);
  await item(32, 'SP', '相紙盒', { priceCents: 100 });
  await item(100, 'GICLEE', 'A01 光面相紙', { unit: '才', priceCents: 3_500 }, 300_000);
  await item(103, 'GICLEE', '墨水匣', { unit: '個', priceCents: 90_000 });
  await item(120, 'V850', '底片掃描（每格）', { unit: '格', priceCents: 100 });
  await item(50, 'J', '相框（停售）', { unit: '個', priceCents: null });
  await services().projections.waitFor(await services().store.headPosition());
});
afterAll(() => portal.close());

describe('GET /api/user/price/list', () => {
  it('applies document 1’s filters and caps, with the member’s own price and the 100-point column', async () => {
    const list = await member.client.get('/api/user/price/list');
    expect(list.body).toMatchObject({
      status: 'ok',
      point: 10,
      showDiscount: true,
      extraColumn: 100,
      ismember: true,
    });
    const rows = list.body.stocklist as Body[];
    const pks = rows.map((row) => row.pk);
    expect(pks).not.toContain(2); // overdue
    expect(pks).not.toContain(32); // not shared paper
    expect(pks).not.toContain(82); // MOUNT shows 80, 81, 423 only
    expect(pks).not.toContain(103); // GICLEE needs a letter and two digits
    const row = (pk: number) => rows.find((entry) => entry.pk === pk)!;
    expect(row(1)).toMatchObject({
      price: 280,
      discountprice: 250,
      discountpoint: 100,
      myprice: 277,
      price100: 250,
      price200: null,
      quantityText: '≥ 10',
      quantity: 12,
    });
    expect(row(3)).toMatchObject({ quantityText: '≥ 30' });
    expect(row(80)).toMatchObject({ quantityText: '2.5', price: 12.5 });
    expect(row(100)).toMatchObject({ quantityText: '≥ 100' });
    expect(row(226)).toMatchObject({ quantity: null, quantityText: '' });
    expect(row(120)).toMatchObject({ quantity: null, quantityText: '' });
    expect(row(50)).toMatchObject({ price: null, myprice: null });
    expect((list.body.accountlist as Body[]).find((account) => account.prefix === 'F')).toMatchObject({
      count: 1,
      pk: 4,
    });
  });

  it('shows no discount columns to someone without points', async () => {
    const list = await other.client.get('/api/user/price/list');
    expect(list.body).toMatchObject({ showDiscount: false, extraColumn: null, point: 0 });
    expect((list.body.stocklist as Body[]).find((row) => row.pk === 1)).toMatchObject({ myprice: 280 });
  });
});

describe('POST /api/shop/quote, GET /api/shop/scan/{code}', () => {
  it('prices items at the buyer’s points and lists the missing and the invalid', async () => {
    const quote = await member.client.post('/api/shop/quote', {
      items: [
        { stockpk: 1, quantity: 2 },
        { stockpk: 80, quantity: '0.5' },
        { stockpk: 50, quantity: 1 },
        { stockpk: 999, quantity: 1 },
        { stockpk: 3, quantity: 0 },
      ],
    });
    expect(quote.body).toMatchObject({ missing: [50, 999], invalid: [3], total: 561, discount: 6 });
    expect((quote.body.lines as Body[])[1]).toMatchObject({ quantity: 0.5, unitprice: 12.5, amount: 7 });
    expect((await member.client.post('/api/shop/quote', { userpk: other.pk, items: [] })).statusCode).toBe(
      403,
    );
  });

  it('finds an item by its label, a barcode or its pk', async () => {
    expect((await member.client.get('/api/shop/scan/S00001')).body.stock).toMatchObject({
      pk: 1,
      forSale: true,
    });
    expect((await member.client.get('/api/shop/scan/0041771005331')).body.stock).toMatchObject({ pk: 1 });
    expect((await member.client.get('/api/shop/scan/50')).body.stock).toMatchObject({
      pk: 50,
      forSale: false,
    });
    expect((await member.client.get('/api/shop/scan/nothing')).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('POST /api/user/cart', () => {
  it('refuses missing items, bad quantities and empty labels; adds an estimate; removes and clears', async () => {
    const add = (items: Body[], requestId?: string) =>
      member.client.post('/api/user/cart', { cmd: 'add', items, ...(requestId ? { requestId } : {}) });
    expect((await add([{ stockpk: 999, quantity: 1, label: 'x' }])).body).toEqual({
      status: 'fail',
      reason: 'inventory',
      stockpk: 999,
    });
    expect((await add([{ stockpk: 50, quantity: 1, label: 'x' }])).body).toEqual({
      status: 'fail',
      reason: 'inventory',
      stockpk: 50,
    });
    expect((await add([{ stockpk: 82, quantity: -2, label: 'x' }])).body.reason).toBe('quantity_invalid');
    expect((await add([{ stockpk: 82, quantity: 2, label: ' ' }])).body.reason).toBe('label_required');
    const estimate = [
      { stockpk: 82, quantity: 6, label: '鋁框 16×20 in（黑）' },
      { stockpk: 80, quantity: 2.5, label: '鋁框 16×20 in 背板' },
    ];
    const added = await add(estimate, 'estimate-1');
    expect(added.body.cart).toMatchObject({
      total: 108 + 32,
      items: [
        { quantity: 6, amount: 108 },
        { quantity: 2.5, amount: 32 },
      ],
    });
    expect((await add(estimate, 'estimate-1')).body.cart).toEqual(added.body.cart);
    const extra = await add([{ stockpk: 1, quantity: 1, label: '順便買底片' }]);
    const id = ((extra.body.cart as Body).items as Body[])[2]!.id as string;
    expect((await member.client.post('/api/user/cart', { cmd: 'remove', id })).body.cart).toMatchObject({
      total: 140,
    });
    expect((await member.client.post('/api/user/cart', { cmd: 'remove', id })).body.reason).toBe('notfound');
  });

  it('is seen by its owner and by staff at the counter, not by other members', async () => {
    expect((await member.client.get('/api/shop/buyer/me')).body).toMatchObject({
      buyer: { pk: member.pk, point: 10, balance: 1000 },
      cart: { total: 140 },
    });
    expect((await staff.client.get(`/api/shop/buyer/${member.pk}`)).body.cart).toMatchObject({ total: 140 });
    expect((await other.client.get(`/api/shop/buyer/${member.pk}`)).statusCode).toBe(403);
    expect((await staff.client.get('/api/shop/buyer/424242')).body.reason).toBe('notfound');
  });
});

describe('POST /api/shop/sale', () => {
  it('refuses in the spec’s order and charges nothing', async () => {
    const before = balance(member.pk);
    const items = [{ stockpk: 1, quantity: 1 }];
    expect((await sale(member, { items, total: 277 }, { scope: 'main' })).body.reason).toBe('store_only');
    expect((await sale(member, { userpk: other.pk, items, total: 280 })).statusCode).toBe(403);
    expect((await sale(applicant, { items, total: 280 })).body.reason).toBe('not_member');
    expect((await sale(member, { items: [], total: 0 })).body.reason).toBe('items_required');
    expect((await sale(member, { items: [{ stockpk: 1, quantity: 'two' }], total: 0 })).body).toEqual({
      status: 'fail',
      reason: 'quantity_invalid',
      stockpk: 1,
    });
    expect((await sale(member, { items: [{ stockpk: 50, quantity: 1 }], total: 0 })).body).toEqual({
      status: 'fail',
      reason: 'inventory',
      stockpk: 50,
    });
    expect((await sale(member, { items, total: 280 })).body.reason).toBe('price_changed');
    expect((await sale(member, { items: [{ stockpk: 1, quantity: 4 }], total: 1108 })).body.reason).toBe(
      'insufficient_balance',
    );
    expect(balance(member.pk)).toBe(before);
  });

  it('sells two items at the member’s point price at the kiosk, once per key, with a receipt and TransLog lines', async () => {
    const cart = (await member.client.get('/api/user/cart')).body.cart as { items: Body[] };
    const body = {
      items: [
        { stockpk: 1, quantity: 2 },
        { stockpk: 82, quantity: 6, cartItemId: cart.items[0]!.id },
      ],
      total: 554 + 108,
      requestId: 'kiosk-1',
    };
    const sold = await sale(member, body);
    expect(sold.body.status).toBe('ok');
    const receipt = sold.body.receipt as Body;
    expect(receipt).toMatchObject({
      status: 'paid',
      total: 662,
      discount: 6,
      balance: 338,
      buyer: { pk: member.pk },
      execuser: { pk: member.pk },
    });
    expect(receipt.lines).toMatchObject([
      { stock: { pk: 1 }, quantity: 2, unitprice: 277, listprice: 280, amount: 554, discount: 6 },
      { stock: { pk: 82 }, quantity: 6, amount: 108, label: '鋁框 16×20 in（黑）' },
    ]);
    const again = await sale(member, body);
    expect(again.body.receipt).toEqual(receipt);
    expect(balance(member.pk)).toBe(338);
    expect(services().projections.models.stock.items.get(1)!.quantityMilli).toBe(10_000);
    expect((await member.client.get('/api/user/cart')).body.cart).toMatchObject({
      total: 32,
      items: [{ stock: { pk: 80 } }],
    });
    const log = await member.client.get('/api/user/trans/log/1');
    const rows = log.body.loglist as Body[];
    expect(rows.slice(0, 2).map((row) => row.stock)).toEqual([
      {
        pk: 82,
        pkstr: 'S00082',
        name: '鋁框條 黑',
        unit: '尺',
        kind: 2,
        quantity: -6,
        saleId: receipt.saleId,
      },
      {
        pk: 1,
        pkstr: 'S00001',
        name: 'Kodak Tri-X 400',
        unit: '卷',
        kind: 2,
        quantity: -2,
        saleId: receipt.saleId,
      },
    ]);
    expect(rows[0]).toMatchObject({
      delta: -108,
      symuser: { pk: 20 },
      summary: '購買 鋁框條 黑 × 6 尺',
      summaryEn: 'Bought 鋁框條 黑 × 6 尺',
    });
    expect(rows[1]).toMatchObject({ delta: -554, symuser: { pk: 4 } });
    expect((await sale(member, { ...body, items: [{ stockpk: 1, quantity: 1 }] })).body.reason).toBe(
      'mismatch',
    );
  });

  it('lets staff ring up a member anywhere; receipts are the buyer’s and staff’s', async () => {
    const sold = await sale(
      staff,
      { userpk: other.pk, items: [{ stockpk: 80, quantity: 0.5 }], total: 7 },
      { scope: 'main' },
    );
    expect(sold.body.receipt).toMatchObject({
      buyer: { pk: other.pk },
      execuser: { pk: staff.pk },
      total: 7,
      balance: 3,
    });
    const saleId = (sold.body.receipt as Body).saleId as string;
    expect((await other.client.get(`/api/shop/sale/${saleId}`)).body.status).toBe('ok');
    expect((await staff.client.get(`/api/shop/sale/${saleId}`)).body.status).toBe('ok');
    expect((await member.client.get(`/api/shop/sale/${saleId}`)).body.reason).toBe('notfound');
    expect(
      ((await other.client.get('/api/shop/sales')).body.loglist as Body[]).map((row) => row.saleId),
    ).toEqual([saleId]);
  });

  it('clears a cart; a cart holds at most 50 items', async () => {
    expect((await member.client.post('/api/user/cart', { cmd: 'clear' })).body.cart).toEqual({
      items: [],
      total: 0,
    });
    const many = Array.from({ length: 20 }, () => ({ stockpk: 80, quantity: 1, label: '裱板' }));
    for (const round of [1, 2])
      expect(
        (await member.client.post('/api/user/cart', { cmd: 'add', items: many, requestId: `many-${round}` }))
          .body.status,
      ).toBe('ok');
    const full = await member.client.post('/api/user/cart', { cmd: 'add', items: many, requestId: 'many-3' });
    expect(full.body.reason).toBe('cart_full');
    await member.client.post('/api/user/cart', { cmd: 'clear' });
  });

  it('finishes a sale whose process stopped between the payment and the stock delta (the process manager)', async () => {
    // Another process of the portal: it takes the payment, then dies before recording the stock delta.
    const crashed = new Stock(services().store, new Ledger(services().store), {
      afterStep: (step) => {
        if (step === 'sale_line_debited') throw new Error('process died');
      },
    });
    const before = services().projections.models.stock.items.get(30)!.quantityMilli;
    await expect(
      new Sales(crashed).sell(
        {
          saleId: 'crashed-sale',
          buyerPk: member.pk,
          lines: [{ stockPk: 30, quantityMilli: 2_000, cartItemId: null, label: '' }],
          pointsHundredths: 0,
          allowDebt: false,
          expectedTotalCents: 7_600,
        },
        { now: portal.clock.now, actorPk: staff.pk },
      ),
    ).rejects.toThrow('process died');
    // The portal's stock process manager follows the log and finishes it: paid, delta recorded, credited.
    const deadline = Date.now() + 10_000;
    while (
      services().projections.models.stock.sales.get('crashed-sale')?.status !== 'paid' &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    await services().projections.waitFor(await services().store.headPosition());
    const sale = services().projections.models.stock.sales.get('crashed-sale')!;
    expect(sale.status).toBe('paid');
    expect(sale.lines[0]!.deltaPk).not.toBeNull();
    expect(services().projections.models.stock.items.get(30)!.quantityMilli).toBe(before - 2_000);
    expect(services().stockProcessManager.stuck()).toEqual([]);
  });

  it('leaves read models that a rebuild from zero reproduces', async () => {
    await services().projections.waitFor(await services().store.headPosition());
    const rebuilt = await rebuildAll(services().store, portalProjections);
    expect(rebuilt.models.stock).toEqual(services().projections.models.stock);
    expect(rebuilt.models.ledger.balances).toEqual(services().projections.models.ledger.balances);
  });
});
