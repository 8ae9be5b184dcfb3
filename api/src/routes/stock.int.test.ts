// The stock domain's staff calls through the whole app on a real SQLite store: every validation reason,
// the stock / stockpurchase authority rules (columns and tabs), purchases with receipts, counts, the log,
// the delta edit, the film statistics, and AdminTransDetail's refunds of purchases and sales.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
/** stock, stockpurchase, transmodify. */
let head: TestPerson;
/** Staff without stock authorities. */
let plain: TestPerson;
/** stock only. */
let keeper: TestPerson;
let member: TestPerson;
let film: number;
let paper: number;
let mount: number;

const services = () => portal.app.services;
const item = (pk: number) => services().projections.models.stock.items.get(pk)!;
type Body = Record<string, unknown>;

async function newItem(account: string, name: string, unit = '張'): Promise<number> {
  const made = await head.client.post('/api/admin/stock/new', { cmd: 'new', account, name, unit });
  expect(made.body.status).toBe('ok');
  return made.body.pk as number;
}

async function configure(pk: number, stock: Body) {
  return head.client.put(`/api/admin/stock/${pk}`, {
    stock: { name: item(pk).config.name, unit: item(pk).config.unit, display: true, ...stock },
  });
}

async function receipt(owner: TestPerson, purchasepk: number): Promise<number> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const uploaded = await services().files.uploadMultipart(
    owner.pk,
    { objname: 'stockreceipt', objpk: purchasepk, application: 1, attr: '' },
    [{ filename: 'receipt.png', bytes: png }],
    { now: portal.clock.now, actor: String(owner.pk), correlationId: 'receipt' },
  );
  if (!uploaded.ok) throw new Error(uploaded.reason);
  await services().projections.waitFor(await services().store.headPosition());
  return uploaded.pks[0]!;
}

beforeAll(async () => {
  portal = await createTestPortal();
  head = await signUpStaff(portal, '陳庫存', ['stock', 'stockpurchase', 'transmodify']);
  plain = await signUpStaff(portal, '王幹部');
  keeper = await signUpStaff(portal, '李盤點', ['stock']);
  member = await signUp(portal, '林小美');
  await recordMemberFeeByOperator(services(), member.pk);
  film = await newItem('F', 'Kodak Tri-X 400 135-36', '卷');
  paper = await newItem('E24', 'Ilford MG RC 8×10');
  mount = await newItem('MOUNT', '裱板 白', '才');
});
afterAll(() => portal.close());

describe('POST /api/admin/stock/new', () => {
  it('needs staff with stock', async () => {
    expect(
      (await plain.client.post('/api/admin/stock/new', { cmd: 'new', account: 'F', name: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await member.client.post('/api/admin/stock/new', { cmd: 'new', account: 'F', name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('refuses a missing name or an unknown account, and answers a retry with the same item', async () => {
    const blank = await keeper.client.post('/api/admin/stock/new', { cmd: 'new', account: 'F', name: '  ' });
    expect(blank.body).toEqual({ status: 'fail', reason: 'name_required' });
    const unknown = await keeper.client.post('/api/admin/stock/new', {
      cmd: 'new',
      account: 'NOPE',
      name: 'x',
    });
    expect(unknown.body).toEqual({ status: 'fail', reason: 'account_unknown' });
    const body = {
      cmd: 'new',
      account: { prefix: 'J' },
      name: '棉質手套',
      unit: '雙',
      requestId: 'new-gloves',
    };
    const first = await keeper.client.post('/api/admin/stock/new', body);
    const again = await keeper.client.post('/api/admin/stock/new', body);
    expect(first.body.status).toBe('ok');
    expect(again.body.pk).toBe(first.body.pk);
    expect((first.body.stock as Body).account).toMatchObject({ prefix: 'J', pk: 20 });
  });
});

describe('PUT /api/admin/stock/{pk}', () => {
  it('applies the config rules in the spec’s order', async () => {
    expect((await configure(film, { price: 280, discountprice: 250, discountpoint: '' })).body.reason).toBe(
      'discount_both',
    );
    expect((await configure(film, { price: 280, discountprice: 280, discountpoint: 100 })).body.reason).toBe(
      'discount_not_lower',
    );
    expect((await configure(film, { price: -5 })).body.reason).toBe('data');
    expect((await configure(film, { price: '2.345' })).body.reason).toBe('data');
    expect(
      (await head.client.put('/api/admin/stock/99999', { stock: { name: 'x', unit: '張', display: true } }))
        .body.reason,
    ).toBe('notfound');
    const saved = await configure(film, {
      price: 280,
      discountprice: 250,
      discountpoint: 100,
      barcodetext: '0041771005331',
      filmtype: 1,
    });
    expect(saved.body.stock).toMatchObject({
      price: 280,
      discountprice: 250,
      discountpoint: 100,
      barcodelist: ['0041771005331'],
      filmtype: 1,
    });
    expect((await configure(paper, { price: 20 })).body.status).toBe('ok');
    expect((await configure(mount, { price: 12.5 })).body.status).toBe('ok');
  });

  it('needs stock', async () => {
    const refused = await plain.client.put(`/api/admin/stock/${film}`, {
      stock: { name: 'x', unit: '卷', display: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(item(film).config.name).toBe('Kodak Tri-X 400 135-36');
  });
});

describe('POST /api/admin/stock/{pk}: purchase', () => {
  const buy = (who: TestPerson, pk: number, purchase: Body, requestId?: string) =>
    who.client.post(`/api/admin/stock/${pk}`, {
      cmd: 'purchase',
      purchase,
      ...(requestId ? { requestId } : {}),
    });

  it('needs stockpurchase', async () => {
    expect((await buy(keeper, film, { delta: 10, amount: 2400, expireddate: '2027/06' })).statusCode).toBe(
      403,
    );
  });

  it('checks the data and the E24 / F date rules, changing nothing', async () => {
    const before = item(film).quantityMilli;
    expect((await buy(head, film, { delta: -1, amount: 100, expireddate: '2027/06' })).body.reason).toBe(
      'data',
    );
    expect((await buy(head, film, { delta: 1, amount: 99.5, expireddate: '2027/06' })).body.reason).toBe(
      'data',
    );
    expect((await buy(head, film, { delta: 1, amount: 0, expireddate: '2027/06' })).body.reason).toBe('data');
    expect((await buy(head, film, { delta: 1, amount: 100, expireddate: '2027-06' })).body.reason).toBe(
      'data',
    );
    expect((await buy(head, film, { delta: 1, amount: 100 })).body.reason).toBe('expiry_required');
    expect((await buy(head, paper, { delta: 1, amount: 100 })).body.reason).toBe('manufacture_required');
    expect(
      (await buy(head, film, { delta: 1, amount: 100, expireddate: '2027/06', receiptList: [999] })).body
        .reason,
    ).toBe('receipt_unknown');
    expect(item(film).quantityMilli).toBe(before);
  });

  it('records the purchase and its transaction (the stock account pays the club’s cash), once per key', async () => {
    const first = await buy(
      head,
      film,
      { delta: 40, amount: 9600, expireddate: '2027/06', origin: '光華', comment: '開學補貨' },
      'buy-film',
    );
    expect(first.body.status).toBe('ok');
    const again = await buy(
      head,
      film,
      { delta: 40, amount: 9600, expireddate: '2027/06', origin: '光華', comment: '開學補貨' },
      'buy-film',
    );
    expect(again.body.deltapk).toBe(first.body.deltapk);
    expect(item(film).quantityMilli).toBe(40_000);
    expect(first.body.stock).toMatchObject({
      quantity: 40,
      value: 9600,
      lastUnitPrice: 240,
      expireddate: [{ date: '2027/06', kind: 'expiry', quantity: 40 }],
    });
    const detail = await head.client.get(`/api/admin/trans/detail/${first.body.transpk}`);
    expect(detail.body.obj).toMatchObject({
      delta: -9600,
      user: { pk: 4 },
      symuser: { pk: 13 },
      stock: { pk: film, kind: 1, quantity: 40 },
    });
    expect(detail.body.stockdelta).toMatchObject({
      stockPk: film,
      kind: 1,
      delta: 40,
      pk: first.body.deltapk,
      refundRule: 'purchase',
    });
    const mismatch = await buy(head, film, { delta: 41, amount: 9600, expireddate: '2027/06' }, 'buy-film');
    expect(mismatch.body.reason).toBe('mismatch');
  });

  it('takes E24 paper with its manufacturing date and decimal 才 for mounting board', async () => {
    expect(
      (await buy(head, paper, { delta: 100, amount: 1500, manufacturedate: '2026/03' })).body.status,
    ).toBe('ok');
    expect((await buy(head, mount, { delta: 12.5, amount: 150 })).body.status).toBe('ok');
    expect(item(mount).quantityMilli).toBe(12_500);
  });
});

describe('POST /api/admin/stock/{pk}: adjustQuantity', () => {
  const count = (who: TestPerson, quantity: unknown, reason = '盤點') =>
    who.client.post(`/api/admin/stock/${mount}`, { cmd: 'adjustQuantity', stock: { quantity }, reason });

  it('needs stock, a non-negative count, a reason and a change', async () => {
    expect((await count(plain, 10)).statusCode).toBe(403);
    expect((await count(keeper, -1)).body.reason).toBe('quantity_invalid');
    expect((await count(keeper, 'ten')).body.reason).toBe('quantity_invalid');
    expect((await count(keeper, 10, ' ')).body.reason).toBe('reason_required');
    expect((await count(keeper, 12.5)).body.reason).toBe('unchanged');
  });

  it('records the difference to the counted quantity', async () => {
    const counted = await count(keeper, 11.75, '裁切損耗');
    expect(counted.body.status).toBe('ok');
    expect(counted.body.stock).toMatchObject({ quantity: 11.75 });
    const log = await keeper.client.get(`/api/admin/stock/${mount}/log/3/1`);
    expect(log.body.loglist).toMatchObject([{ kind: 3, delta: -0.75, counted: 11.75, reason: '裁切損耗' }]);
  });
});

describe('GET /api/admin/stock/list and the logs: who sees what', () => {
  it('shows values and purchase details to stockpurchase only', async () => {
    const forPlain = await plain.client.get('/api/admin/stock/list');
    const forHead = await head.client.get('/api/admin/stock/list');
    const row = (body: Body) => (body.stocklist as Body[]).find((stock) => stock.pk === film)!;
    expect(row(forPlain.body)).toMatchObject({ value: null, lastUnitPrice: null, quantity: 40 });
    expect(row(forHead.body)).toMatchObject({ value: 9600, lastUnitPrice: 240 });
    expect(forPlain.body.viewer).toEqual({ stock: false, stockpurchase: false });
    expect((forHead.body.filmtypeDict as Body)['1']).toEqual({ zh: '黑白', en: 'Black and white' });
    const plainLog = await plain.client.get(`/api/admin/stock/log/1/${film}`);
    const headLog = await head.client.get(`/api/admin/stock/log/1/${film}`);
    expect((plainLog.body.loglist as Body[])[0]).toMatchObject({
      unitprice: null,
      origin: null,
      comment: null,
      receiptList: null,
      delta: 40,
    });
    expect((headLog.body.loglist as Body[])[0]).toMatchObject({
      unitprice: 240,
      origin: '光華',
      comment: '開學補貨',
      amount: 9600,
    });
    const all = await head.client.get('/api/admin/stock/log/all/all');
    expect((all.body.pager as Body).totalrows).toBe(4);
    expect((await head.client.get('/api/admin/stock/log/all/99999')).body.reason).toBe('notfound');
  });

  it('needs staff', async () => {
    expect((await member.client.get('/api/admin/stock/list')).statusCode).toBe(403);
    expect((await member.client.get(`/api/admin/stock/${film}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/stockdelta/{pk}', () => {
  it('edits comment, origin and expiry (stockpurchase), checking YYYY/MM', async () => {
    const delta = [...services().projections.models.stock.deltas.values()].find(
      (row) => row.stockPk === film && row.kind === 1,
    )!;
    expect((await keeper.client.put(`/api/admin/stockdelta/${delta.pk}`, { comment: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await head.client.put(`/api/admin/stockdelta/${delta.pk}`, { expireddate: '2027/13' })).body.reason,
    ).toBe('data');
    expect((await head.client.put('/api/admin/stockdelta/1', { comment: 'x' })).body.reason).toBe('notfound');
    const edited = await head.client.put(`/api/admin/stockdelta/${delta.pk}`, {
      comment: '收據在抽屜',
      origin: '光華數位',
      expireddate: '2027/07',
    });
    expect(edited.body.row).toMatchObject({
      comment: '收據在抽屜',
      origin: '光華數位',
      expireddate: '2027/07',
    });
  });
});

describe('POST /api/admin/stock/purchase (the wizard)', () => {
  const wizard = (body: Body) => head.client.post('/api/admin/stock/purchase', body);

  it('checks source, details, receipts and each item, writing nothing on a refusal', async () => {
    const before = services().projections.models.stock.deltas.size;
    const items = [{ stockpk: film, quantity: 10, amount: 2500, expireddate: '2027/08' }];
    expect((await wizard({ origin: ' ', items })).body.reason).toBe('origin_required');
    expect((await wizard({ origin: 'B&H', items: [] })).body.reason).toBe('items_required');
    expect((await wizard({ origin: 'B&H', items })).body.reason).toBe('no_receipt');
    expect((await wizard({ origin: 'B&H', items, receiptList: [12345] })).body.reason).toBe(
      'receipt_unknown',
    );
    const second = [...items, { stockpk: paper, quantity: 2.5, amount: 100, manufacturedate: '2026/01' }];
    expect((await wizard({ origin: 'B&H', items: second, confirmNoReceipt: true })).body).toEqual({
      status: 'fail',
      reason: 'data',
      index: 1,
    });
    const noDate = [...items, { stockpk: paper, quantity: 2, amount: 100 }];
    expect((await wizard({ origin: 'B&H', items: noDate, confirmNoReceipt: true })).body).toEqual({
      status: 'fail',
      reason: 'manufacture_required',
      index: 1,
    });
    expect(
      (
        await wizard({
          origin: 'B&H',
          items: [{ stockpk: 424242, quantity: 1, amount: 1 }],
          confirmNoReceipt: true,
        })
      ).body,
    ).toEqual({ status: 'fail', reason: 'notfound', index: 0 });
    expect(services().projections.models.stock.deltas.size).toBe(before);
  });

  it('records every item with the batch’s receipts', async () => {
    const batch = await head.client.post('/api/admin/stock/purchase/new', {});
    const purchasepk = batch.body.purchasepk as number;
    const file = await receipt(head, purchasepk);
    const done = await wizard({
      purchasepk,
      origin: 'B&H 團購',
      comment: '十一月團購',
      items: [
        { stockpk: film, quantity: 10, amount: 2500, expireddate: '2027/08' },
        { stockpk: paper, quantity: 50, amount: 800, manufacturedate: '2026/05' },
      ],
      requestId: 'wizard-1',
    });
    expect(done.body.status).toBe('ok');
    expect((done.body.deltas as Body[]).length).toBe(2);
    const log = await head.client.get(`/api/admin/stock/log/1/${paper}`);
    expect((log.body.loglist as Body[])[0]).toMatchObject({
      purchasepk,
      origin: 'B&H 團購',
      receiptList: [{ pk: file }],
    });
    const retried = await wizard({
      purchasepk,
      origin: 'B&H 團購',
      comment: '十一月團購',
      items: [
        { stockpk: film, quantity: 10, amount: 2500, expireddate: '2027/08' },
        { stockpk: paper, quantity: 50, amount: 800, manufacturedate: '2026/05' },
      ],
      requestId: 'wizard-1',
    });
    expect(retried.body.deltas).toEqual(done.body.deltas);
    expect(item(film).quantityMilli).toBe(50_000);
  });
});

describe('POST /api/admin/trans/modify/{pk} on stock transactions', () => {
  let saleTrans: number;
  let purchaseTrans: number;

  beforeAll(async () => {
    await services().ledger.addValue({
      now: portal.clock.now,
      actorPk: head.pk,
      transferId: 'fund-member',
      staffPk: head.pk,
      userPk: member.pk,
      amountCents: 200_000,
    });
    const sold = await head.client.post('/api/shop/sale', {
      userpk: member.pk,
      items: [{ stockpk: film, quantity: 3 }],
      total: 840,
    });
    expect(sold.body.status).toBe('ok');
    saleTrans = ((sold.body.receipt as Body).lines as Body[])[0]!.transpk as number;
    const bought = await head.client.post(`/api/admin/stock/${mount}`, {
      cmd: 'purchase',
      purchase: { delta: 5, amount: 60 },
    });
    purchaseTrans = bought.body.transpk as number;
  });

  const modify = (pk: number, body: Body) => head.client.post(`/api/admin/trans/modify/${pk}`, body);

  it('refunds a purchase only in full with its whole quantity, deleting it', async () => {
    const before = item(mount).quantityMilli;
    const refund = { cmd: 'refund', refundAmount: 60, refundStockDelta: 5, refundReason: '退貨' };
    expect((await modify(purchaseTrans, { ...refund, refundAmount: 30 })).body.reason).toBe(
      'purchase_refund_partial',
    );
    expect((await modify(purchaseTrans, { ...refund, refundStockDelta: 4 })).body.reason).toBe(
      'stockdelta_invalid',
    );
    expect((await modify(purchaseTrans, { cmd: 'delete' })).body.reason).toBe('not_modifiable');
    // The page offers neither modify nor delete for a stock line: only a refund.
    const offered = await head.client.get(`/api/admin/trans/detail/${purchaseTrans}`);
    expect(offered.body.modifiable).toBe(false);
    expect((await modify(purchaseTrans, refund)).body.status).toBe('ok');
    expect(item(mount).quantityMilli).toBe(before - 5_000);
    const detail = await head.client.get(`/api/admin/trans/detail/${purchaseTrans}`);
    expect(detail.body.stockdelta).toMatchObject({ deleted: true, refundRule: 'purchase' });
    expect(detail.body.refundable).toBe(0);
  });

  it('refunds a sale in part, keeping the delta and giving back at most what was sold', async () => {
    const before = item(film).quantityMilli;
    const refund = { cmd: 'refund', refundAmount: 280, refundStockDelta: 1, refundReason: '底片有瑕疵' };
    expect((await modify(saleTrans, { ...refund, refundStockDelta: 4 })).body.reason).toBe(
      'stockdelta_exceeds',
    );
    expect((await modify(saleTrans, { ...refund, refundStockDelta: -1 })).body.reason).toBe(
      'stockdelta_invalid',
    );
    expect(
      (await modify(saleTrans, { cmd: 'modify', modifyUser: head.pk, modifyAmount: 1, modifySummary: 'xx' }))
        .body.reason,
    ).toBe('not_modifiable');
    expect((await modify(saleTrans, refund)).body.status).toBe('ok');
    expect(item(film).quantityMilli).toBe(before + 1_000);
    const detail = await head.client.get(`/api/admin/trans/detail/${saleTrans}`);
    expect(detail.body.stockdelta).toMatchObject({
      kind: 2,
      delta: -3,
      refundRule: 'sale',
      refunded: 1,
      deleted: false,
    });
    const log = await head.client.get(`/api/admin/stock/log/2/${film}`);
    expect((log.body.loglist as Body[])[0]).toMatchObject({
      delta: -3,
      refunded: 1,
      user: { pk: member.pk },
    });
  });
});

describe('GET /api/admin/stock/film/stat', () => {
  it('needs stock and counts the year’s sales per film and film type', async () => {
    expect((await plain.client.get('/api/admin/stock/film/stat')).statusCode).toBe(403);
    const stat = await keeper.client.get('/api/admin/stock/film/stat');
    const row = (stat.body.loglist as Body[]).find((entry) => (entry.stock as Body).pk === film)!;
    expect(row).toMatchObject({ filmtype: 1, sold: 2, amount: 840 });
    expect((row.monthly as number[]).at(-1)).toBe(2);
    expect((stat.body.byFilmtype as Body[])[1]).toMatchObject({ filmtype: 1, sold: 2 });
  });
});

describe('GET /api/typeahead2/stock', () => {
  it('lists every item with its barcodes for the picker', async () => {
    const list = await member.client.get('/api/typeahead2/stock');
    expect(list.body.searchlist).toContainEqual({
      pk: film,
      barcodelist: ['0041771005331'],
      name: 'Kodak Tri-X 400 135-36',
      pkstr: `S${String(film).padStart(5, '0')}`,
      prefix: 'F',
    });
  });
});

describe('POST /api/label/draw for a stock item', () => {
  it('lists the batches still in stock with their expiry, soonest first', async () => {
    const drawn = await head.client.post('/api/label/draw', { kind: 'stock', pk: film, expdate: 'auto' });
    expect(drawn.body.status).toBe('ok');
    expect(drawn.body.expdatelist).toEqual([
      { expdate: '2027.07', quantity: 38 },
      { expdate: '2027.08', quantity: 10 },
    ]);
  });
});
