// The giclee calls through the whole app on a real SQLite store: polls recorded once (idempotent), the job
// history and its filters, every set call's validation, the counter payment as a giclee paper sale with
// its stock delta linked to the job, the refund that clears the link, the 5-minute printer-down warning
// (time moved by the test clock), gicleePrintingDue and AdminP6000Stat.
import type { PrinterJob } from '@club/core/giclee/report';
import { newItemConfig } from '@club/core/stock/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { pollPrinter, recordReport } from '../giclee/poller.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';
import { collectStaffWarnings } from '../warnings/index.ts';

let portal: TestPortal;
let cashier: TestPerson;
let modifier: TestPerson;
let member: TestPerson;
const services = () => portal.app.services;
const balance = (pk: number) => (services().projections.models.ledger.balances.get(String(pk)) ?? 0) / 100;
const T0 = new Date('2026-11-23T02:00:00Z');

const ink = { PK: 1, MK: 0, C: 0.5, VM: 0.5, Y: 0.5, LC: 0.5, VLM: 0.5, LK: 0.25, LLK: 0.25 };
const job = (jobId: number, overrides: Partial<PrinterJob> = {}): PrinterJob => ({
  jobId,
  name: `U${String(member.pk).padStart(5, '0')}_sunset_A01.tif`,
  startedAt: T0.toISOString(),
  widthMm: 303,
  heightMm: 606,
  media: 'Premium Glossy Photo Paper',
  status: 'Completed',
  ink,
  ...overrides,
});
const report = (jobs: PrinterJob[], at = portal.clock.now) =>
  JSON.stringify({
    jobs,
    inkLevels: { PK: 50, MK: 90, C: 40, VM: 41, Y: 42, LC: 43, VLM: 44, LK: 45, LLK: 46 },
    at: at.toISOString(),
  });

type JobBody = {
  pk: number;
  fee: number | null;
  unpaid: boolean;
  status: string;
  stockdelta: { transpk: number; stockpk: number; delta: number } | null;
};
const history = async (filter = 'all', who: TestPerson = cashier) =>
  (await who.client.get(`/api/admin/giclee/job/history/${filter}/1`)).body as {
    status: string;
    loglist: JobBody[];
    updateTime: string | null;
    cronError: boolean;
    pager: { totalrows: number };
  };
const rowOf = async (pk: number) => (await history()).loglist.find((row) => row.pk === pk)!;

beforeAll(async () => {
  portal = await createTestPortal({ now: T0 });
  cashier = await signUpStaff(portal, '櫃台幹部');
  modifier = await signUpStaff(portal, '總務幹部', ['transmodify']);
  member = await signUp(portal, '林小美');
  await recordMemberFeeByOperator(services(), member.pk);
  const added = await services().ledger.addValue({
    now: portal.clock.now,
    actorPk: cashier.pk,
    transferId: `fund-${member.pk}`,
    staffPk: cashier.pk,
    userPk: member.pk,
    amountCents: 50_000,
  });
  expect(added.ok).toBe(true);
  const request = { now: portal.clock.now, actorPk: modifier.pk };
  for (const [pk, name, priceCents, giclee] of [
    [100, 'A01 光面相紙', 3_500, { payable: true, kind: 'glossy', keyword: 'A01' }],
    [105, 'Z01 測試紙', 1_000, { payable: false, kind: 'matte', keyword: 'Z01' }],
  ] as const) {
    const created = await services().stock.createItem(
      {
        config: { ...newItemConfig('GICLEE', name, '才'), priceCents, giclee },
        requestKey: `paper-${pk}`,
        stockPk: pk,
      },
      request,
    );
    expect(created.ok).toBe(true);
  }
  await services().projections.waitFor(await services().store.headPosition());
});

afterAll(async () => {
  await portal?.close();
});

describe('the printer-poll', () => {
  it('records new jobs once: the same report again appends nothing; a changed job one event', async () => {
    const first = await recordReport(
      services(),
      report([job(11), job(12, { status: 'Printing' }), job(13, { name: 'test_Z01.tif' })]),
    );
    expect(first).toEqual({ ok: true, appended: 3 + 2 }); // three jobs, the printer reached, its ink levels
    expect(
      await recordReport(
        services(),
        report([job(11), job(12, { status: 'Printing' }), job(13, { name: 'test_Z01.tif' })]),
      ),
    ).toEqual({
      ok: true,
      appended: 0,
    });
    const changed = await recordReport(
      services(),
      report([job(11), job(12), job(13, { name: 'test_Z01.tif' })]),
    );
    expect(changed).toEqual({ ok: true, appended: 1 });
    expect((await rowOf(12)).status).toBe('Completed');
  });

  it('without a printer host the poll fails and records the printer lost once', async () => {
    const before = await services().store.headPosition();
    expect(await pollPrinter(services())).toMatchObject({ ok: false });
    const once = await services().store.headPosition();
    expect(once).toBeGreaterThan(before);
    await pollPrinter(services());
    expect(await services().store.headPosition()).toBe(once);
  });
});

describe('GET /api/admin/giclee/job/history/{all|notpaid}/{page}', () => {
  it('is for staff; lists jobs with the fee from the area and the paper (2 才 × 35 = 70)', async () => {
    expect((await member.client.get('/api/admin/giclee/job/history/all/1')).statusCode).toBe(403);
    expect((await cashier.client.get('/api/admin/giclee/job/history/some/1')).statusCode).toBe(400);
    const all = await history();
    expect(all.pager.totalrows).toBe(3);
    expect(await rowOf(11)).toMatchObject({ fee: 70, unpaid: true, stockdelta: null });
    // Paper Z01 is not payable: the job never waits for payment.
    expect((await history('notpaid')).loglist.map((row) => row.pk).sort()).toEqual([11, 12]);
  });

  it('warns once the printer has been unreachable for over 5 minutes since the last success', async () => {
    expect((await history()).cronError).toBe(false);
    portal.clock.now = new Date(T0.getTime() + 4 * 60_000);
    expect((await history()).cronError).toBe(false);
    portal.clock.now = new Date(T0.getTime() + 6 * 60_000);
    const late = await history();
    expect(late).toMatchObject({ cronError: true, updateTime: T0.toISOString() });
    await recordReport(services(), report([job(11), job(12), job(13, { name: 'test_Z01.tif' })]));
    expect((await history()).cronError).toBe(false);
  });
});

describe('PUT /api/admin/giclee/set...', () => {
  const put = (path: string, body: Record<string, unknown>, who: TestPerson = modifier) =>
    who.client.request('PUT', `/api/admin/giclee/${path}`, body);

  it('needs transmodify, and refuses bad values without changing the job', async () => {
    expect((await put('setheight', { pk: 11, heightOverwrite: 300 }, cashier)).statusCode).toBe(403);
    expect((await put('setheight', { pk: 11, heightOverwrite: 'abc' })).body).toEqual({
      status: 'fail',
      reason: 'height_invalid',
    });
    expect((await put('setheight', { pk: 11, heightOverwrite: -3 })).body).toEqual({
      status: 'fail',
      reason: 'height_invalid',
    });
    expect((await put('setfee', { pk: 11, fee: '1.5' })).body).toEqual({
      status: 'fail',
      reason: 'fee_invalid',
    });
    expect((await put('setpapertype', { pk: 11, papertype: 999 })).body).toEqual({
      status: 'fail',
      reason: 'paper_invalid',
    });
    expect((await put('setnoneedtopay', { pk: 11, noNeedToPay: true, noNeedToPayReason: ' ' })).body).toEqual(
      {
        status: 'fail',
        reason: 'reason_required',
      },
    );
    expect((await put('setcomment', { pk: 99, comment: 'x' })).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect(await rowOf(11)).toMatchObject({ fee: 70, unpaid: true });
  });

  it('sets height (fee follows), reverts with None, sets fee, comment, paper and no-need-to-pay and back', async () => {
    expect((await put('setheight', { pk: 12, heightOverwrite: '303' })).body).toMatchObject({
      job: { heightOverwrite: 303, fee: 35 },
    });
    expect((await put('setheight', { pk: 12, heightOverwrite: 'None' })).body).toMatchObject({
      job: { heightOverwrite: null, fee: 70 },
    });
    expect((await put('setfee', { pk: 12, fee: 50 })).body).toMatchObject({
      job: { fee: 50, feeOverwritten: true },
    });
    expect((await put('setcomment', { pk: 12, comment: ' 重印 ' })).body).toMatchObject({
      job: { comment: '重印' },
    });
    expect((await put('setpapertype', { pk: 13, papertype: 100 })).body).toMatchObject({
      job: { papertype: 100, unpaid: true },
    });
    const marked = await put('setnoneedtopay', { pk: 13, noNeedToPay: true, noNeedToPayReason: '社課示範' });
    expect(marked.body).toMatchObject({
      job: { needPayment: false, noNeedToPayReason: '社課示範', unpaid: false },
    });
    expect((await put('setnoneedtopay', { pk: 13, noNeedToPay: false })).body).toMatchObject({
      job: { needPayment: true, unpaid: true },
    });
  });
});

describe('POST /api/admin/giclee/pay and the refund that clears the link', () => {
  const pay = (body: Record<string, unknown>) => cashier.client.post('/api/admin/giclee/pay', body);

  it('refuses a stale fee, a job still printing, and a job with no one to pay', async () => {
    expect((await pay({ pk: 11, fee: 60 })).body).toEqual({ status: 'fail', reason: 'price_changed' });
    await recordReport(
      services(),
      report([job(11), job(12), job(13, { name: 'test_Z01.tif' }), job(14, { status: 'Printing' })]),
    );
    expect((await pay({ pk: 14, fee: 70 })).body).toEqual({ status: 'fail', reason: 'printing' });
    expect((await pay({ pk: 13, fee: 70 })).body).toEqual({ status: 'fail', reason: 'payer_required' });
    expect(balance(member.pk)).toBe(500);
  });

  it('pays from the member’s balance as a sale of the paper whose stock delta links the job', async () => {
    const paid = await pay({ pk: 11, fee: 70 });
    expect(paid.body).toMatchObject({
      status: 'ok',
      job: { unpaid: false, stockdelta: { stockpk: 100, delta: -2 } },
    });
    expect(balance(member.pk)).toBe(430);
    expect(services().projections.models.stock.items.get(100)!.quantityMilli).toBe(-2000);
    expect((await history('notpaid')).loglist.map((row) => row.pk)).not.toContain(11);
    expect((await pay({ pk: 11, fee: 70 })).body).toEqual({ status: 'fail', reason: 'paid' });
    expect(balance(member.pk)).toBe(430);

    const transpk = (await rowOf(11)).stockdelta!.transpk;
    const detail = await modifier.client.get(`/api/admin/trans/detail/${transpk}`);
    expect(detail.body).toMatchObject({ gicleejob: { pk: 11 } });
    const refunded = await modifier.client.post(`/api/admin/trans/modify/${transpk}`, {
      cmd: 'refund',
      refundAmount: 70,
      refundStockDelta: 2,
      refundReason: '印壞了',
      removeGicleeLink: true,
    });
    expect(refunded.body).toMatchObject({ status: 'ok' });
    expect(balance(member.pk)).toBe(500);
    expect(await rowOf(11)).toMatchObject({ unpaid: true, stockdelta: null });
    // Paid again under the next sale id.
    expect((await pay({ pk: 11, fee: 70 })).body).toMatchObject({ status: 'ok', job: { unpaid: false } });
    expect(balance(member.pk)).toBe(430);
  });
});

describe('gicleePrintingDue and GET /api/admin/p6000/stat', () => {
  it('counts unpaid jobs older than 3 days', async () => {
    const warning = () =>
      collectStaffWarnings(services(), portal.clock.now).find((w) => w.kind === 'gicleePrintingDue');
    expect(warning()).toBeUndefined();
    portal.clock.now = new Date(T0.getTime() + 4 * 86_400_000);
    expect(warning()).toMatchObject({ quantity: 3 }); // 12, 13 and 14 are unpaid
  });

  it('sums ink per colour and square inches per semester', async () => {
    const stat = (await cashier.client.get('/api/admin/p6000/stat')).body as unknown as {
      ink: { color: string; consuptionvolume: number }[];
      job: { semester: string; inchsquare: number; jobs: number }[];
    };
    expect(stat.ink.find((row) => row.color === 'PK')!.consuptionvolume).toBe(4);
    expect(stat.job).toHaveLength(1);
    expect(stat.job[0]!.semester).toBe('115-1');
    expect(stat.job[0]!.jobs).toBe(4);
    // Four jobs of 303 × 606 mm (job 12's height overwrite was reverted).
    expect(stat.job[0]!.inchsquare).toBeCloseTo((4 * 303 * 606) / 645.16, 0);
  });
});
