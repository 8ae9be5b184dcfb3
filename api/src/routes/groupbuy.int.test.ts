// Group buys through the whole app (real SQLite store): staff with the groupbuy authority open a group
// buy and set the rate; members order (deposit held), cancel (deposit back), staff close (remainders
// billed; a short balance stays billingstatus 1 in the debt list and is billed by closing again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let admin: TestPerson;
let plainStaff: TestPerson;
let member: TestPerson;
let poor: TestPerson;
let gbpk: number;
const url = 'https://www.bhphotovideo.com/c/product/1234567-REG/ilford_hp5_plus_120.html';
// 10 USD, 1 lb, film, rate 30: ceil(30 × 14.15 × 1.015 × 1.05 × 1.04) = 471 a unit.
const hp5 = { url, title: 'Ilford HP5 Plus film 120', unitprice: '10', weight: '1', quantity: 2 };

const services = () => portal.app.services;
const balance = async (person: TestPerson) => (await services().ledger.balanceOf(person.pk)) / 100;

async function fund(person: TestPerson, cents: number, id: string) {
  const added = await services().ledger.addValue({
    now: portal.clock.now,
    actorPk: admin.pk,
    transferId: id,
    staffPk: admin.pk,
    userPk: person.pk,
    amountCents: cents,
  });
  expect(added.ok).toBe(true);
}

beforeAll(async () => {
  portal = await createTestPortal({ now: new Date('2026-11-23T02:00:00Z') });
  admin = await signUpStaff(portal, '團購長', ['groupbuy']);
  plainStaff = await signUpStaff(portal, '一般幹部', []);
  member = await signUp(portal, '林小美');
  poor = await signUp(portal, '張志明');
  for (const person of [member, poor]) await recordMemberFeeByOperator(services(), person.pk);
  await fund(member, 300_000, 'fund-member');
  await fund(poor, 10_000, 'fund-poor');
});

afterAll(() => portal.close());

describe('POST /api/groupbuy/open', () => {
  it('is for staff holding groupbuy only', async () => {
    const body = { website: 'bh', currency: 'USD', expiredtime: '2026-12-01T00:00:00Z' };
    expect((await plainStaff.client.post('/api/groupbuy/open', body)).statusCode).toBe(403);
    expect((await member.client.post('/api/groupbuy/open', body)).statusCode).toBe(403);
    const opened = await admin.client.post('/api/groupbuy/open', body);
    expect(opened.body.status).toBe('ok');
    gbpk = opened.body.pk as number;
  });
});

describe('POST /api/groupbuy/order', () => {
  it("without a rate: 'cannot get exchange rate, cannot order'", async () => {
    const answer = await member.client.post('/api/groupbuy/order', { ...hp5, gbpk });
    expect(answer.body).toEqual({ status: 'fail', reason: 'no_rate' });
  });

  it('checks the URL pattern of the website', async () => {
    expect((await admin.client.post('/api/groupbuy/rate', { currency: 'USD', rate: '30' })).body.status).toBe(
      'ok',
    );
    const answer = await member.client.post('/api/groupbuy/order', {
      ...hp5,
      gbpk,
      url: 'https://www.fotoimpex.com/films/x.html',
    });
    expect(answer.body).toEqual({ status: 'fail', reason: 'url_format' });
  });

  it('estimates step by step, then holds the 10% deposit rounded up', async () => {
    const estimate = await member.client.post('/api/groupbuy/order/estimate', { ...hp5, gbpk });
    expect(estimate.body).toMatchObject({
      status: 'ok',
      unitprice: 471,
      totalfee: 942,
      deposit: 95,
      remain: 847,
    });
    const before = await balance(member);
    const placed = await member.client.post('/api/groupbuy/order', { ...hp5, gbpk, requestId: 'm-1' });
    expect(placed.body).toMatchObject({
      status: 'ok',
      order: { unitprice: 471, totalfee: 942, paid: 95, remain: 847, billingstatus: 1 },
    });
    // A retry of the same request holds nothing more.
    await member.client.post('/api/groupbuy/order', { ...hp5, gbpk, requestId: 'm-1' });
    expect(await balance(member)).toBe(before - 95);
  });

  it("refuses with 'balance insufficient' when the balance cannot cover the deposit", async () => {
    const answer = await poor.client.post('/api/groupbuy/order', { ...hp5, gbpk, quantity: 3 });
    expect(answer.body).toEqual({ status: 'fail', reason: 'balance_insufficient' });
    expect(await balance(poor)).toBe(100);
  });

  it('administrators pay no deposit', async () => {
    await fund(admin, 100_000, 'fund-admin');
    const before = await balance(admin);
    const placed = await admin.client.post('/api/groupbuy/order', { ...hp5, gbpk, quantity: 1 });
    expect(placed.body).toMatchObject({ status: 'ok', order: { paid: 0, remain: 471 } });
    expect(await balance(admin)).toBe(before);
  });
});

describe('POST /api/groupbuy/order/cancel', () => {
  it('the creator cancels and gets the deposit back once; another member may not', async () => {
    const placed = await member.client.post('/api/groupbuy/order', { ...hp5, gbpk, requestId: 'm-2' });
    const gbopk = (placed.body.order as { pk: number }).pk;
    const before = await balance(member);
    expect((await poor.client.post('/api/groupbuy/order/cancel', { gbopk })).statusCode).toBe(403);
    expect((await member.client.post('/api/groupbuy/order/cancel', { gbopk })).body.status).toBe('ok');
    expect((await member.client.post('/api/groupbuy/order/cancel', { gbopk })).body.status).toBe('ok');
    expect(await balance(member)).toBe(before + 95);
    const page = await member.client.get(`/api/groupbuy/${gbpk}`);
    const orders = (page.body.groupBuyList as { orderlist: { pk: number; billingstatus: number }[] }[])[0]!
      .orderlist;
    expect(orders.find((order) => order.pk === gbopk)?.billingstatus).toBe(9);
  });
});

describe('GET /api/groupbuy', () => {
  it('shows totals and the orderer to administrators only', async () => {
    const forAdmin = await admin.client.get('/api/groupbuy');
    expect(forAdmin.body).toMatchObject({ status: 'ok', isadmin: true, xrate: { USD: 30 } });
    const [groupBuy] = forAdmin.body.groupBuyList as {
      totalfee: number;
      orderlist: { createuser: unknown }[];
    }[];
    expect(groupBuy?.totalfee).toBe(942 + 471);
    expect(groupBuy?.orderlist.every((order) => order.createuser !== null)).toBe(true);
    const forPoor = await poor.client.get('/api/groupbuy');
    const [seen] = forPoor.body.groupBuyList as { totalfee: null; orderlist: { createuser: unknown }[] }[];
    expect(seen?.totalfee).toBeNull();
    expect(seen?.orderlist.every((order) => order.createuser === null)).toBe(true);
  });
});

describe('POST /api/groupbuy/end', () => {
  it('bills the remainders; a short balance stays billingstatus 1 until closing again', async () => {
    await fund(poor, 20_000, 'fund-poor-2');
    const placed = await poor.client.post('/api/groupbuy/order', { ...hp5, gbpk, quantity: 1 });
    expect(placed.body).toMatchObject({ status: 'ok', order: { paid: 48 } });
    expect((await plainStaff.client.post('/api/groupbuy/end', { pk: gbpk })).statusCode).toBe(403);
    expect((await admin.client.post('/api/groupbuy/end', { pk: gbpk })).body.status).toBe('ok');
    const rows = async () =>
      (
        (await admin.client.get(`/api/groupbuy/${gbpk}`)).body.groupBuyList as {
          status: number;
          orderlist: { createuser: { pk: number }; billingstatus: number; remain: number; indebt: boolean }[];
        }[]
      )[0]!;
    const closed = await rows();
    expect(closed.status).toBe(1);
    const byUser = (pk: number) => closed.orderlist.filter((order) => order.createuser.pk === pk);
    expect(
      byUser(member.pk)
        .map((order) => order.billingstatus)
        .sort(),
    ).toEqual([2, 9]);
    expect(byUser(poor.pk)).toMatchObject([{ billingstatus: 1, remain: 423, indebt: true }]);
    expect(await balance(poor)).toBe(300 - 48);
    // Cancelling after closing is refused.
    const gbopk = (placed.body.order as { pk: number }).pk;
    expect((await admin.client.post('/api/groupbuy/order/cancel', { gbopk })).body).toEqual({
      status: 'fail',
      reason: 'not_cancellable',
    });
    await fund(poor, 50_000, 'fund-poor-3');
    expect((await admin.client.post('/api/groupbuy/end', { pk: gbpk })).body.status).toBe('ok');
    expect((await rows()).orderlist.filter((order) => order.createuser.pk === poor.pk)).toMatchObject([
      { billingstatus: 2, remain: 0, indebt: false },
    ]);
    expect(await balance(poor)).toBe(800 - 471);
  });
});

describe('POST /api/groupbuy/order/manual/add', () => {
  it('administrators add an order with given prices; others are refused', async () => {
    const opened = await admin.client.post('/api/groupbuy/open', {
      website: 'fotoimpex',
      currency: 'EUR',
      expiredtime: '2026-12-10T00:00:00Z',
    });
    const body = {
      gbpk: opened.body.pk,
      url: 'https://www.fotoimpex.com/chemistry/adox-fx39.html',
      title: 'Adox FX-39',
      unitprice: 300,
      totalfee: 600,
      quantity: 2,
      weight: '1.2',
    };
    expect((await member.client.post('/api/groupbuy/order/manual/add', body)).statusCode).toBe(403);
    expect((await admin.client.post('/api/groupbuy/order/manual/add', body)).body.status).toBe('ok');
    const page = await admin.client.get(`/api/groupbuy/${opened.body.pk}`);
    expect(page.body.xrate).toEqual({ EUR: null, USD: 30 });
    expect((page.body.groupBuyList as { totalfee: number }[])[0]?.totalfee).toBe(600);
  });

  it('refuses an empty price or total (a form left blank) and adds nothing', async () => {
    const opened = await admin.client.post('/api/groupbuy/open', {
      website: 'bh',
      currency: 'USD',
      expiredtime: '2026-12-10T00:00:00Z',
    });
    const body = { gbpk: opened.body.pk, url: '', title: 'Fomapan 100', quantity: '1', weight: '' };
    for (const prices of [
      { unitprice: '', totalfee: '100' },
      { unitprice: '100', totalfee: ' ' },
    ]) {
      const reply = await admin.client.post('/api/groupbuy/order/manual/add', { ...body, ...prices });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toMatchObject({ status: 'fail', reason: 'amount_invalid' });
    }
    const page = await admin.client.get(`/api/groupbuy/${opened.body.pk}`);
    expect((page.body.groupBuyList as { orderlist: unknown[] }[])[0]?.orderlist).toEqual([]);
  });
});
