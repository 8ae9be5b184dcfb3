// AdminFinanceStat on the real SQLite store through the whole app: the guard, the semester's books, and
// the CSV and XLSX exports read back (XLSX with exceljs, CSV with csv-parse) and matched to the log.
import { semesterOf } from '@club/core/semester';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type * as contract from '../contracts/finance.ts';
import type { OkOf } from '../contracts/shared.ts';
import type { TestPerson } from '../testing.ts';

type Summary = OkOf<typeof contract.financeSummary>;
import { balanceCents, person, portal, services, staff } from './staff-cash-testing.ts';

const download = async (who: TestPerson, url: string) => {
  const response = await portal.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `club.sid=${who.client.sessionCookie()}` },
  });
  return response;
};

/** The money events of the log as the journal must list them. */
async function moneyEvents(semester: string) {
  const log = await services().store.readAll();
  return log.filter(
    (event) =>
      (event.type === 'TransferDebited' || event.type === 'TransferCredited') &&
      semesterOf(new Date((event.data as { at: string }).at)).tag === semester,
  );
}

async function someMoney() {
  const cashier = await staff('陳總務', ['addvalue']);
  const alice = await person('林一');
  const bob = await person('林二');
  const added = await cashier.client.post('/api/admin/cash/addvalue', { userpk: alice.pk, amount: 800 });
  expect(added.body.status).toBe('ok');
  const sent = await alice.client.put('/api/user/transfer', {
    touserid: bob.pk,
    amount: 120,
    summary: '=SUM(A1) "quoted", comma',
  });
  expect(sent.body.status).toBe('ok');
  return { cashier, alice, bob };
}

describe('AdminFinanceStat: /api/admin/finance', () => {
  it('needs active staff with addvalue, and a semester tag', async () => {
    const plain = await staff('陳幹部');
    for (const url of [
      '/api/admin/finance',
      '/api/admin/finance/export?semester=115-1&sheet=journal&format=csv',
    ]) {
      expect((await portal.client().get(url)).statusCode).toBe(401);
      expect((await plain.client.get(url)).statusCode).toBe(403);
    }
    const cashier = await staff('陳總務', ['addvalue']);
    expect((await cashier.client.get('/api/admin/finance?semester=115')).statusCode).toBe(400);
  });

  it("shows the semester's books: cash per staff, stored value, and a trial balance that sums to zero", async () => {
    const { cashier, alice, bob } = await someMoney();
    const answer = await cashier.client.get('/api/admin/finance');
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as unknown as Summary;
    expect(body.semester).toBe('115-1');
    expect(body.semesters[0]).toBe('115-1');
    expect(body.moment.position).toBe(services().projections.position);
    expect(body.moment.lastMoneyAt).not.toBeNull();

    // The two staff fees (taken by the operator) are member-fee income.
    const fees = body.activity.find((row) => row.account === '10')!;
    expect(fees).toMatchObject({ group: 'income', expense: 0 });
    expect(fees.income).toBeGreaterThan(0);
    expect(body.incomeTotal).toBe(fees.net);
    // Line counts as the log has them: the fees account's lines, and every line of the semester.
    const lines = await moneyEvents('115-1');
    const feeLines = lines.filter((event) => {
      const { posting } = event.data as { posting: { debit: string; credit: string } };
      return (event.type === 'TransferDebited' ? posting.debit : posting.credit) === '10';
    });
    expect(fees.lines).toBe(feeLines.length);
    expect(body.journalLines).toBe(lines.length);

    // The cashier holds the 800 they took.
    expect(body.staffCash).toContainEqual(expect.objectContaining({ pk: cashier.pk, amount: 800 }));
    // Alice 680, Bob 120: owed to members.
    expect(balanceCents(String(alice.pk))).toBe(68_000);
    expect(body.storedValue.owed).toBeGreaterThanOrEqual(800);
    expect(body.storedValue.owed).toBe(
      [...services().projections.models.ledger.balances]
        .filter(([account, balance]) => /^\d+$/.test(account) && Number(account) > 100 && balance > 0)
        .reduce((sum, [, balance]) => sum + balance / 100, 0),
    );
    expect(bob.pk).toBeGreaterThan(100);

    const trial = body.trialBalance;
    expect(trial.total).toBe(0);
    expect(trial.inTransit).toBe(0);
    expect(trial.totalDebit).toBe(trial.totalCredit);
    const sum = trial.rows.reduce((total, row) => total + row.balance, 0);
    expect(sum).toBe(0);
    expect(trial.rows.find((row) => row.kind === 'members')!.balance).toBeGreaterThan(0);

    // An earlier semester with nothing in it: empty, and still zero.
    const empty = (await cashier.client.get('/api/admin/finance?semester=113-2')).body as unknown as Summary;
    expect(empty.activity).toEqual([]);
    expect(empty.trialBalance).toMatchObject({ rows: [], total: 0 });
  });

  it('exports the journal as CSV and XLSX, each line traced to its event', async () => {
    const { cashier } = await someMoney();
    const events = await moneyEvents('115-1');
    expect(events.length).toBeGreaterThanOrEqual(6);
    const expected = events.map((event) => {
      const data = event.data as {
        at: string;
        posting: { debit: string; credit: string; amountCents: number; summary: string };
      };
      const debit = event.type === 'TransferDebited';
      return {
        position: event.position,
        stream: event.stream,
        revision: event.revision,
        eventId: event.id,
        type: event.type,
        account: debit ? data.posting.debit : data.posting.credit,
        debit: debit ? data.posting.amountCents / 100 : 0,
        credit: debit ? 0 : data.posting.amountCents / 100,
        summary: data.posting.summary,
      };
    });

    const csv = await download(cashier, '/api/admin/finance/export?semester=115-1&sheet=journal&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="journal-115-1.csv"');
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(
      records.map((row) => ({
        position: Number(row.position),
        stream: row.stream,
        revision: Number(row.revision),
        eventId: row.event_id,
        type: row.type,
        account: row.account,
        debit: Number(row.debit),
        credit: Number(row.credit),
        // A summary that a spreadsheet would run as a formula is exported with an apostrophe.
        summary: row.summary?.replace(/^'(?=[=+\-@])/, ''),
      })),
    ).toEqual(expected);
    expect(records.some((row) => row.summary === `'=SUM(A1) "quoted", comma`)).toBe(true);

    const xlsx = await download(
      cashier,
      '/api/admin/finance/export?semester=115-1&sheet=journal&format=xlsx',
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['position', 'stream', 'revision', 'event_id']);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((name, i) => [String(name), values[i]])));
    });
    expect(
      rows.map((row) => ({
        position: row.position,
        stream: row.stream,
        revision: row.revision,
        eventId: row.event_id,
        type: row.type,
        account: row.account,
        debit: row.debit,
        credit: row.credit,
        summary: row.summary,
      })),
    ).toEqual(expected);
  });

  it('exports the trial balance: a row per account, and a total line of zero', async () => {
    const { cashier, alice } = await someMoney();
    const csv = await download(
      cashier,
      '/api/admin/finance/export?semester=115-1&sheet=trialbalance&format=csv',
    );
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    const total = records.at(-1)!;
    expect(total).toMatchObject({ account: 'total', balance: '0' });
    expect(total.debit).toBe(total.credit);
    expect(records.find((row) => row.account === String(alice.pk))).toMatchObject({
      account_name: '林一',
      credit: '800',
      debit: '120',
      balance: '680',
    });
    const balances = records.slice(0, -2).reduce((sum, row) => sum + Number(row.balance), 0);
    expect(balances).toBe(0);

    const xlsx = await download(
      cashier,
      '/api/admin/finance/export?semester=115-1&sheet=trialbalance&format=xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(records.length + 1);
    expect((sheet.getRow(sheet.rowCount).values as unknown[]).slice(1)).toEqual([
      'total',
      '合計 Total',
      Number(total.debit),
      Number(total.credit),
      0,
    ]);
  });
});
