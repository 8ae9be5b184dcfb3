import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/session/user';
import { parseAmount, parsePouchAmount, semesterToPay, transferProblem } from './transfer-rules';
import { sessionUser } from '../../../shared/session/session-user.testing';

const user = (overrides: Partial<SessionUser> = {}): SessionUser =>
  sessionUser({
    pk: 101,
    pkstr: 'U00101',
    name: '王小明',
    ismember: true,
    balance: 100,
    balanceplus: 100,
    lastmember: '115-1',
    ...overrides,
  });

const recipient = { name: '李小華' };

describe('transfer form checks, in the spec’s order', () => {
  it('needs a recipient first', () => {
    expect(transferProblem({ recipient: null, amountText: 'x', summary: '', user: user() })).toBe(
      'no_recipient',
    );
  });

  it('needs a positive whole amount', () => {
    for (const amountText of ['', '0', '-1', '1.5', 'abc', '１０']) {
      expect(transferProblem({ recipient, amountText, summary: '', user: user() })).toBe('amount_invalid');
    }
    expect(parseAmount(' 42 ')).toBe(42);
  });

  it('needs the balance, unless allowdebt', () => {
    expect(transferProblem({ recipient, amountText: '101', summary: '', user: user() })).toBe(
      'insufficient_balance',
    );
    expect(
      transferProblem({
        recipient,
        amountText: '101',
        summary: '底片',
        user: user({ authlist: ['allowdebt'] }),
      }),
    ).toBeNull();
  });

  it('needs a summary of 2 characters, then refuses the member-fee income', () => {
    expect(transferProblem({ recipient, amountText: '10', summary: ' 錢 ', user: user() })).toBe(
      'summary_too_short',
    );
    expect(
      transferProblem({ recipient: { name: '社費收入' }, amountText: '10', summary: '社費', user: user() }),
    ).toBe('memberfee_account');
    expect(transferProblem({ recipient, amountText: '100', summary: '相紙', user: user() })).toBeNull();
  });
});

describe('pouch amounts and the semester to pay', () => {
  it('takes positive multiples of 100 only', () => {
    expect(parsePouchAmount('300')).toBe(300);
    expect(parsePouchAmount('150')).toBeNull();
    expect(parsePouchAmount('0')).toBeNull();
  });

  it('pays the current semester first, then the next', () => {
    const semesters = { semester: '115-1', nextsemester: '115-2' };
    expect(semesterToPay({ ismember: false, isnextmember: false }, semesters)).toBe('115-1');
    expect(semesterToPay({ ismember: true, isnextmember: false }, semesters)).toBe('115-2');
    expect(semesterToPay({ ismember: true, isnextmember: true }, semesters)).toBeNull();
  });
});
