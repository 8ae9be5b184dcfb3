import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  type AccountCommand,
  type AccountState,
  accountDecider,
  balanceAt,
  type DebitTransfer,
  type PostingDraft,
  postingFingerprint,
} from './account.ts';
import { CLUB_ACCOUNTS } from './accounts.ts';
import { type AccountEvent, accountEventSchema, type TransferDebitedData } from './events.ts';
import { deciderSpec } from './testing.ts';

const t0 = new Date('2026-11-22T04:00:00.000Z');
const t1 = new Date('2026-11-22T05:00:00.000Z');
const spec = deciderSpec(accountDecider, accountEventSchema, t1);

// Account 101 is the debited member; 102 the recipient.
const draft = (overrides: Partial<PostingDraft> = {}): PostingDraft => ({
  transferId: 'transfer:k1',
  kind: 'transfer',
  debit: '101',
  credit: '102',
  amountCents: 30_000,
  summary: 'film rolls',
  actorPk: 101,
  links: {},
  ...overrides,
});

const debit = (posting: Partial<PostingDraft> = {}, facts: Partial<DebitTransfer> = {}): AccountCommand => ({
  type: 'DebitTransfer',
  posting: draft(posting),
  allowDebt: false,
  creditAccountName: 'Member 102',
  recordRefusal: false,
  ...facts,
});

const debited = (posting: Partial<PostingDraft>, balanceAfterCents: number, at = t1): AccountEvent => {
  const full = { ...draft(posting), credit: draft(posting).credit ?? '102' };
  return {
    type: 'TransferDebited',
    data: {
      transferKey: `${full.debit}/${full.transferId}`,
      posting: full,
      at: at.toISOString(),
      fingerprint: postingFingerprint(full),
      balanceAfterCents,
    },
  };
};

/** 101 received 1000 NTD from staff 1's cash at t0. */
const funded: AccountEvent = {
  type: 'TransferCredited',
  data: {
    transferKey: 'cash-1/add_value:a1',
    posting: {
      transferId: 'add_value:a1',
      kind: 'add_value',
      debit: 'cash-1',
      credit: '101',
      amountCents: 100_000,
      summary: '現金儲值',
      actorPk: 1,
      links: {},
    },
    at: t0.toISOString(),
    fingerprint: 'f-a1',
    balanceAfterCents: 100_000,
  },
};

describe('account decider: debit rules (document 1, section 5; document 3, balance check)', () => {
  it('given any balance, when no recipient is chosen, then no_recipient', () => {
    spec
      .given([funded])
      .when(debit({ credit: null }))
      .thenRejected('no_recipient');
  });

  it('given a balance, when debit and credit are the same account, then same_account', () => {
    spec
      .given([funded])
      .when(debit({ credit: '101' }))
      .thenRejected('same_account');
  });

  it.each([0, -100, 150.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'given a balance, when the amount is %s, then amount_invalid',
    (amountCents) => {
      spec.given([funded]).when(debit({ amountCents })).thenRejected('amount_invalid');
    },
  );

  it('given 1000 NTD, when spending 1000.01 NTD without allowdebt, then insufficient_balance', () => {
    spec
      .given([funded])
      .when(debit({ amountCents: 100_001 }))
      .thenRejected('insufficient_balance');
  });

  it('given 1000 NTD, when spending exactly 1000 NTD, then TransferDebited down to zero', () => {
    spec
      .given([funded])
      .when(debit({ amountCents: 100_000 }))
      .thenEvents([debited({ amountCents: 100_000 }, 0)]);
  });

  it('given nothing, when spending with allowdebt, then TransferDebited below zero', () => {
    spec
      .given([])
      .when(debit({}, { allowDebt: true }))
      .thenEvents([debited({}, -30_000)]);
  });

  it.each(['', ' ', ' x ', '字'])(
    'given a balance, when the summary is %j, then summary_too_short',
    (summary) => {
      spec.given([funded]).when(debit({ summary })).thenRejected('summary_too_short');
    },
  );

  it('given a balance, when the summary is two CJK characters, then it is accepted', () => {
    spec
      .given([funded])
      .when(debit({ summary: '底片' }))
      .thenEvents([debited({ summary: '底片' }, 70_000)]);
  });

  it('given no balance and a short summary, when spending, then the balance is reported first (spec order)', () => {
    spec
      .given([])
      .when(debit({ summary: 'x' }))
      .thenRejected('insufficient_balance');
  });

  it('given a balance, when a plain transfer goes to an account named with 社費, then memberfee_account', () => {
    spec
      .given([funded])
      .when(debit({ credit: CLUB_ACCOUNTS.memberFeeIncome.id }, { creditAccountName: '社費收入' }))
      .thenRejected('memberfee_account');
  });

  it('given a balance, when the member fee itself goes to the member-fee income, then it is accepted', () => {
    const posting = {
      kind: 'memberfee' as const,
      credit: CLUB_ACCOUNTS.memberFeeIncome.id,
      amountCents: 60_000,
      summary: '社費 115-1',
      links: { memberfee: { userPk: 101, semester: '115-1' } },
    };
    spec
      .given([funded])
      .when(debit(posting, { creditAccountName: '社費收入' }))
      .thenEvents([debited(posting, 40_000)]);
  });
});

describe('account decider: idempotency by transferId', () => {
  const first = debited({}, 70_000);

  it('given the transfer was debited, when the same command comes again, then nothing new', () => {
    spec.given([funded, first]).when(debit()).thenEvents([]);
  });

  it('given the transfer was debited, when it comes again at a later time, then still nothing new', () => {
    spec.given([funded, first]).when(debit(), new Date('2027-01-01T00:00:00Z')).thenEvents([]);
  });

  it('given the balance was spent since, when the first transfer is retried, then it is still a no-op (first result)', () => {
    spec
      .given([funded, first, debited({ transferId: 'transfer:k2', amountCents: 70_000 }, 0)])
      .when(debit())
      .thenEvents([]);
  });

  it.each([
    ['amount', { amountCents: 30_100 }],
    ['recipient', { credit: '103' }],
    ['summary', { summary: 'other text' }],
    ['links', { links: { gicleeJob: { jobPk: 7 } } }],
    ['actor', { actorPk: 1 }],
  ] as const)(
    'given the transfer was debited, when the same id comes with another %s, then idempotency_mismatch',
    (_name, change) => {
      spec
        .given([funded, first])
        .when(debit(change as Partial<PostingDraft>))
        .thenRejected('idempotency_mismatch');
    },
  );

  it('given a refusal was not recorded, when the same id comes again after a top-up, then it is decided anew', () => {
    spec.given([]).when(debit()).thenRejected('insufficient_balance');
    spec
      .given([funded])
      .when(debit())
      .thenEvents([debited({}, 70_000)]);
  });
});

describe('account decider: recorded refusals (sagas)', () => {
  const refused: AccountEvent = {
    type: 'TransferRefused',
    data: {
      transferKey: '101/transfer:k1',
      posting: { ...draft(), credit: '102' },
      at: t1.toISOString(),
      fingerprint: postingFingerprint(draft()),
      reason: 'insufficient_balance',
    },
  };

  it('given no balance, when a saga debit is refused, then TransferRefused is recorded', () => {
    spec
      .given([])
      .when(debit({}, { recordRefusal: true }))
      .thenEvents([refused]);
  });

  it('given a recorded refusal, when the saga debit comes again after a top-up, then it stays refused (no-op)', () => {
    spec
      .given([refused, funded])
      .when(debit({}, { recordRefusal: true }))
      .thenEvents([]);
    const state = spec.given([refused, funded]).state;
    expect(state.debits.get('transfer:k1')).toMatchObject({
      outcome: 'refused',
      reason: 'insufficient_balance',
    });
  });

  it('given a recorded refusal, when the id comes with other content, then idempotency_mismatch', () => {
    spec
      .given([refused])
      .when(debit({ amountCents: 1 }, { recordRefusal: true }))
      .thenRejected('idempotency_mismatch');
  });

  it('given a missing recipient, when a saga asks to record it, then it is only rejected (nothing to record)', () => {
    spec
      .given([])
      .when(debit({ credit: null }, { recordRefusal: true }))
      .thenRejected('no_recipient');
  });
});

describe('account decider: refunds and credits', () => {
  // 102 received 300 NTD from 101 (k1).
  const first = debited({}, 70_000);
  const firstData = first.data as TransferDebitedData;
  const received: AccountEvent = {
    type: 'TransferCredited',
    data: { ...firstData, balanceAfterCents: 30_000 },
  };
  const refund = (amountCents: number, transferId = 'refund:r1'): AccountCommand =>
    debit({
      transferId,
      kind: 'refund',
      debit: '102',
      credit: '101',
      amountCents,
      summary: 'returned',
      actorPk: 9,
      links: { refundOf: firstData.transferKey },
    });

  it('given a debit, when its credit arrives, then TransferCredited with the debit time and the new balance', () => {
    spec
      .given([])
      .when({ type: 'CreditTransfer', debited: firstData }, new Date('2027-05-05T00:00:00Z'))
      .thenEvents([received]);
  });

  it('given the credit was written, when it comes again, then nothing new', () => {
    spec.given([received]).when({ type: 'CreditTransfer', debited: firstData }).thenEvents([]);
  });

  it('given the credit was written, when a credit with the same key but other content comes, then idempotency_mismatch', () => {
    spec
      .given([received])
      .when({ type: 'CreditTransfer', debited: { ...firstData, fingerprint: 'other' } })
      .thenRejected('idempotency_mismatch');
  });

  it('given nothing received, when refunding, then refund_unknown', () => {
    spec.given([funded]).when(refund(10_000)).thenRejected('refund_unknown');
  });

  it('given 300 NTD received, when refunding 300.01 NTD, then refund_exceeds', () => {
    spec.given([received]).when(refund(30_001)).thenRejected('refund_exceeds');
  });

  it('given 100 of 300 NTD refunded, when refunding 200 more, then accepted; 201 would exceed', () => {
    const partial = spec.given([received]).when(refund(10_000)).decision as AccountEvent[];
    expect(partial).toHaveLength(1);
    spec
      .given([received, ...partial])
      .when(refund(20_001, 'refund:r2'))
      .thenRejected('refund_exceeds');
    const rest = spec.given([received, ...partial]).when(refund(20_000, 'refund:r2'))
      .decision as AccountEvent[];
    expect(rest[0]?.type).toBe('TransferDebited');
    const state = fold(accountDecider, [received, ...partial, ...rest]);
    expect(state.credits.get(firstData.transferKey)?.refundedCents).toBe(30_000);
    expect(state.balanceCents).toBe(0);
  });
});

describe('account decider: state', () => {
  it('evolve never changes the state it is given (states are shared by the cache)', () => {
    const before: AccountState = fold(accountDecider, [funded]);
    const snapshot = { balance: before.balanceCents, debits: before.debits.size, count: before.eventCount };
    accountDecider.evolve(before, debited({}, 70_000));
    expect({ balance: before.balanceCents, debits: before.debits.size, count: before.eventCount }).toEqual(
      snapshot,
    );
    expect(before.debits.get('transfer:k1')).toBeUndefined();
  });

  it('remembers the revision of each entry, so the service can read the first result back', () => {
    const state = fold(accountDecider, [
      funded,
      debited({}, 70_000),
      debited({ transferId: 'transfer:k2' }, 40_000),
    ]);
    expect(state.debits.get('transfer:k1')).toMatchObject({ outcome: 'debited', revision: 1 });
    expect(state.debits.get('transfer:k2')).toMatchObject({ outcome: 'debited', revision: 2 });
    expect(state.credits.get('cash-1/add_value:a1')).toMatchObject({ revision: 0 });
  });
});

describe('balanceAt (point-in-time balance)', () => {
  const events = [
    funded,
    debited({}, 70_000, t1),
    debited({ transferId: 'transfer:k2' }, 40_000, new Date('2026-11-23T00:00:00Z')),
  ];

  it.each([
    ['before anything', '2026-11-22T03:59:59.999Z', 0],
    ['at the top-up', t0.toISOString(), 100_000],
    ['between', '2026-11-22T04:30:00.000Z', 100_000],
    ['at the first spend', t1.toISOString(), 70_000],
    ['after everything', '2030-01-01T00:00:00.000Z', 40_000],
  ])('%s', (_name, at, expected) => {
    expect(balanceAt(events, at)).toBe(expected);
    expect(balanceAt(events, new Date(at))).toBe(expected);
  });

  it('counts a credit at its debit time, not when it was written', () => {
    const late: AccountEvent = { ...funded, data: { ...funded.data, at: t0.toISOString() } };
    expect(balanceAt([late], t0)).toBe(100_000);
  });
});
