import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/port.ts';
import { journalLineOf, storedValueOf, trialBalanceOfEvents } from './books.ts';

let position = 0;
const event = (
  type: string,
  debit: string,
  credit: string,
  amountCents: number,
  at: string,
): RecordedEvent => {
  position += 1;
  return {
    id: `e${position}`,
    type,
    stream: `account-${type === 'TransferDebited' ? debit : credit}`,
    revision: 0,
    position,
    metadata: { actor: null, correlationId: 'c', causationId: null, time: at },
    data: {
      transferKey: `${debit}/t${amountCents}`,
      at,
      fingerprint: 'f',
      balanceAfterCents: 0,
      posting: {
        transferId: `t${amountCents}`,
        kind: 'transfer',
        debit,
        credit,
        amountCents,
        summary: 's',
        actorPk: null,
        links: {},
      },
    },
  };
};

describe('the books', () => {
  it('a transfer whose credit has not arrived shows in transit, and the total stays zero', () => {
    const log = [
      event('TransferDebited', 'cash-101', '101', 50_000, '2026-11-22T04:00:00.000Z'),
      event('TransferCredited', 'cash-101', '101', 50_000, '2026-11-22T04:00:00.000Z'),
      event('TransferDebited', '101', '10', 60_000, '2026-11-22T05:00:00.000Z'),
    ];
    const trial = trialBalanceOfEvents(log);
    expect(trial.inTransitCents).toBe(60_000);
    expect(trial.totalCents).toBe(0);
    expect(trial.rows.map((row) => [row.account, row.balanceCents])).toEqual([
      ['cash-101', -50_000],
      ['101', -10_000],
    ]);
    const settled = trialBalanceOfEvents([
      ...log,
      event('TransferCredited', '101', '10', 60_000, '2026-11-22T05:00:00.000Z'),
    ]);
    expect(settled).toMatchObject({ inTransitCents: 0, totalCents: 0, totalDebitCents: 110_000 });
    expect(settled.rows.map((row) => row.account)).toEqual(['10', 'cash-101', '101']);
  });

  it("a line is its event's side, in the semester of the transfer's Taipei time", () => {
    const credit = event('TransferCredited', '101', '10', 100, '2026-07-31T16:00:00.000Z');
    expect(journalLineOf(credit)).toMatchObject({
      account: '10',
      otherAccount: '101',
      debitCents: 0,
      creditCents: 100,
      semester: '115-1',
      eventId: credit.id,
    });
    expect(journalLineOf({ ...credit, type: 'PouchUsed' })).toBeNull();
  });

  it("stored value counts people's accounts only, owed and debts apart", () => {
    expect(
      storedValueOf([
        ['101', 500],
        ['102', -200],
        ['10', 9_999],
        ['cash-101', -300],
      ]),
    ).toEqual({ owedCents: 500, debtCents: 200, netCents: 300, members: 2 });
  });
});
