// AdminTransDetail on the real SQLite store: the detail call and the three corrections (refund, modify,
// delete), each a new transfer through the ledger. After every test the read models rebuilt from zero must
// equal the live ones.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_PK, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPortal } from '../testing.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  const live = portal.app.services.projections;
  await live.waitFor(await portal.store.headPosition());
  const rebuilt = await rebuildAll(portal.store, portalProjections);
  expect(rebuilt.position).toBe(live.position);
  expect(rebuilt.models).toEqual(live.models);
  expect(rebuilt.models.ledger.inFlightCents).toBe(0);
  await portal.close();
});

const services = () => portal.app.services;
const models = () => services().projections.models;

let transfers = 0;
/** Staff cash (the operator's) pays `ntd` to a user: the add-value counter. */
async function fund(userPk: number, ntd: number): Promise<void> {
  const result = await services().ledger.addValue({
    now: portal.clock.now,
    actorPk: null,
    transferId: `fund-${++transfers}`,
    staffPk: OPERATOR_PK,
    userPk,
    amountCents: ntd * 100,
  });
  if (!result.ok) throw new Error(result.reason);
  await services().projections.waitFor(result.position);
}

/** A member's transfer; answers the debit side's pk and the credit side's pk. */
async function pay(from: number, to: number, ntd: number, summary = '買底片') {
  const result = await services().ledger.transfer({
    now: portal.clock.now,
    actorPk: from,
    transferId: `pay-${++transfers}`,
    from,
    to,
    amountCents: ntd * 100,
    summary,
    allowDebt: false,
  });
  if (!result.ok) throw new Error(result.reason);
  await services().projections.waitFor(result.position);
  const row = models().ledger.transfers.get(result.transferKey)!;
  return { debitPk: row.debitPk, creditPk: row.creditPk!, transferKey: result.transferKey };
}

const balanceOf = (pk: number | string) => (models().ledger.balances.get(String(pk)) ?? 0) / 100;

const refund = (overrides: Record<string, unknown> = {}) => ({
  cmd: 'refund',
  refundAmount: 100,
  refundStockDelta: 0,
  refundReason: '重複扣款',
  ...overrides,
});

interface Detail {
  status: string;
  obj: { pk: number; sympk: number | null; delta: number; user: { pk: number }; symuser: { pk: number } };
  memberfee: { semester: string; user: { pk: number }; status: string } | null;
  refunds: { pk: number; kind: string; amount: number; summary: string; summaryEn: string }[];
  refundable: number;
  modifiable: boolean;
  corrects: number | null;
  replacedBy: number | null;
}

describe('GET /api/admin/trans/detail/{pk}', () => {
  it('shows either side of a transfer with what is left to refund', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 500);
    const paid = await pay(ming.pk, hua.pk, 300);

    const debit = await staff.client.get(`/api/admin/trans/detail/${paid.debitPk}`);
    expect(debit.statusCode).toBe(200);
    const detail = debit.body as unknown as Detail;
    expect(detail).toMatchObject({
      status: 'ok',
      obj: {
        pk: paid.debitPk,
        pkstr: `T${paid.debitPk}`,
        sympk: paid.creditPk,
        sympkstr: `T${paid.creditPk}`,
        delta: -300,
        summary: '買底片',
        user: { pk: ming.pk, name: '小明' },
        symuser: { pk: hua.pk, name: '小華' },
        execuser: { pk: ming.pk },
        transferKey: paid.transferKey,
      },
      memberfee: null,
      workshop: null,
      stockdelta: null,
      gicleejob: null,
      refunds: [],
      refundable: 300,
      modifiable: true,
      corrects: null,
      replacedBy: null,
    });

    const credit = (await staff.client.get(`/api/admin/trans/detail/${paid.creditPk}`))
      .body as unknown as Detail;
    expect(credit.obj).toMatchObject({
      pk: paid.creditPk,
      sympk: paid.debitPk,
      delta: 300,
      user: { pk: hua.pk },
    });
    expect(credit.refundable).toBe(300);
  });

  it('shows the member fee a payment made, and that it cannot be modified', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const feeRow = [...models().ledger.transfers.values()].find(
      (row) => row.posting.links.memberfee?.userPk === staff.pk,
    )!;
    const detail = (await staff.client.get(`/api/admin/trans/detail/${feeRow.debitPk}`))
      .body as unknown as Detail;
    expect(detail.memberfee).toMatchObject({ semester: '115-1', user: { pk: staff.pk }, status: 'paid' });
    expect(detail.modifiable).toBe(false);
    expect(detail.refundable).toBe(600);
  });

  it('answers notfound for a pk that is no transaction, and 400 for a malformed pk', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    expect((await staff.client.get('/api/admin/trans/detail/999999')).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect((await staff.client.get('/api/admin/trans/detail/abc')).statusCode).toBe(400);
  });

  it('needs a login and the transmodify authority', async () => {
    const staff = await signUpStaff(portal, '活動', []);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 100);
    const paid = await pay(ming.pk, hua.pk, 100);
    expect((await portal.client().get(`/api/admin/trans/detail/${paid.debitPk}`)).statusCode).toBe(401);
    expect((await staff.client.get(`/api/admin/trans/detail/${paid.debitPk}`)).statusCode).toBe(403);
    expect((await ming.client.get(`/api/admin/trans/detail/${paid.debitPk}`)).statusCode).toBe(403);
    const posted = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, { cmd: 'delete' });
    expect(posted.statusCode).toBe(403);
    expect(balanceOf(hua.pk)).toBe(100);
  });
});

describe('POST /api/admin/trans/modify/{pk} refund', () => {
  it('refunds part, then the rest, and refuses more than is left', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 500);
    const paid = await pay(ming.pk, hua.pk, 300);

    const partial = await staff.client.post(
      `/api/admin/trans/modify/${paid.debitPk}`,
      refund({ refundAmount: 100 }),
    );
    expect(partial.body).toMatchObject({ status: 'ok', pk: expect.any(Number) });
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([300, 200]);

    // Over what is left (200): refused, nothing moves.
    const over = await staff.client.post(
      `/api/admin/trans/modify/${paid.creditPk}`,
      refund({ refundAmount: 201 }),
    );
    expect(over.body).toEqual({ status: 'fail', reason: 'refund_exceeds' });
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([300, 200]);

    const rest = await staff.client.post(
      `/api/admin/trans/modify/${paid.creditPk}`,
      refund({ refundAmount: 200 }),
    );
    expect(rest.body.status).toBe('ok');
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([500, 0]);

    const detail = (await staff.client.get(`/api/admin/trans/detail/${paid.debitPk}`))
      .body as unknown as Detail;
    expect(detail.refundable).toBe(0);
    expect(detail.refunds.map((row) => [row.kind, row.amount])).toEqual([
      ['refund', 100],
      ['refund', 200],
    ]);
    // The refund is a transaction of its own that names what it corrects; the original is unchanged.
    const refundDetail = (await staff.client.get(`/api/admin/trans/detail/${partial.body.pk}`))
      .body as unknown as Detail;
    expect(refundDetail).toMatchObject({
      obj: {
        delta: -100,
        user: { pk: hua.pk },
        symuser: { pk: ming.pk },
        summary: '重複扣款',
        execuser: { pk: staff.pk },
      },
      corrects: paid.debitPk,
    });
    expect(models().ledger.entryByPk.get(paid.debitPk)?.deltaCents).toBe(-30_000);

    const again = await staff.client.post(
      `/api/admin/trans/modify/${paid.debitPk}`,
      refund({ refundAmount: 1 }),
    );
    expect(again.body).toEqual({ status: 'fail', reason: 'refund_exceeds' });
  });

  it('refunds a member fee with the memberFee option: the membership ends', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const member = await signUp(portal, '小美');
    await recordMemberFeeByOperator(services(), member.pk);
    const before = await member.client.get('/api/user/check');
    expect(before.body.user).toMatchObject({ ismember: true, lastmember: '115-1' });
    const feeRow = [...models().ledger.transfers.values()].find(
      (row) => row.posting.links.memberfee?.userPk === member.pk,
    )!;
    const incomeBefore = balanceOf(10);

    const refunded = await staff.client.post(
      `/api/admin/trans/modify/${feeRow.creditPk}`,
      refund({ refundAmount: 600, refundReason: '退社', memberFee: true }),
    );
    expect(refunded.body.status).toBe('ok');
    const after = await member.client.get('/api/user/check');
    expect(after.body.user).toMatchObject({ ismember: false, lastmember: null });
    expect(balanceOf(10)).toBe(incomeBefore - 600);
    const detail = (await staff.client.get(`/api/admin/trans/detail/${feeRow.debitPk}`))
      .body as unknown as Detail;
    expect(detail.memberfee).toMatchObject({ status: 'refunded' });

    // Paying again (a new collection) makes them a member again.
    const repaid = await services().ledger.receiveMemberFee({
      now: portal.clock.now,
      actorPk: null,
      collectionId: 'pay-again',
      staffPk: OPERATOR_PK,
      payer: {
        pk: member.pk,
        isCurrentStaff: false,
        errormember: false,
        needsReview: false,
        identifiedBy: 'stuid',
      },
      memberfeeSemester: '115-1',
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    if (!repaid.ok) throw new Error(repaid.reason);
    await services().projections.waitFor(repaid.position);
    expect((await member.client.get('/api/user/check')).body.user).toMatchObject({ ismember: true });
  });

  it('refunds money of a member fee without the option: the membership stays', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const member = await signUp(portal, '小美');
    await recordMemberFeeByOperator(services(), member.pk);
    const feeRow = [...models().ledger.transfers.values()].find(
      (row) => row.posting.links.memberfee?.userPk === member.pk,
    )!;
    const refunded = await staff.client.post(
      `/api/admin/trans/modify/${feeRow.debitPk}`,
      refund({ refundAmount: 100, refundReason: '優惠折抵' }),
    );
    expect(refunded.body.status).toBe('ok');
    expect((await member.client.get('/api/user/check')).body.user).toMatchObject({ ismember: true });
  });

  it('refuses the memberFee option on a transaction that paid no due', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 100);
    const paid = await pay(ming.pk, hua.pk, 100);
    const answer = await staff.client.post(
      `/api/admin/trans/modify/${paid.debitPk}`,
      refund({ memberFee: true }),
    );
    expect(answer.body).toEqual({ status: 'fail', reason: 'not_memberfee' });
  });

  it('holds the refunding account to its balance unless it may go into debt', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua, lee] = [
      await signUp(portal, '小明'),
      await signUp(portal, '小華'),
      await signUp(portal, '小李'),
    ];
    await fund(ming.pk, 100);
    const paid = await pay(ming.pk, hua.pk, 100);
    await pay(hua.pk, lee.pk, 100); // 小華 spent it
    const answer = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, refund());
    expect(answer.body).toEqual({ status: 'fail', reason: 'insufficient_balance' });

    const granted = await services().access.addGrant(
      {
        key: 'allowdebt',
        userPk: hua.pk,
        staffKeyword: null,
        actorAuthorities: ['auth'],
        semesters: ['115-1'],
      },
      { now: portal.clock.now, actor: null, correlationId: 'grant-allowdebt' },
    );
    if (granted.ok) await services().projections.waitFor(granted.position);
    const retried = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, refund());
    expect(retried.body.status).toBe('ok');
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([100, -100]);
  });

  it('validates the form: required fields are a 400, broken rules are reasons', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 100);
    const paid = await pay(ming.pk, hua.pk, 100);
    const post = (body: unknown) => staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, body);

    const missing = await post({ cmd: 'refund', refundAmount: 10, refundStockDelta: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatchObject({ status: 'fail', reason: 'badrequest', fields: ['refundReason'] });
    expect((await post(refund({ refundAmount: '10' }))).statusCode).toBe(400);
    expect((await post(refund({ refundStockDelta: null }))).statusCode).toBe(400);
    expect((await post({ cmd: 'undo' })).statusCode).toBe(400);

    expect((await post(refund({ refundAmount: 1.5 }))).body).toEqual({
      status: 'fail',
      reason: 'amount_invalid',
    });
    expect((await post(refund({ refundAmount: 0 }))).body).toEqual({
      status: 'fail',
      reason: 'amount_invalid',
    });
    expect((await post(refund({ refundStockDelta: 1.5 }))).body).toEqual({
      status: 'fail',
      reason: 'no_stockdelta',
    });
    expect((await post(refund({ refundReason: ' ' }))).body).toEqual({
      status: 'fail',
      reason: 'summary_too_short',
    });
    expect((await staff.client.post('/api/admin/trans/modify/999999', refund())).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([0, 100]);
  });

  it('answers a retry with the same requestId with the first result, and refuses other content', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 300);
    const paid = await pay(ming.pk, hua.pk, 300);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      staff.client.request('POST', `/api/admin/trans/modify/${paid.debitPk}`, body, headers);

    const first = await post(refund({ requestId: 'refund-1' }));
    const retry = await post(refund({ requestId: 'refund-1' }));
    expect(retry.body).toEqual(first.body);
    expect(balanceOf(hua.pk)).toBe(200);
    expect((await post(refund({ requestId: 'refund-1', refundAmount: 50 }))).body).toEqual({
      status: 'fail',
      reason: 'mismatch',
    });

    const byHeader = await post(refund(), { 'idempotency-key': 'refund-2' });
    expect((await post(refund(), { 'idempotency-key': 'refund-2' })).body).toEqual(byHeader.body);
    expect(balanceOf(hua.pk)).toBe(100);
  });
});

describe('POST /api/admin/trans/modify/{pk} modify', () => {
  it('reverses the original and books the corrected transfer to another user', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua, lee] = [
      await signUp(portal, '小明'),
      await signUp(portal, '小華'),
      await signUp(portal, '小李'),
    ];
    await fund(ming.pk, 500);
    const paid = await pay(ming.pk, hua.pk, 300, '轉錯人');

    const answer = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, {
      cmd: 'modify',
      modifyUser: { pk: lee.pk, name: '小李' },
      modifyAmount: 250,
      modifySummary: '買相紙',
    });
    expect(answer.body).toMatchObject({ status: 'ok', pk: expect.any(Number) });
    expect([balanceOf(ming.pk), balanceOf(hua.pk), balanceOf(lee.pk)]).toEqual([250, 0, 250]);

    const original = (await staff.client.get(`/api/admin/trans/detail/${paid.debitPk}`))
      .body as unknown as Detail;
    expect(original.refunds.map((row) => [row.kind, row.amount])).toEqual([['reversal', 300]]);
    expect(original.refundable).toBe(0);
    expect(original.replacedBy).toBe(answer.body.pk);
    const replacement = (await staff.client.get(`/api/admin/trans/detail/${answer.body.pk}`))
      .body as unknown as Detail;
    expect(replacement).toMatchObject({
      obj: { delta: -250, user: { pk: ming.pk }, symuser: { pk: lee.pk }, summary: '買相紙' },
      corrects: paid.debitPk,
    });

    // Nothing is left to reverse: a second modify is refused.
    const again = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, {
      cmd: 'modify',
      modifyUser: hua.pk,
      modifyAmount: 100,
      modifySummary: '再改',
    });
    expect(again.body).toEqual({ status: 'fail', reason: 'refund_exceeds' });
  });

  it('refuses what a modify cannot do', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 100);
    const paid = await pay(ming.pk, hua.pk, 100);
    const modify = (overrides: Record<string, unknown>) =>
      staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, {
        cmd: 'modify',
        modifyUser: hua.pk,
        modifyAmount: 100,
        modifySummary: '更正摘要',
        ...overrides,
      });
    expect((await modify({ modifyUser: null })).body).toEqual({ status: 'fail', reason: 'no_recipient' });
    expect((await modify({ modifyUser: 99_999 })).body).toEqual({ status: 'fail', reason: 'user_notfound' });
    expect((await modify({ modifyUser: 10 })).body).toEqual({ status: 'fail', reason: 'memberfee_account' });
    expect((await modify({ modifyAmount: -5 })).body).toEqual({ status: 'fail', reason: 'amount_invalid' });
    expect((await modify({ modifySummary: undefined })).statusCode).toBe(400);
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([0, 100]);

    const feeRow = [...models().ledger.transfers.values()].find(
      (row) => row.posting.links.memberfee?.userPk === staff.pk,
    )!;
    const fee = await staff.client.post(`/api/admin/trans/modify/${feeRow.debitPk}`, {
      cmd: 'modify',
      modifyUser: hua.pk,
      modifyAmount: 600,
      modifySummary: '改成轉帳',
    });
    expect(fee.body).toEqual({ status: 'fail', reason: 'not_modifiable' });

    // A same-summary modify to the same recipient with a new amount is a plain correction.
    expect((await modify({ modifyAmount: 60 })).body.status).toBe('ok');
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([40, 60]);
  });
});

describe('POST /api/admin/trans/modify/{pk} delete', () => {
  it('reverses what is left, once', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const [ming, hua] = [await signUp(portal, '小明'), await signUp(portal, '小華')];
    await fund(ming.pk, 300);
    const paid = await pay(ming.pk, hua.pk, 300);
    await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, refund({ refundAmount: 100 }));

    const deleted = await staff.client.post(`/api/admin/trans/modify/${paid.creditPk}`, { cmd: 'delete' });
    expect(deleted.body.status).toBe('ok');
    expect([balanceOf(ming.pk), balanceOf(hua.pk)]).toEqual([300, 0]);
    const detail = (await staff.client.get(`/api/admin/trans/detail/${paid.debitPk}`))
      .body as unknown as Detail;
    expect(detail.refunds.map((row) => [row.kind, row.amount])).toEqual([
      ['refund', 100],
      ['reversal', 200],
    ]);
    expect(detail.refundable).toBe(0);
    // The system's text of the reversal in both languages; the typed note inside it stays as typed.
    expect(detail.refunds[1]).toMatchObject({ summary: '刪除：買底片', summaryEn: 'Deleted: 買底片' });

    const again = await staff.client.post(`/api/admin/trans/modify/${paid.debitPk}`, { cmd: 'delete' });
    expect(again.body).toEqual({ status: 'fail', reason: 'refund_exceeds' });
  });

  it('deleting a member-fee payment ends the membership', async () => {
    const staff = await signUpStaff(portal, '會計', ['transmodify']);
    const member = await signUp(portal, '小美');
    await recordMemberFeeByOperator(services(), member.pk);
    const feeRow = [...models().ledger.transfers.values()].find(
      (row) => row.posting.links.memberfee?.userPk === member.pk,
    )!;
    const deleted = await staff.client.post(`/api/admin/trans/modify/${feeRow.debitPk}`, {
      cmd: 'delete',
      refundReason: '誤收',
    });
    expect(deleted.body.status).toBe('ok');
    expect((await member.client.get('/api/user/check')).body.user).toMatchObject({ ismember: false });
    expect(models().ledger.transfers.get(deleted.body.transferKey as string)?.posting.summary).toBe('誤收');
  });
});
