import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountStream, userAccount } from '@club/core/ledger/accounts';
import { instrument } from '@club/core/eventstore/faults';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';

// The member's money through the API: transfers with every refusal, the transaction log and its pager,
// paying the member fee with its gates, pouch top-ups, the picker's data, the member roster, and many
// concurrent transfers from one account through two portals on one SQLite file.

const NOW = new Date('2026-11-22T04:00:00.000Z'); // 115-1
const PREVIOUS_SEMESTER = new Date('2026-05-01T04:00:00.000Z'); // 114-2

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal({ now: NOW });
});
afterEach(async () => {
  await portal.close();
});

interface TransJson {
  pk: number;
  pkstr: string;
  sympk: number | null;
  sympkstr: string | null;
  timestamp: string;
  user: { pk: number; pkstr: string; name: string; account: string; prefix: boolean };
  symuser: { pk: number; pkstr: string; name: string; nameEn?: string; account: string; prefix: boolean };
  execuser: { pk: number; pkstr: string; name: string } | null;
  summary: string;
  delta: number;
  balance: number;
  kind: string;
}

let pouches = 0;
/** Registers a fresh pouch (as staff would) and tops the person up with it through the API. */
async function topUp(person: TestPerson, amountNtd: number): Promise<void> {
  const barcode = `P${String(++pouches).padStart(5, '0')}`;
  await portal.app.services.ledger.registerPouch({ now: portal.clock.now, actorPk: null, barcode });
  const answer = await person.client.post('/api/user/pouch/topup', { barcode, amount: amountNtd });
  expect(answer.body.status).toBe('ok');
}

async function grant(person: TestPerson, key: string): Promise<void> {
  const granted = await portal.app.services.access.addGrant(
    { key, userPk: person.pk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `grant-${key}-${person.pk}` },
  );
  if (!granted.ok) throw new Error(`grant refused: ${granted.reason}`);
  await portal.app.services.projections.waitFor(granted.position);
}

/** Makes the person a member of the previous semester (114-2), so they are lapsed now. */
async function lapsedMember(person: TestPerson): Promise<void> {
  portal.clock.now = PREVIOUS_SEMESTER;
  await recordMemberFeeByOperator(portal.app.services, person.pk);
  portal.clock.now = NOW;
}

const userOf = async (person: TestPerson) =>
  (await person.client.get('/api/user/check')).body.user as {
    balance: number;
    ismember: boolean;
    isnextmember: boolean;
    lastmember: string | null;
  };

const balanceOf = async (person: TestPerson) => (await userOf(person)).balance;

const transfer = (person: TestPerson, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  person.client.request('PUT', '/api/user/transfer', body, headers);

const logOf = async (person: TestPerson, page = 1) => {
  const answer = await person.client.get(`/api/user/trans/log/${page}`);
  expect(answer.body.status).toBe('ok');
  return answer.body as unknown as {
    loglist: TransJson[];
    pager: { totalrows: number; rowsperpage: number; page: number };
  };
};

describe('PUT /api/user/transfer', () => {
  it('needs a login (401)', async () => {
    const answer = await portal
      .client()
      .put('/api/user/transfer', { touserid: 101, amount: 1, summary: '測試' });
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toEqual({ status: 'fail', reason: 'login' });
  });

  it('moves money from the payer to the recipient and answers with the payer’s row', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 500);
    const answer = await transfer(payer, { touserid: payee.pk, amount: 120, summary: '底片錢' });
    expect(answer.body.status).toBe('ok');
    const trans = answer.body.trans as TransJson;
    expect(trans).toMatchObject({
      pkstr: `T${trans.pk}`,
      delta: -120,
      balance: 380,
      summary: '底片錢',
      kind: 'transfer',
      user: { pk: payer.pk, name: '付款人', prefix: false },
      symuser: { pk: payee.pk, name: '收款人', account: String(payee.pk), prefix: false },
      execuser: { pk: payer.pk, name: '付款人' },
    });
    expect(answer.body.balance).toBe(380);
    expect(await balanceOf(payer)).toBe(380);
    expect(await balanceOf(payee)).toBe(120);
  });

  it('accepts the amount and the recipient as digits, as a form sends them', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid: String(payee.pk), amount: '100', summary: '全部' });
    expect(answer.body.status).toBe('ok');
    expect(await balanceOf(payee)).toBe(100);
  });

  it.each([
    ['nothing', {}],
    ['null', { touserid: null }],
    ['an empty string', { touserid: '' }],
    ['blank', { touserid: '  ' }],
  ])('refuses with no_recipient when the recipient is %s', async (_name, recipient) => {
    const payer = await signUp(portal, '付款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { ...recipient, amount: 'x', summary: '' });
    expect(answer.body).toEqual({ status: 'fail', reason: 'no_recipient' });
  });

  it.each([
    ['an unknown user', 9999],
    ['a pk kept for the club with no account to pay (the operator)', 1],
    ['the workshop deposits held', 11],
    ['the pouch clearing account', 12],
    ['the club cash', 13],
    ['text that is no pk', 'cash-101'],
  ])('refuses with notfound for %s', async (_name, touserid) => {
    const payer = await signUp(portal, '付款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid, amount: 10, summary: '測試' });
    expect(answer.body).toEqual({ status: 'fail', reason: 'notfound' });
    expect(await balanceOf(payer)).toBe(100);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['a fraction', 1.5],
    ['text', 'abc'],
    ['missing', undefined],
    ['null', null],
    ['a decimal string', '10.5'],
  ])('refuses with amount_invalid when the amount is %s', async (_name, amount) => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid: payee.pk, amount, summary: '' });
    expect(answer.body).toEqual({ status: 'fail', reason: 'amount_invalid' });
  });

  it('refuses more than the balance with insufficient_balance (before the summary is checked)', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    expect((await transfer(payer, { touserid: payee.pk, amount: 101, summary: '' })).body).toEqual({
      status: 'fail',
      reason: 'insufficient_balance',
    });
    // Nothing at all: the first spend is refused too.
    const broke = await signUp(portal, '沒錢');
    expect((await transfer(broke, { touserid: payee.pk, amount: 1, summary: '測試' })).body.reason).toBe(
      'insufficient_balance',
    );
    expect(await balanceOf(payer)).toBe(100);
  });

  it('lets a holder of allowdebt go below zero', async () => {
    const payer = await signUp(portal, '可欠款');
    const payee = await signUp(portal, '收款人');
    await grant(payer, 'allowdebt');
    const answer = await transfer(payer, { touserid: payee.pk, amount: 50, summary: '先欠著' });
    expect(answer.body.status).toBe('ok');
    expect(await balanceOf(payer)).toBe(-50);
    expect(await balanceOf(payee)).toBe(50);
  });

  it.each([
    ['empty', ''],
    ['one character', '錢'],
    ['one character between spaces', '  a  '],
    ['missing', undefined],
  ])('refuses a summary that is %s with summary_too_short', async (_name, summary) => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid: payee.pk, amount: 10, summary });
    expect(answer.body).toEqual({ status: 'fail', reason: 'summary_too_short' });
  });

  it('refuses a transfer to the member-fee income account with memberfee_account', async () => {
    const payer = await signUp(portal, '付款人');
    await topUp(payer, 1000);
    const answer = await transfer(payer, { touserid: 10, amount: 600, summary: '社費' });
    expect(answer.body).toEqual({ status: 'fail', reason: 'memberfee_account' });
    expect(await balanceOf(payer)).toBe(1000);
  });

  it('pays the club accounts a member may pay (film stock)', async () => {
    const payer = await signUp(portal, '付款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid: 4, amount: 90, summary: '買底片' });
    expect(answer.body.status).toBe('ok');
    expect((answer.body.trans as TransJson).symuser).toMatchObject({
      pk: 4,
      name: '底片庫存',
      nameEn: 'Film stock',
      prefix: true,
    });
  });

  it('refuses a transfer to oneself with same_account', async () => {
    const payer = await signUp(portal, '付款人');
    await topUp(payer, 100);
    const answer = await transfer(payer, { touserid: payer.pk, amount: 10, summary: '自己' });
    expect(answer.body).toEqual({ status: 'fail', reason: 'same_account' });
  });

  it('answers a retry with the same requestId with the first result and moves nothing more', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 500);
    const body = { touserid: payee.pk, amount: 100, summary: '重送測試', requestId: 'transfer-once' };
    const first = await transfer(payer, body);
    const second = await transfer(payer, body);
    expect(first.body.status).toBe('ok');
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(payer)).toBe(400);
    expect(await balanceOf(payee)).toBe(100);
    expect((await logOf(payer)).pager.totalrows).toBe(2); // the top-up and one transfer

    // The Idempotency-Key header works the same way.
    const headerBody = { touserid: payee.pk, amount: 50, summary: '標頭測試' };
    const third = await transfer(payer, headerBody, { 'idempotency-key': 'header-key' });
    const fourth = await transfer(payer, headerBody, { 'idempotency-key': 'header-key' });
    expect(fourth.body).toEqual(third.body);
    expect(await balanceOf(payer)).toBe(350);
  });

  it('refuses the same requestId with other content with mismatch', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 500);
    const body = { touserid: payee.pk, amount: 100, summary: '第一次', requestId: 'reused-key' };
    expect((await transfer(payer, body)).body.status).toBe('ok');
    expect((await transfer(payer, { ...body, amount: 200 })).body).toEqual({
      status: 'fail',
      reason: 'mismatch',
    });
    expect((await transfer(payer, { ...body, summary: '第二次' })).body.reason).toBe('mismatch');
    expect(await balanceOf(payer)).toBe(400);
  });

  it('accepts the store scope and records it on the events', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    const answer = await transfer(
      payer,
      { touserid: payee.pk, amount: 30, summary: '店面' },
      { scope: 'store' },
    );
    expect(answer.body.status).toBe('ok');
    const events = await portal.store.readStream(accountStream(userAccount(payer.pk)));
    expect(events.at(-1)?.metadata.scope).toBe('store');
    // Without a Scope header a state-changing call is refused (CSRF defence).
    const noScope = await portal.app.inject({ method: 'PUT', url: '/api/user/transfer', payload: {} });
    expect(noScope.statusCode).toBe(403);
  });

  it('refuses a body of the wrong shape with 400 badrequest', async () => {
    const payer = await signUp(portal, '付款人');
    const answer = await transfer(payer, { touserid: 102, amount: 10, summary: 42 });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'badrequest', fields: ['summary'] });
  });
});

describe('GET /api/user/trans/log/{page}', () => {
  it('needs a login (401)', async () => {
    const answer = await portal.client().get('/api/user/trans/log/1');
    expect(answer.statusCode).toBe(401);
  });

  it('shows both sides of a transfer, linked by pk and sympk', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 300);
    await transfer(payer, { touserid: payee.pk, amount: 80, summary: '相紙' });
    const [sent, toppedUp] = (await logOf(payer)).loglist;
    const [received] = (await logOf(payee)).loglist;
    expect(sent).toMatchObject({ delta: -80, balance: 220, summary: '相紙', symuser: { pk: payee.pk } });
    expect(received).toMatchObject({ delta: 80, balance: 80, summary: '相紙', symuser: { pk: payer.pk } });
    expect(received!.execuser).toMatchObject({ pk: payer.pk });
    expect(sent!.sympk).toBe(received!.pk);
    expect(received!.sympk).toBe(sent!.pk);
    expect(sent!.sympkstr).toBe(`T${received!.pk}`);
    expect(toppedUp).toMatchObject({ delta: 300, kind: 'pouch_topup', symuser: { pk: 12, prefix: true } });
    expect(Date.parse(sent!.timestamp)).toBe(NOW.getTime());
  });

  it('pages 20 rows at a time, newest first', async () => {
    const payer = await signUp(portal, '付款人');
    const payee = await signUp(portal, '收款人');
    await topUp(payer, 100);
    for (let index = 1; index <= 24; index += 1) {
      const answer = await transfer(payer, { touserid: payee.pk, amount: 1, summary: `第 ${index} 筆` });
      expect(answer.body.status).toBe('ok');
    }
    const first = await logOf(payer, 1);
    expect(first.pager).toEqual({ totalrows: 25, rowsperpage: 20, page: 1 });
    expect(first.loglist).toHaveLength(20);
    expect(first.loglist[0]!.summary).toBe('第 24 筆');
    expect(first.loglist[19]!.summary).toBe('第 5 筆');
    const second = await logOf(payer, 2);
    expect(second.loglist.map((row) => row.summary)).toEqual([
      '第 4 筆',
      '第 3 筆',
      '第 2 筆',
      '第 1 筆',
      expect.stringMatching(/^儲值袋 P\d{5}$/),
    ]);
    expect((await logOf(payer, 3)).loglist).toEqual([]);
    const pks = [...first.loglist, ...second.loglist].map((row) => row.pk);
    expect(pks).toEqual([...pks].sort((a, b) => b - a));
    expect((await payer.client.get('/api/user/trans/log/0')).statusCode).toBe(400);
  });
});

describe('PUT /api/user/modify (pay the member fee)', () => {
  const pay = (person: TestPerson, semester = '115-1', extra: Record<string, unknown> = {}) =>
    person.client.put('/api/user/modify', { paymemberfee: semester, ...extra });

  it('needs a login (401)', async () => {
    expect((await portal.client().put('/api/user/modify', { paymemberfee: '115-1' })).statusCode).toBe(401);
  });

  it('refuses someone who was never a member (not_allowed)', async () => {
    const person = await signUp(portal, '新生');
    await topUp(person, 600);
    expect((await pay(person)).body).toEqual({ status: 'fail', reason: 'not_allowed' });
    expect(await balanceOf(person)).toBe(600);
  });

  it('lets a lapsed member pay, after which they are a member', async () => {
    const person = await signUp(portal, '老社員');
    await lapsedMember(person);
    expect(await userOf(person)).toMatchObject({ ismember: false, lastmember: '114-2' });
    await topUp(person, 700);
    const answer = await pay(person);
    expect(answer.body.status).toBe('ok');
    expect(answer.body.user).toMatchObject({ ismember: true, lastmember: '115-1', balance: 100 });
    expect(answer.body.trans).toMatchObject({ delta: -600, kind: 'memberfee', symuser: { pk: 10 } });
    expect(await userOf(person)).toMatchObject({ ismember: true, isnextmember: false, lastmember: '115-1' });
    // Paid already.
    expect((await pay(person)).body).toEqual({ status: 'fail', reason: 'already' });
    expect(await balanceOf(person)).toBe(100);
  });

  it('lets a current member pay the next semester', async () => {
    const person = await signUp(portal, '社員');
    await recordMemberFeeByOperator(portal.app.services, person.pk);
    await topUp(person, 600);
    const answer = await pay(person, '115-2');
    expect(answer.body.status).toBe('ok');
    expect(await userOf(person)).toMatchObject({ ismember: true, isnextmember: true, lastmember: '115-2' });
  });

  it('refuses other semesters (semester_invalid)', async () => {
    const person = await signUp(portal, '老社員');
    await lapsedMember(person);
    await topUp(person, 600);
    expect((await pay(person, '114-2')).body).toEqual({ status: 'fail', reason: 'semester_invalid' });
    expect((await pay(person, '116-1')).body).toEqual({ status: 'fail', reason: 'semester_invalid' });
    expect((await pay(person, 'soon')).body).toEqual({ status: 'fail', reason: 'semester_invalid' });
  });

  it('refuses a lapsed member holding errormember (not_allowed)', async () => {
    const person = await signUp(portal, '停權');
    await lapsedMember(person);
    await grant(person, 'errormember');
    await topUp(person, 600);
    expect((await pay(person)).body).toEqual({ status: 'fail', reason: 'not_allowed' });
  });

  it('refuses an account awaiting review (not_allowed)', async () => {
    const person = await signUp(portal, '外校生', {
      identity: 3,
      school: '他校',
      department: '資工系',
      grade: '大二',
    });
    await lapsedMember(person);
    await topUp(person, 600);
    expect((await userOf(person)) as unknown).toMatchObject({ valid: false });
    expect((await pay(person)).body).toEqual({ status: 'fail', reason: 'not_allowed' });
  });

  it('refuses a low balance (insufficient_balance), and pays once topped up', async () => {
    const person = await signUp(portal, '老社員');
    await lapsedMember(person);
    await topUp(person, 500);
    expect((await pay(person)).body).toEqual({ status: 'fail', reason: 'insufficient_balance' });
    expect(await userOf(person)).toMatchObject({ ismember: false, balance: 500 });
    await topUp(person, 100);
    expect((await pay(person)).body.status).toBe('ok');
    expect(await userOf(person)).toMatchObject({ ismember: true, balance: 0 });
  });

  it('answers a retry with the same requestId with the first result', async () => {
    const person = await signUp(portal, '老社員');
    await lapsedMember(person);
    await topUp(person, 1200);
    const first = await pay(person, '115-1', { requestId: 'fee-once' });
    const second = await pay(person, '115-1', { requestId: 'fee-once' });
    expect(first.body.status).toBe('ok');
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(person)).toBe(600);
    // The same key for another semester is refused.
    expect((await pay(person, '115-2', { requestId: 'fee-once' })).body).toEqual({
      status: 'fail',
      reason: 'mismatch',
    });
    expect(await balanceOf(person)).toBe(600);
  });

  it('refuses a body without paymemberfee with 400', async () => {
    const person = await signUp(portal, '老社員');
    expect((await person.client.put('/api/user/modify', {})).statusCode).toBe(400);
  });
});

describe('POST /api/user/pouch/topup', () => {
  const post = (person: TestPerson, body: Record<string, unknown>) =>
    person.client.post('/api/user/pouch/topup', body);
  const register = (barcode: string) =>
    portal.app.services.ledger.registerPouch({ now: portal.clock.now, actorPk: null, barcode });

  it('needs a login (401)', async () => {
    expect(
      (await portal.client().post('/api/user/pouch/topup', { barcode: 'A1', amount: 100 })).statusCode,
    ).toBe(401);
  });

  it('credits the member at once and answers with the new row', async () => {
    const person = await signUp(portal, '儲值者');
    await register('BAG-001');
    const answer = await post(person, { barcode: ' BAG-001 ', amount: '300' });
    expect(answer.body.status).toBe('ok');
    expect(answer.body.balance).toBe(300);
    expect(answer.body.trans).toMatchObject({ delta: 300, kind: 'pouch_topup', summary: '儲值袋 BAG-001' });
    expect(await balanceOf(person)).toBe(300);
  });

  it.each([
    ['not a multiple of 100', 150],
    ['zero', 0],
    ['negative', -100],
    ['text', 'lots'],
    ['missing', undefined],
  ])('refuses an amount that is %s with amount_invalid', async (_name, amount) => {
    const person = await signUp(portal, '儲值者');
    await register('BAG-002');
    expect((await post(person, { barcode: 'BAG-002', amount })).body).toEqual({
      status: 'fail',
      reason: 'amount_invalid',
    });
  });

  it('refuses an unknown pouch (pouch_unknown) and a used one (pouch_used)', async () => {
    const person = await signUp(portal, '儲值者');
    const other = await signUp(portal, '別人');
    expect((await post(person, { barcode: 'NOPE', amount: 100 })).body.reason).toBe('pouch_unknown');
    expect((await post(person, { barcode: '', amount: 100 })).body.reason).toBe('pouch_unknown');
    expect((await post(person, { barcode: 'bad barcode!', amount: 100 })).body.reason).toBe('pouch_unknown');
    await register('BAG-003');
    const first = await post(person, { barcode: 'BAG-003', amount: 200 });
    expect(first.body.status).toBe('ok');
    expect((await post(other, { barcode: 'BAG-003', amount: 200 })).body.reason).toBe('pouch_used');
    expect((await post(person, { barcode: 'BAG-003', amount: 300 })).body.reason).toBe('pouch_used');
    // The same member and amount again is a retry of that top-up: the first result, nothing more.
    expect((await post(person, { barcode: 'BAG-003', amount: 200 })).body).toEqual(first.body);
    expect(await balanceOf(person)).toBe(200);
    expect(await balanceOf(other)).toBe(0);
  });
});

describe('GET /api/store/refresh', () => {
  it('answers the current and next semester without a login', async () => {
    const answer = await portal.client().get('/api/store/refresh');
    expect(answer.body).toEqual({ status: 'ok', semesterinfo: { semester: '115-1', nextsemester: '115-2' } });
  });
});

describe('GET /api/typeahead2/user', () => {
  it('needs a login (401)', async () => {
    expect((await portal.client().get('/api/typeahead2/user')).statusCode).toBe(401);
  });

  it('lists people with their last member semester and the club accounts a member may pay', async () => {
    const person = await signUp(portal, '找得到');
    await lapsedMember(person);
    const answer = await person.client.get('/api/typeahead2/user');
    const list = answer.body.searchlist as {
      pk: number;
      pkstr: string;
      semester: string;
      name: string;
      shortname: string;
      prefix: boolean;
    }[];
    expect(list).toContainEqual({
      pk: person.pk,
      pkstr: `U${String(person.pk).padStart(5, '0')}`,
      semester: '114-2',
      name: '找得到',
      shortname: '',
      prefix: false,
    });
    expect(list.filter((entry) => entry.prefix).map((entry) => entry.pk)).toEqual([4, 2861, 10]);
    expect(list.some((entry) => [11, 12, 13].includes(entry.pk))).toBe(false);
  });
});

describe('GET /api/admin/member/list/{semester}', () => {
  it('lists the semester’s members by identity group with the fee payment', async () => {
    const staff = await signUp(portal, '幹部');
    await recordMemberFeeByOperator(portal.app.services, staff.pk);
    await makeStaffByOperator(portal.app.services, staff.pk, '社長');
    const senior = await signUp(portal, '大三生', { grade: '大三' });
    await recordMemberFeeByOperator(portal.app.services, senior.pk);
    const lapsed = await signUp(portal, '老社員');
    await lapsedMember(lapsed);
    await topUp(lapsed, 600);
    expect((await lapsed.client.put('/api/user/modify', { paymemberfee: '115-1' })).body.status).toBe('ok');

    const answer = await staff.client.get('/api/admin/member/list/115-1');
    expect(answer.body.status).toBe('ok');
    const objlist = answer.body.objlist as {
      user: { pk: number };
      identitygroup: number;
      trans: TransJson;
    }[];
    expect(objlist.map((entry) => [entry.user.pk, entry.identitygroup])).toEqual([
      [staff.pk, 2],
      [lapsed.pk, 2],
      [senior.pk, 3],
    ]);
    const selfPaid = objlist.find((entry) => entry.user.pk === lapsed.pk)!;
    expect(selfPaid.trans).toMatchObject({ delta: -600, kind: 'memberfee', user: { pk: lapsed.pk } });
    expect(answer.body.semesterList).toEqual(['115-2', '115-1', '114-2']);
    expect(answer.body.semesterSelected).toBe('115-1');

    const previous = await staff.client.get('/api/admin/member/list/114-2');
    expect((previous.body.objlist as { user: { pk: number } }[]).map((entry) => entry.user.pk)).toEqual([
      lapsed.pk,
    ]);
    const current = await staff.client.get('/api/admin/member/list');
    expect(current.body.semesterSelected).toBe('115-1');
  });
});

describe('concurrent transfers on the SQLite store', () => {
  it('lets exactly the covered number of 30 concurrent transfers from one account succeed, across two portals on one file', {
    timeout: 60_000,
  }, async () => {
    await portal.close();
    const directory = mkdtempSync(join(tmpdir(), 'club-money-concurrency-'));
    const file = join(directory, 'events.sqlite3');
    // Two portals, each with its own connection to the one file, its own caches and its own stream locks,
    // as two processes would have: the 30 requests are split between them, so only the expected revision
    // keeps them from both spending the same money. Reads answer a turn of the event loop late (as over a
    // socket), so that the two portals' commands really overlap.
    const first = instrument(openSqliteEventStore({ file }));
    const second = instrument(openSqliteEventStore({ file }));
    let other: TestPortal | undefined;
    try {
      portal = await createTestPortal({ now: NOW, store: first.store });
      other = await createTestPortal({ now: NOW, store: second.store });
      const payer = await signUp(portal, '熱門帳戶');
      const payees = [await signUp(portal, '甲'), await signUp(portal, '乙'), await signUp(portal, '丙')];
      await topUp(payer, 1000);
      await other.app.services.projections.waitFor(await first.store.headPosition());
      const payerOnOther = other.client();
      const login = await payerOnOther.post('/api/user/login', { user: payer.mobile, password: 'secret1' });
      expect(login.body.status).toBe('ok');

      first.readLatency = true;
      second.readLatency = true;
      const conflictsBefore = first.conflicts + second.conflicts;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? payer.client : payerOnOther).request('PUT', '/api/user/transfer', {
            touserid: payees[index % payees.length]!.pk,
            amount: 100,
            summary: `同時轉帳 ${index}`,
          }),
        ),
      );
      first.readLatency = false;
      second.readLatency = false;
      const conflicts = first.conflicts + second.conflicts - conflictsBefore;
      console.log(`[money] 30 concurrent transfers on two portals: ${conflicts} expected-revision conflicts`);
      // The race really happened: appends decided against a revision the other portal had moved on.
      expect(conflicts).toBeGreaterThan(0);

      const reasons = answers.map((answer) => answer.body.reason ?? answer.body.status);
      expect(reasons.filter((reason) => reason === 'ok')).toHaveLength(10);
      expect(reasons.filter((reason) => reason === 'insufficient_balance')).toHaveLength(20);
      // A portal's log reader stops before its own appends that are not yet synced: the other portal's
      // credits behind one of those (its process manager may have credited a debit first) come a sync later.
      const deadline = Date.now() + 5_000;
      for (;;) {
        await portal.app.services.projections.waitFor(await first.store.headPosition());
        if (portal.app.services.projections.models.ledger.inFlightCents === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await balanceOf(payer)).toBe(0);
      let received = 0;
      for (const payee of payees) received += await balanceOf(payee);
      expect(received).toBe(1000);
      const { ledger } = portal.app.services.projections.models;
      expect(ledger.inFlightCents).toBe(0);
      expect([...ledger.balances.values()].reduce((sum, cents) => sum + cents, 0)).toBe(0);
      // The balance after every debit never went below zero, in the order they were stored.
      const debits = (await logOf(payer, 1)).loglist.filter((row) => row.delta < 0);
      expect(debits.map((row) => row.balance).sort((a, b) => a - b)).toEqual([
        0, 100, 200, 300, 400, 500, 600, 700, 800, 900,
      ]);
    } finally {
      await other?.close();
      await portal.close();
      portal = await createTestPortal({ now: NOW });
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
