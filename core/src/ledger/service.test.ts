// The Ledger service over a real (in-memory) SQLite store: each operation's outcomes and reason codes, the
// first-result rule for retries, and the balances each leaves behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Access } from '../access/service.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS, staffCashAccount } from './accounts.ts';
import { Ledger, type LedgerRequest } from './service.ts';

const now = new Date('2026-11-22T04:00:00.000Z'); // semester 115-1, next 115-2
const later = new Date('2026-11-22T05:00:00.000Z');
const as = (actorPk: number, at = now): LedgerRequest => ({ now: at, actorPk });

// People: 101 and 102 members, 103 a newcomer, 106 holds allowdebt; staff 7 and 8.
let store: EventStore;
let ledger: Ledger;

beforeEach(() => {
  store = openSqliteEventStore({ file: ':memory:' });
  ledger = new Ledger(store);
});
afterEach(async () => {
  await store.close();
});

const fund = (userPk: number, amountNtd: number, key = `fund-${userPk}-${amountNtd}`) =>
  ledger.addValue({ ...as(7), transferId: key, staffPk: 7, userPk, amountCents: amountNtd * 100 });

const transfer = (overrides: Partial<Parameters<Ledger['transfer']>[0]> = {}) =>
  ledger.transfer({
    ...as(101),
    transferId: 't1',
    from: 101,
    to: 102,
    amountCents: 30_000,
    summary: 'film rolls',
    allowDebt: false,
    ...overrides,
  });

const payer = (
  pk: number,
  overrides: Partial<Parameters<Ledger['receiveMemberFee']>[0]['payer'] & object> = {},
) => ({
  pk,
  isCurrentStaff: false,
  errormember: false,
  needsReview: false,
  identifiedBy: 'stuid' as const,
  ...overrides,
});

const collect = (overrides: Partial<Parameters<Ledger['receiveMemberFee']>[0]> = {}) =>
  ledger.receiveMemberFee({
    ...as(7),
    collectionId: 'c1',
    staffPk: 7,
    payer: payer(101),
    memberfeeSemester: '115-1',
    workshops: [],
    totalNeedPayCents: 60_000,
    ...overrides,
  });

const payFee = (overrides: Partial<Parameters<Ledger['payMemberFee']>[0]> = {}) =>
  ledger.payMemberFee({
    ...as(101),
    claimId: 'p1',
    userPk: 101,
    semester: '115-2',
    allowDebt: false,
    errormember: false,
    valid: true,
    ...overrides,
  });

const balances = async (...accounts: (number | string)[]) =>
  Promise.all(accounts.map((account) => ledger.balanceOf(account)));

describe('Ledger.transfer (document 1)', () => {
  beforeEach(async () => {
    await fund(101, 1000);
  });

  it('moves the amount and answers with the transfer key and a position', async () => {
    const result = await transfer();
    expect(result).toEqual({ ok: true, transferKey: '101/transfer:t1', position: expect.any(Number) });
    expect(await balances(101, 102)).toEqual([70_000, 30_000]);
  });

  it.each([
    ['no_recipient', { to: null }],
    ['same_account', { to: 101 }],
    ['amount_invalid', { amountCents: 0 }],
    ['amount_invalid', { amountCents: 12.5 }],
    ['insufficient_balance', { amountCents: 100_001 }],
    ['summary_too_short', { summary: ' x ' }],
    ['memberfee_account', { to: CLUB_ACCOUNTS.memberFeeIncome.id }],
    ['memberfee_account', { to: 104, recipientName: '攝影社社費帳戶' }],
  ] as const)('refuses with %s and moves nothing', async (reason, overrides) => {
    const head = await store.headPosition();
    expect(await transfer(overrides)).toEqual({ ok: false, reason });
    expect(await store.headPosition()).toBe(head);
    expect(await ledger.balanceOf(101)).toBe(100_000);
  });

  it('lets an allowdebt holder go below zero', async () => {
    const result = await transfer({ from: 106, transferId: 'd1', amountCents: 50_000, allowDebt: true });
    expect(result.ok).toBe(true);
    expect(await ledger.balanceOf(106)).toBe(-50_000);
  });

  it('a retry with the same key returns the first result and appends nothing, even after the balance was spent', async () => {
    const first = await transfer();
    await transfer({ transferId: 't2', amountCents: 70_000 });
    const head = await store.headPosition();
    expect(await transfer({ now: later })).toEqual(first);
    expect(await store.headPosition()).toBe(head);
    expect(await balances(101, 102)).toEqual([0, 100_000]);
  });

  it('the same key with other content is refused with idempotency_mismatch', async () => {
    await transfer();
    expect(await transfer({ amountCents: 30_100 })).toEqual({ ok: false, reason: 'idempotency_mismatch' });
    expect(await transfer({ to: 103 })).toEqual({ ok: false, reason: 'idempotency_mismatch' });
  });

  it('the same key from another payer is another transfer (keys are per debit account)', async () => {
    await fund(102, 500);
    await transfer();
    expect(await transfer({ ...as(102), from: 102, to: 101, amountCents: 10_000 })).toMatchObject({
      ok: true,
      transferKey: '102/transfer:t1',
    });
  });

  it('the credit carries the debit time: point-in-time balances of both sides agree', async () => {
    await transfer({ now: later });
    const justBefore = new Date(later.getTime() - 1);
    expect(await ledger.balanceAt(101, justBefore)).toBe(100_000);
    expect(await ledger.balanceAt(102, justBefore)).toBe(0);
    expect(await ledger.balanceAt(101, later)).toBe(70_000);
    expect(await ledger.balanceAt(102, later)).toBe(30_000);
  });
});

describe('Ledger.addValue and takeBack (cash at the counter)', () => {
  it('add value: the staff cash in hand pays the member (and runs negative)', async () => {
    expect((await fund(101, 500)).ok).toBe(true);
    expect(await balances(101, staffCashAccount(7))).toEqual([50_000, -50_000]);
  });

  it('take back: the member pays the staff cash, within the balance', async () => {
    await fund(101, 500);
    const takeBack = (amountCents: number, transferId: string) =>
      ledger.takeBack({ ...as(7), transferId, staffPk: 7, userPk: 101, amountCents, allowDebt: false });
    expect(await takeBack(60_000, 'b1')).toEqual({ ok: false, reason: 'insufficient_balance' });
    expect((await takeBack(20_000, 'b2')).ok).toBe(true);
    expect(await balances(101, staffCashAccount(7))).toEqual([30_000, -30_000]);
  });
});

describe('Ledger.receiveMemberFee (AdminReceiveMemberFee pay)', () => {
  it.each([
    ['notfound', { payer: null }],
    ['other', { totalNeedPayCents: 50_000 }],
    ['other', { memberfeeSemester: null, totalNeedPayCents: 0 }],
    ['other', { memberfeeSemester: '114-1' }],
    ['self', { payer: payer(7) }],
    ['staff', { payer: payer(8, { isCurrentStaff: true }) }],
    ['errormember', { payer: payer(101, { errormember: true }) }],
    ['needreview', { payer: payer(101, { needsReview: true }) }],
    ['notfound', { payer: payer(101, { identifiedBy: 'mobile' }) }],
  ] as const)('refuses with %s and takes nothing', async (reason, overrides) => {
    expect(await collect(overrides)).toMatchObject({ ok: false, reason });
    expect(await store.headPosition()).toBe(0);
  });

  it('takes the fee and two workshop deposits from the staff cash in one claim', async () => {
    const result = await collect({
      workshops: [
        { semester: '115-1', workshopKind: 1 },
        { semester: '115-1', workshopKind: 3 },
      ],
      totalNeedPayCents: 160_000,
    });
    expect(result).toMatchObject({
      ok: true,
      transfers: [
        { due: 'memberfee:115-1', transferKey: 'cash-7/due:101:c1:memberfee:115-1' },
        { due: 'workshop:115-1:1', transferKey: 'cash-7/due:101:c1:workshop:115-1:1' },
        { due: 'workshop:115-1:3', transferKey: 'cash-7/due:101:c1:workshop:115-1:3' },
      ],
    });
    expect(
      await balances(
        staffCashAccount(7),
        CLUB_ACCOUNTS.memberFeeIncome.id,
        CLUB_ACCOUNTS.workshopDeposits.id,
      ),
    ).toEqual([-160_000, 60_000, 100_000]);
    expect(await ledger.membershipSummary(101, now)).toMatchObject({ ismember: true, lastmember: '115-1' });
  });

  it('never takes one semester twice: already, with nothing moved', async () => {
    await collect();
    const head = await store.headPosition();
    expect(await collect({ collectionId: 'c2', staffPk: 8, actorPk: 8 })).toMatchObject({
      ok: false,
      reason: 'already',
    });
    expect(await store.headPosition()).toBe(head);
  });

  it('a member found by mobile may pay the next semester', async () => {
    await collect();
    expect(
      await collect({
        collectionId: 'c2',
        memberfeeSemester: '115-2',
        payer: payer(101, { identifiedBy: 'mobile' }),
      }),
    ).toMatchObject({ ok: true });
  });

  it('concurrent collections of one semester by two staff: exactly one succeeds', async () => {
    const results = await Promise.all([
      collect(),
      collect({ collectionId: 'c2', staffPk: 8, actorPk: 8 }),
      collect({ collectionId: 'c3', staffPk: 8, actorPk: 8 }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual([
      'already',
      'already',
    ]);
    expect(await ledger.balanceOf(CLUB_ACCOUNTS.memberFeeIncome.id)).toBe(60_000);
  });

  it('marks the workshop roster entry paid, and unpaid again when the deposit is refunded', async () => {
    const access = new Access(store);
    await access.addWorkshopEntry(
      { semester: '115-1', userPk: 103, kind: 1, actorAuthorities: ['workshopset'] },
      { now, actor: '7', correlationId: 'w' },
    );
    const paid = await collect({
      payer: payer(103),
      memberfeeSemester: null,
      workshops: [{ semester: '115-1', workshopKind: 1 }],
      totalNeedPayCents: 50_000,
    });
    expect(paid.ok).toBe(true);
    const transferKey = paid.ok ? paid.transfers[0]!.transferKey : '';
    expect((await access.workshopRoster('115-1')).entries.get('103:1')?.deposit).toEqual({
      status: 'paid',
      transferId: transferKey,
    });

    const refunded = await ledger.refund({
      ...as(9),
      transferId: 'r1',
      original: transferKey,
      amountCents: 40_000,
      reason: 'missed two classes',
      cancelDue: true,
      allowDebt: false,
    });
    expect(refunded.ok).toBe(true);
    expect((await access.workshopRoster('115-1')).entries.get('103:1')?.deposit).toEqual({
      status: 'unpaid',
    });
    expect(await balances(CLUB_ACCOUNTS.workshopDeposits.id, staffCashAccount(7))).toEqual([10_000, -10_000]);
  });
});

describe('Ledger.payMemberFee (document 2)', () => {
  it('refuses a semester other than the current or next one', async () => {
    expect(await payFee({ semester: '114-2' })).toEqual({ ok: false, reason: 'semester_invalid' });
  });

  it('refuses someone who was never a member, errormember, or not valid', async () => {
    await fund(101, 1000);
    expect(await payFee()).toEqual({ ok: false, reason: 'not_allowed' });
    await collect();
    expect(await payFee({ errormember: true })).toEqual({ ok: false, reason: 'not_allowed' });
    expect(await payFee({ claimId: 'p2', valid: false })).toEqual({ ok: false, reason: 'not_allowed' });
  });

  it('a member pays the next semester from the balance; isnextmember follows', async () => {
    await collect();
    await fund(101, 1000);
    const result = await payFee();
    expect(result).toMatchObject({
      ok: true,
      transfers: [{ due: 'memberfee:115-2', transferKey: '101/due:101:p1:memberfee:115-2' }],
    });
    expect(await balances(101, CLUB_ACCOUNTS.memberFeeIncome.id)).toEqual([40_000, 120_000]);
    expect(await ledger.membershipSummary(101, now)).toEqual({
      ismember: true,
      isnextmember: true,
      lastmember: '115-2',
      paidSemesters: ['115-1', '115-2'],
    });
    expect(await payFee({ claimId: 'p2' })).toMatchObject({ ok: false, reason: 'already' });
    const head = await store.headPosition();
    expect(await payFee()).toEqual(result);
    expect(await store.headPosition()).toBe(head);
  });

  it('low balance: refused, the semester released; the same key stays refused, a new key pays after a top-up', async () => {
    await collect();
    await fund(101, 500);
    expect(await payFee()).toEqual({ ok: false, reason: 'insufficient_balance' });
    expect(await ledger.balanceOf(101)).toBe(50_000);
    await fund(101, 200);
    expect(await payFee()).toEqual({ ok: false, reason: 'insufficient_balance' });
    expect(await payFee({ claimId: 'p2' })).toMatchObject({ ok: true });
    expect(await ledger.balanceOf(101)).toBe(10_000);
  });

  it('concurrent payments of one semester: exactly one is taken', async () => {
    await collect();
    await fund(101, 5000);
    const results = await Promise.all([1, 2, 3, 4].map((n) => payFee({ claimId: `p${n}` })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await ledger.balanceOf(101)).toBe(440_000);
  });
});

describe('Ledger corrections (AdminTransDetail)', () => {
  beforeEach(async () => {
    await fund(101, 1000);
    await transfer();
  });
  const refund = (overrides: Partial<Parameters<Ledger['refund']>[0]> = {}) =>
    ledger.refund({
      ...as(9),
      transferId: 'r1',
      original: '101/transfer:t1',
      amountCents: 10_000,
      reason: 'wrong count',
      cancelDue: false,
      allowDebt: false,
      ...overrides,
    });

  it('refund: a transfer the other way, linked refundOf; never more than what is left', async () => {
    expect(await refund()).toMatchObject({ ok: true, transferKey: '102/refund:r1' });
    expect(await balances(101, 102)).toEqual([80_000, 20_000]);
    expect(await refund({ transferId: 'r2', amountCents: 20_001 })).toEqual({
      ok: false,
      reason: 'refund_exceeds',
    });
    expect(await refund({ transferId: 'r2', amountCents: 20_000 })).toMatchObject({ ok: true });
    expect(await ledger.transferOf('102/refund:r1')).toMatchObject({
      posting: { kind: 'refund', links: { refundOf: '101/transfer:t1' } },
    });
  });

  it('refund: unknown transfer, and the recipient must still have the money (unless allowdebt)', async () => {
    expect(await refund({ original: '101/transfer:nope' })).toEqual({ ok: false, reason: 'notfound' });
    await ledger.transfer({
      ...as(102),
      transferId: 'x',
      from: 102,
      to: 103,
      amountCents: 30_000,
      summary: 'spent',
      allowDebt: false,
    });
    expect(await refund()).toEqual({ ok: false, reason: 'insufficient_balance' });
    expect(await refund({ allowDebt: true })).toMatchObject({ ok: true });
  });

  it('a member-fee refund with the cancel option cancels that membership', async () => {
    const paid = await collect({ payer: payer(102) });
    const transferKey = paid.ok ? paid.transfers[0]!.transferKey : '';
    const cancel = await refund({
      original: transferKey,
      amountCents: 60_000,
      cancelDue: true,
      transferId: 'r9',
    });
    expect(cancel).toMatchObject({ ok: true, transferKey: `${CLUB_ACCOUNTS.memberFeeIncome.id}/refund:r9` });
    expect(await ledger.membershipSummary(102, now)).toMatchObject({ ismember: false, lastmember: null });
    expect(await ledger.balanceOf(staffCashAccount(7))).toBe(-100_000);
    // Paying again is possible (the spec: a refund requires repayment).
    expect(await collect({ payer: payer(102), collectionId: 'c2' })).toMatchObject({ ok: true });
  });

  it('delete: reverses what is left; a second delete finds nothing left', async () => {
    await refund();
    expect(
      await ledger.deleteTransfer({
        ...as(9),
        transferId: 'd1',
        original: '101/transfer:t1',
        allowDebt: false,
      }),
    ).toMatchObject({
      ok: true,
      transferKey: '102/delete:d1',
    });
    expect(await balances(101, 102)).toEqual([100_000, 0]);
    expect(
      await ledger.deleteTransfer({
        ...as(9),
        transferId: 'd2',
        original: '101/transfer:t1',
        allowDebt: false,
      }),
    ).toEqual({
      ok: false,
      reason: 'refund_exceeds',
    });
  });

  it('modify: reverse and re-post to another recipient and amount', async () => {
    const result = await ledger.modify({
      ...as(9),
      transferId: 'm1',
      original: '101/transfer:t1',
      to: 103,
      amountCents: 25_000,
      summary: 'corrected recipient',
      allowDebt: { reversal: false, repost: false },
    });
    expect(result).toMatchObject({
      ok: true,
      transferKey: '101/modify:m1:repost',
      reversalKey: '102/modify:m1:reversal',
    });
    expect(await balances(101, 102, 103)).toEqual([75_000, 0, 25_000]);
    expect(await ledger.transferOf('101/modify:m1:repost')).toMatchObject({
      posting: { links: { replaces: '101/transfer:t1' } },
    });
  });

  it('modify: a refused re-post leaves the reversal; a retry with the same key finishes it once funds arrive', async () => {
    const modify = () =>
      ledger.modify({
        ...as(9),
        transferId: 'm1',
        original: '101/transfer:t1',
        to: 103,
        amountCents: 150_000,
        summary: 'corrected amount',
        allowDebt: { reversal: false, repost: false },
      });
    expect(await modify()).toEqual({
      ok: false,
      reason: 'insufficient_balance',
      detail: { reversalKey: '102/modify:m1:reversal' },
    });
    expect(await balances(101, 102)).toEqual([100_000, 0]);
    await fund(101, 500);
    expect(await modify()).toMatchObject({ ok: true });
    expect(await balances(101, 102, 103)).toEqual([0, 0, 150_000]);
  });

  it('modify: refuses transfers that paid a due (refund them instead)', async () => {
    const paid = await collect();
    const transferKey = paid.ok ? paid.transfers[0]!.transferKey : '';
    expect(
      await ledger.modify({
        ...as(9),
        transferId: 'm2',
        original: transferKey,
        to: 103,
        amountCents: 1,
        summary: 'no',
        allowDebt: { reversal: false, repost: false },
      }),
    ).toEqual({ ok: false, reason: 'not_modifiable' });
  });
});

describe('Ledger pouches and deposit counting (AdminDeposit)', () => {
  beforeEach(async () => {
    for (const barcode of ['P1', 'P2', 'P3']) await ledger.registerPouch({ ...as(7), barcode });
  });
  const topUp = (barcode: string, userPk: number, amountNtd: number) =>
    ledger.pouchTopUp({ ...as(userPk), barcode, userPk, amountCents: amountNtd * 100 });
  const scan = (barcode: string, countedNtd: number, force = false) =>
    ledger.scanPouch({ ...as(7), barcode, countedCents: countedNtd * 100, force, staffPk: 7 });
  const notes = { n2000: 0, n1000: 1, n500: 1, n200: 0, n100: 0 };

  it('a top-up credits the member at once; the pouch is used once', async () => {
    expect(await topUp('P1', 101, 500)).toMatchObject({ ok: true, transferKey: '12/pouch:P1' });
    expect(await balances(101, CLUB_ACCOUNTS.pouchClearing.id)).toEqual([50_000, -50_000]);
    expect(await topUp('P1', 101, 500)).toMatchObject({ ok: true, transferKey: '12/pouch:P1' });
    expect(await topUp('P1', 102, 500)).toEqual({ ok: false, reason: 'pouch_used' });
    expect(await topUp('P9', 101, 500)).toEqual({ ok: false, reason: 'pouch_unknown' });
    expect(await topUp('bad barcode', 101, 500)).toEqual({ ok: false, reason: 'pouch_unknown' });
    expect(await topUp('P2', 101, 150)).toEqual({ ok: false, reason: 'amount_invalid' });
    expect(await ledger.balanceOf(101)).toBe(50_000);
  });

  it('counting: scan rejections, settle 1 and 2, commit moves the cash to the club', async () => {
    await topUp('P1', 101, 500);
    await topUp('P2', 102, 1000);
    expect(await scan('P9', 500)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await scan('P3', 500)).toMatchObject({ ok: false, reason: 'unused' });
    expect(await scan('P2', 900)).toEqual({
      ok: false,
      reason: 'amount',
      detail: { declaredCents: 100_000 },
    });
    expect(await scan('P1', 500)).toMatchObject({ ok: true, batchNo: 1, declaredCents: 50_000 });
    expect(await scan('P1', 500)).toMatchObject({ ok: true });
    expect(await scan('P2', 1000)).toMatchObject({ ok: true });
    expect(await ledger.depositBatch()).toMatchObject({ batchNo: 1, totalCents: 150_000 });
    expect(await ledger.checkPouchCount(3)).toBe('quantity');
    expect(await ledger.checkPouchCount(2)).toBeNull();
    expect(await ledger.checkBanknotes({ ...notes, n500: 0 }, 0)).toBe('total');
    expect(await ledger.checkBanknotes(notes, 0)).toBeNull();
    const commit = (pocketCount: number) =>
      ledger.commitDeposit({
        ...as(7),
        commitKey: 'k1',
        pocketCount,
        banknotes: notes,
        coinsCents: 0,
        staffPk: 7,
      });
    expect(await commit(3)).toEqual({ ok: false, reason: 'quantity' });
    const committed = await commit(2);
    expect(committed).toMatchObject({
      ok: true,
      batchNo: 1,
      totalCents: 150_000,
      transferKey: '13/deposit:1',
    });
    expect(await commit(2)).toEqual(committed);
    expect(await balances(CLUB_ACCOUNTS.pouchClearing.id, CLUB_ACCOUNTS.clubCash.id)).toEqual([0, -150_000]);
    expect(await scan('P1', 500)).toMatchObject({ ok: false, reason: 'counted' });
    expect(await ledger.depositBatch()).toEqual({ batchNo: 2, pouches: [], totalCents: 0 });
  });

  it('a forced short count leaves the difference visible on pouch clearing', async () => {
    await topUp('P1', 101, 500);
    expect(await scan('P1', 400, true)).toMatchObject({ ok: true });
    const committed = await ledger.commitDeposit({
      ...as(7),
      commitKey: 'k1',
      pocketCount: 1,
      banknotes: { n2000: 0, n1000: 0, n500: 0, n200: 2, n100: 0 },
      coinsCents: 0,
      staffPk: 7,
    });
    expect(committed).toMatchObject({ ok: true, totalCents: 40_000 });
    expect(await ledger.balanceOf(CLUB_ACCOUNTS.pouchClearing.id)).toBe(-10_000);
  });
});
