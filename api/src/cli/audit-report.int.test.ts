// The audit report on an in-memory SQLite store with a few transfers: running balances, the read-model
// check and the zero-sum check; then forged events the audit must catch.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_PK, recordMemberFeeByOperator } from '../bootstrap.ts';
import { application, createTestPortal, type TestPortal } from '../testing.ts';
import { auditReport, formatNtd, userPkOfTarget } from './audit-report.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const services = () => portal.app.services;

async function register(index: number): Promise<number> {
  const answer = await portal.client().post(
    '/api/user/register',
    application({
      name: `社員${index}`,
      mobile: `09${String(40_000_000 + index)}`,
      stuid: `B${String(40_000_000 + index)}`,
      email: `audit${index}@example.com`,
    }),
  );
  expect(answer.body.status).toBe('ok');
  const pk = services().projections.models.users.byMobile.get(`09${String(40_000_000 + index)}`);
  if (pk === undefined) throw new Error('registered user not in the read model');
  return pk;
}

const request = () => ({ now: portal.clock.now, actorPk: null });

/** 小明 gets 500, pays 200 to 小華, gets 50 refunded, and pays the member fee through staff (cash-1). */
async function someTraffic() {
  const [ming, hua] = [await register(1), await register(2)];
  const added = await services().ledger.addValue({
    ...request(),
    transferId: 'a1',
    staffPk: OPERATOR_PK,
    userPk: ming,
    amountCents: 50_000,
  });
  const paid = await services().ledger.transfer({
    ...request(),
    transferId: 't1',
    from: ming,
    to: hua,
    amountCents: 20_000,
    summary: '買底片',
    allowDebt: false,
  });
  if (!added.ok || !paid.ok) throw new Error('setup refused');
  const refunded = await services().ledger.refund({
    ...request(),
    transferId: 'r1',
    original: paid.transferKey,
    amountCents: 5_000,
    reason: '退一半',
    cancelDue: false,
    allowDebt: false,
  });
  if (!refunded.ok) throw new Error(refunded.reason);
  await recordMemberFeeByOperator(services(), ming);
  await services().projections.waitFor(await portal.store.headPosition());
  return { ming, hua };
}

describe('auditReport', () => {
  it('prints the account with its running balance and finds everything in order', async () => {
    const { ming } = await someTraffic();
    const report = await auditReport(portal.store, `U${String(ming).padStart(5, '0')}`);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines.at(-1)).toBe('OK');

    const text = report.lines.join('\n');
    expect(text).toContain(`== history of U${String(ming).padStart(5, '0')}`);
    expect(text).toContain('UserRegistered');
    expect(text).not.toContain('passwordHash');
    expect(text).toContain(`== account ${ming}: 3 entries`);
    const entries = report.lines.filter((line) => /^\S+ {2}#\d+ {2}(add_value|transfer|refund)/.test(line));
    // add value 500 -> 500; transfer -200 -> 300; refund +50 -> 350.
    expect(entries.map((line) => line.split(/\s{2,}/).slice(3, 5))).toEqual([
      ['500', '500'],
      ['-200', '300'],
      ['50', '350'],
    ]);
    expect(text).toContain('balance 350 agrees with the read model');
    expect(text).toMatch(/sum of balances 0, in flight 0/);
    // The member fee was collected by the operator's cash, not from 小明's account.
    expect(text).not.toContain(`== account cash-${ming}`);
  });

  it('audits a staff member’s cash account too, and an account stream by name', async () => {
    await someTraffic();
    const operator = await auditReport(portal.store, String(OPERATOR_PK));
    expect(operator.ok).toBe(true);
    expect(operator.lines.join('\n')).toContain(`== account cash-${OPERATOR_PK}: 2 entries`);
    expect(operator.lines.join('\n')).toContain('balance -1100 agrees with the read model');

    const income = await auditReport(portal.store, 'account-10');
    expect(income.ok).toBe(true);
    expect(income.lines.join('\n')).toContain('balance 600 agrees with the read model');
  });

  it('reports an entry whose recorded balance is not the running balance', async () => {
    const { ming } = await someTraffic();
    await portal.store.append(
      `account-${ming}`,
      [forgedCredit(`cash-${OPERATOR_PK}/forged-1`, `cash-${OPERATOR_PK}`, String(ming), 1_000, 99_999)],
      'any',
    );
    const report = await auditReport(portal.store, String(ming));
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/recorded a balance of 999.99, the running balance is 360$/),
        `account ${ming}: running balance 360, read model 999.99`,
        `credit of cash-${OPERATOR_PK}/forged-1 (#${await portal.store.headPosition()}) has no debit`,
        // The read model took the recorded 999.99 where 350 was: 649.99 appeared from nowhere.
        'the balances plus the money in flight add up to 649.99, not zero',
      ]),
    );
    expect(report.lines.at(-1)).toMatch(/^MISMATCH \(\d+\)$/);
  });

  it('reports money created without a debit even when the account itself looks consistent', async () => {
    const { hua } = await someTraffic();
    await portal.store.append(
      `account-${hua}`,
      [forgedCredit('13/forged-2', '13', String(hua), 700, 15_000 + 700)],
      'any',
    );
    const report = await auditReport(portal.store, String(hua));
    expect(report.lines.join('\n')).toContain('balance 157 agrees with the read model');
    expect(report.ok).toBe(false);
    expect(report.mismatches).toContain('the balances plus the money in flight add up to 7, not zero');
  });

  it('prints system-made summaries in Chinese by default and in English with language en', async () => {
    const { ming } = await someTraffic();
    const account = (lines: string[]) =>
      lines.filter((line) => /^\S+ {2}#\d+ {2}[a-z_]+ /.test(line)).join('\n');
    const chinese = account((await auditReport(portal.store, String(ming))).lines);
    expect(chinese).toContain('現金儲值');
    expect(chinese).toContain('買底片');
    const report = await auditReport(portal.store, String(ming), { language: 'en' });
    expect(report.ok).toBe(true);
    const english = account(report.lines);
    expect(english).toContain('Cash top-up');
    expect(english).not.toContain('現金儲值');
    // What people typed stays as typed.
    expect(english).toContain('買底片');
    expect(english).toContain('退一半');
  });

  it('refuses a target that names no user and no stream instead of reporting an empty history', async () => {
    const { ming } = await someTraffic();
    await expect(auditReport(portal.store, 'nothing-here')).rejects.toThrow(
      'no user and no stream named nothing-here',
    );
    await expect(auditReport(portal.store, '999')).rejects.toThrow('no user with pk 999');
    // A mobile that is nobody's is not read as pk 912345678.
    await expect(auditReport(portal.store, '0912345678')).rejects.toThrow(
      'no user with the mobile number 0912345678',
    );
    // The same person by pk, pkstr, mobile, student ID and e-mail.
    for (const name of [String(ming), `u${ming}`, '0940000001', 'b40000001', 'AUDIT1@example.com']) {
      const report = await auditReport(portal.store, name);
      expect(report.userPk).toBe(ming);
      expect(report.lines.join('\n')).toContain(`== account ${ming}: 3 entries`);
    }
  });

  it('escapes control characters in what people typed, so a summary cannot forge a report line', async () => {
    const { ming, hua } = await someTraffic();
    const forged = await services().ledger.transfer({
      ...request(),
      transferId: 't-forged',
      from: ming,
      to: hua,
      amountCents: 100,
      summary: '底片\n\nOK\u001b[2J\u202e',
      allowDebt: false,
    });
    expect(forged.ok).toBe(true);
    const report = await auditReport(portal.store, String(ming));
    const text = report.lines.join('\n');
    expect(report.lines.filter((line) => line === 'OK')).toHaveLength(1);
    expect(text).toContain('底片\\u000a\\u000aOK\\u001b[2J\\u202e');
    expect([...text].filter((char) => (char < ' ' && char !== '\n') || char === '\u202e')).toEqual([]);
  });
});

describe('audit helpers', () => {
  it('reads user targets and formats NTD', () => {
    expect(userPkOfTarget('U00101')).toBe(101);
    expect(userPkOfTarget('101')).toBe(101);
    expect(userPkOfTarget('u101')).toBe(101);
    expect(userPkOfTarget('account-101')).toBeNull();
    expect(userPkOfTarget('0912345678')).toBeNull();
    expect([formatNtd(0), formatNtd(-1100_00), formatNtd(99_999), formatNtd(-5)]).toEqual([
      '0',
      '-1100',
      '999.99',
      '-0.05',
    ]);
  });
});

/** A credit that no debit ever paid, as a bug or a tampered file would leave it. */
function forgedCredit(
  transferKey: string,
  debit: string,
  credit: string,
  amountCents: number,
  balanceAfterCents: number,
) {
  return {
    id: randomUUID(),
    type: 'TransferCredited',
    data: {
      transferKey,
      posting: {
        transferId: transferKey.slice(transferKey.indexOf('/') + 1),
        kind: 'posting',
        debit,
        credit,
        amountCents,
        summary: '偽造',
        actorPk: null,
        links: {},
      },
      at: portal.clock.now.toISOString(),
      fingerprint: 'forged',
      balanceAfterCents,
    },
    metadata: {
      actor: null,
      correlationId: 'forged',
      causationId: null,
      time: portal.clock.now.toISOString(),
    },
  };
}
