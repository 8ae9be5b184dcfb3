// The cash desk on the real SQLite store through the whole app: add value and take back, and the user search.
import { describe, expect, it } from 'vitest';
import { balanceCents, grant, person, portal, staff } from './staff-cash-testing.ts';

describe('POST /api/admin/cash/addvalue and /api/admin/cash/takeback', () => {
  it('needs active staff with addvalue', async () => {
    expect(
      (await portal.client().post('/api/admin/cash/addvalue', { userpk: 101, amount: 100 })).statusCode,
    ).toBe(401);
    const plain = await staff('陳幹部');
    const target = await person('林社員');
    for (const path of ['/api/admin/cash/addvalue', '/api/admin/cash/takeback']) {
      const refused = await plain.client.post(path, { userpk: target.pk, amount: 100 });
      expect(refused.statusCode).toBe(403);
    }
    // A personal addvalue grant without being active staff is not enough either.
    const outsider = await person('外人');
    await grant(outsider.pk, 'addvalue');
    expect(
      (await outsider.client.post('/api/admin/cash/addvalue', { userpk: target.pk, amount: 100 })).statusCode,
    ).toBe(403);
  });

  it('adds value in multiples of 100 and takes cash back within the balance', async () => {
    const cashier = await staff('陳總務', ['addvalue']);
    const member = await person('林社員');
    const add = (amount: unknown, requestId?: string) =>
      cashier.client.post('/api/admin/cash/addvalue', {
        userpk: member.pk,
        amount,
        ...(requestId ? { requestId } : {}),
      });
    const takeBack = (amount: unknown) =>
      cashier.client.post('/api/admin/cash/takeback', { userpk: member.pk, amount });

    for (const amount of [0, 150, -100, 'abc', 100.5]) {
      expect((await add(amount)).body).toEqual({ status: 'fail', reason: 'amount' });
    }
    const added = await add(500, 'add-1');
    expect(added.body).toMatchObject({
      status: 'ok',
      user: { pk: member.pk, name: '林社員', balance: 500 },
      trans: { delta: 500, summary: '現金儲值', summaryEn: 'Cash top-up' },
    });
    expect((await add(500, 'add-1')).body).toEqual(added.body);
    expect(balanceCents(`cash-${cashier.pk}`)).toBe(-50_000);

    expect((await takeBack(600)).body).toEqual({ status: 'fail', reason: 'insufficient_balance' });
    expect((await takeBack(0)).body).toEqual({ status: 'fail', reason: 'amount' });
    const back = await takeBack('123');
    expect(back.body).toMatchObject({ status: 'ok', user: { balance: 377 }, trans: { delta: -123 } });
    expect(balanceCents(`cash-${cashier.pk}`)).toBe(-50_000 + 12_300);
    expect((await member.client.get('/api/user/check')).body.user).toMatchObject({ balance: 377 });

    expect(
      (await cashier.client.post('/api/admin/cash/addvalue', { userpk: cashier.pk, amount: 100 })).body,
    ).toEqual({ status: 'fail', reason: 'self' });
    expect(
      (await cashier.client.post('/api/admin/cash/addvalue', { userpk: 99_999, amount: 100 })).body,
    ).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('POST /api/admin/user/search', () => {
  it('finds people by name, student ID or pk for staff', async () => {
    const cashier = await staff('陳總務');
    const member = await person('林社員');
    const search = async (keyword: string) =>
      ((await cashier.client.post('/api/admin/user/search', { keyword })).body.list as { pk: number }[]).map(
        (row) => row.pk,
      );
    expect(await search('林社')).toEqual([member.pk]);
    expect(await search(member.stuid.toLowerCase())).toEqual([member.pk]);
    expect(await search(String(member.pk))).toContain(member.pk);
    expect(await search('  ')).toEqual([]);
    expect((await member.client.post('/api/admin/user/search', { keyword: '林' })).statusCode).toBe(403);
  });
});
