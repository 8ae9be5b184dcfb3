import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { CLUB_ACCOUNTS } from './accounts.ts';
import { type ClaimItem, type Due, type MembershipEvent, membershipEventSchema } from './events.ts';
import {
  type ClaimGate,
  claimFingerprint,
  dueStatusOf,
  type MembershipCommand,
  membershipDecider,
  membershipSummary,
} from './membership.ts';
import { deciderSpec } from './testing.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(membershipDecider, membershipEventSchema, now);

// Person 101 pays; staff 7 collects.
const fee = (semester: string): Due => ({ kind: 'memberfee', semester });
const workshop = (semester: string, workshopKind: 1 | 3): Due => ({
  kind: 'workshop',
  semester,
  workshopKind,
});

const item = (due: Due, claimId: string, debit = '101'): ClaimItem => {
  const key =
    due.kind === 'memberfee' ? `memberfee:${due.semester}` : `workshop:${due.semester}:${due.workshopKind}`;
  return {
    due,
    allowDebt: debit !== '101',
    posting: {
      transferId: `due:101:${claimId}:${key}`,
      kind: due.kind === 'memberfee' ? 'memberfee' : 'workshop_deposit',
      debit,
      credit: due.kind === 'memberfee' ? CLUB_ACCOUNTS.memberFeeIncome.id : CLUB_ACCOUNTS.workshopDeposits.id,
      amountCents: due.kind === 'memberfee' ? 60_000 : 50_000,
      summary: `dues ${key}`,
      actorPk: 101,
      links:
        due.kind === 'memberfee'
          ? { memberfee: { userPk: 101, semester: due.semester } }
          : { workshop: { userPk: 101, semester: due.semester, workshopKind: due.workshopKind } },
    },
  };
};
const keyOf = (claimItem: ClaimItem) => `${claimItem.posting.debit}/${claimItem.posting.transferId}`;

const selfGate: ClaimGate = { kind: 'self', errormember: false, valid: true };
const collectionGate = (overrides: Partial<Extract<ClaimGate, { kind: 'collection' }>> = {}): ClaimGate => ({
  kind: 'collection',
  staffPk: 7,
  currentSemester: '115-1',
  payerIsCurrentStaff: false,
  errormember: false,
  needsReview: false,
  identifiedBy: 'stuid',
  ...overrides,
});

const claim = (claimId: string, items: ClaimItem[], gate: ClaimGate = selfGate): MembershipCommand => ({
  type: 'ClaimDues',
  userPk: 101,
  claimId,
  items,
  gate,
});
const claimed = (claimId: string, items: ClaimItem[]): MembershipEvent => ({
  type: 'DuesClaimed',
  data: { userPk: 101, claimId, fingerprint: claimFingerprint(101, items), items, at },
});
const paid = (claimItem: ClaimItem): MembershipEvent => ({
  type: 'DuePaid',
  data: {
    userPk: 101,
    due: claimItem.due,
    transferId: claimItem.posting.transferId,
    transferKey: keyOf(claimItem),
    at,
  },
});

// History: 114-2 paid by staff collection (claim c0).
const old = item(fee('114-2'), 'c0', 'cash-7');
const history = [claimed('c0', [old]), paid(old)];

describe('membership: self-pay gate (document 2, section 6)', () => {
  const next = item(fee('115-1'), 'p1');

  it('given never a member, when paying from the balance, then not_allowed', () => {
    spec
      .given([])
      .when(claim('p1', [next]))
      .thenRejected('not_allowed');
  });

  it('given a previous membership but errormember, when paying, then not_allowed', () => {
    spec
      .given(history)
      .when(claim('p1', [next], { kind: 'self', errormember: true, valid: true }))
      .thenRejected('not_allowed');
  });

  it('given a previous membership but not valid, when paying, then not_allowed', () => {
    spec
      .given(history)
      .when(claim('p1', [next], { kind: 'self', errormember: false, valid: false }))
      .thenRejected('not_allowed');
  });

  it('given a previous membership, when paying, then DuesClaimed (pending)', () => {
    spec
      .given(history)
      .when(claim('p1', [next]))
      .thenEvents([claimed('p1', [next])]);
  });

  it('given the only membership was refunded, when paying from the balance, then not_allowed', () => {
    const refunded: MembershipEvent = {
      type: 'DueRefunded',
      data: { userPk: 101, due: old.due, transferKey: keyOf(old), refundTransferKey: '10/refund:r', at },
    };
    spec
      .given([...history, refunded])
      .when(claim('p1', [next]))
      .thenRejected('not_allowed');
  });
});

describe('membership: staff fee collection reasons (document 3, section 8)', () => {
  const due = item(fee('115-1'), 'c1', 'cash-7');

  it.each([
    ['self', collectionGate({ staffPk: 101 })],
    ['staff', collectionGate({ payerIsCurrentStaff: true })],
    ['errormember', collectionGate({ errormember: true })],
    ['needreview', collectionGate({ needsReview: true })],
    ['notfound', collectionGate({ identifiedBy: 'mobile' })],
  ] as const)('given a person, when the gate says %s, then that reason', (reason, gate) => {
    spec
      .given([])
      .when(claim('c1', [due], gate))
      .thenRejected(reason);
  });

  it('given staff collecting their own fee while also staff, then self comes first', () => {
    spec
      .given([])
      .when(claim('c1', [due], collectionGate({ staffPk: 101, payerIsCurrentStaff: true })))
      .thenRejected('self');
  });

  it('given a current member, when identified by mobile, then the collection is accepted', () => {
    const current = item(fee('115-1'), 'c0', 'cash-7');
    const nextDue = item(fee('115-2'), 'c1', 'cash-7');
    spec
      .given([claimed('c0', [current]), paid(current)])
      .when(claim('c1', [nextDue], collectionGate({ identifiedBy: 'mobile' })))
      .thenEvents([claimed('c1', [nextDue])]);
  });

  it('given a newcomer identified by student ID, when collecting the fee and two deposits, then one DuesClaimed', () => {
    const items = [
      due,
      item(workshop('115-1', 1), 'c1', 'cash-7'),
      item(workshop('115-1', 3), 'c1', 'cash-7'),
    ];
    spec
      .given([])
      .when(claim('c1', items, collectionGate()))
      .thenEvents([claimed('c1', items)]);
  });
});

describe('membership: each due is paid at most once', () => {
  const first = item(fee('115-1'), 'c1', 'cash-7');
  const second = item(fee('115-1'), 'c2', 'cash-8');

  it('given the fee is pending, when another claim comes, then already', () => {
    spec
      .given([claimed('c1', [first])])
      .when(claim('c2', [second], collectionGate({ staffPk: 8 })))
      .thenRejected('already', { due: 'memberfee:115-1', status: 'pending' });
  });

  it('given the fee is paid, when another claim comes, then already', () => {
    spec
      .given([claimed('c1', [first]), paid(first)])
      .when(claim('c2', [second], collectionGate({ staffPk: 8 })))
      .thenRejected('already', { due: 'memberfee:115-1', status: 'paid' });
  });

  it('given one of two dues is paid, when both are claimed, then the whole claim is refused', () => {
    const deposit = item(workshop('115-1', 1), 'c2', 'cash-8');
    spec
      .given([claimed('c1', [first]), paid(first)])
      .when(claim('c2', [deposit, second], collectionGate({ staffPk: 8 })))
      .thenRejected('already', { due: 'memberfee:115-1', status: 'paid' });
  });

  it('given the debit was refused and the due released, when claimed again, then accepted', () => {
    const released: MembershipEvent = {
      type: 'DueReleased',
      data: {
        userPk: 101,
        due: first.due,
        transferId: first.posting.transferId,
        reason: 'insufficient_balance',
        at,
      },
    };
    spec
      .given([claimed('c1', [first]), released])
      .when(claim('c2', [second], collectionGate({ staffPk: 8 })))
      .thenEvents([claimed('c2', [second])]);
  });

  it('given the fee was refunded (cancelled), when claimed again, then accepted (pay again to rejoin)', () => {
    const refunded: MembershipEvent = {
      type: 'DueRefunded',
      data: { userPk: 101, due: first.due, transferKey: keyOf(first), refundTransferKey: '10/refund:r1', at },
    };
    spec
      .given([claimed('c1', [first]), paid(first), refunded])
      .when(claim('c2', [second], collectionGate({ staffPk: 8 })))
      .thenEvents([claimed('c2', [second])]);
  });

  it('given a claim, when the same claim comes again, then nothing new (even if the facts changed)', () => {
    spec
      .given([claimed('c1', [first])])
      .when(claim('c1', [first], collectionGate({ errormember: true })))
      .thenEvents([]);
  });

  it('given a claim, when the same claimId comes with other dues, then idempotency_mismatch', () => {
    spec
      .given([claimed('c1', [first])])
      .when(claim('c1', [item(fee('115-2'), 'c1', 'cash-7')], collectionGate()))
      .thenRejected('idempotency_mismatch');
  });
});

describe('membership: saga steps', () => {
  const due = item(fee('115-1'), 'c1', 'cash-7');
  const confirm: MembershipCommand = {
    type: 'ConfirmDue',
    userPk: 101,
    due: due.due,
    transferKey: keyOf(due),
  };
  const release: MembershipCommand = {
    type: 'ReleaseDue',
    userPk: 101,
    due: due.due,
    transferId: due.posting.transferId,
    reason: 'insufficient_balance',
  };
  const cancel = (refundTransferKey: string, transferKey = keyOf(due)): MembershipCommand => ({
    type: 'CancelDue',
    userPk: 101,
    due: due.due,
    transferKey,
    refundTransferKey,
  });
  const released: MembershipEvent = {
    type: 'DueReleased',
    data: {
      userPk: 101,
      due: due.due,
      transferId: due.posting.transferId,
      reason: 'insufficient_balance',
      at,
    },
  };
  const refunded = (refundTransferKey: string): MembershipEvent => ({
    type: 'DueRefunded',
    data: { userPk: 101, due: due.due, transferKey: keyOf(due), refundTransferKey, at },
  });

  it('given pending, when the debit is confirmed, then DuePaid; again, then nothing new', () => {
    spec
      .given([claimed('c1', [due])])
      .when(confirm)
      .thenEvents([paid(due)]);
    spec
      .given([claimed('c1', [due]), paid(due)])
      .when(confirm)
      .thenEvents([]);
  });

  it('given nothing pending for that transfer, when confirmed, then not_pending (a broken saga)', () => {
    spec.given([]).when(confirm).thenRejected('not_pending');
    spec
      .given([claimed('c1', [due]), released])
      .when(confirm)
      .thenRejected('not_pending');
  });

  it('given pending, when the debit was refused, then DueReleased; again, then nothing new', () => {
    spec
      .given([claimed('c1', [due])])
      .when(release)
      .thenEvents([released]);
    spec
      .given([claimed('c1', [due]), released])
      .when(release)
      .thenEvents([]);
  });

  it('given paid, when released, then not_pending', () => {
    spec
      .given([claimed('c1', [due]), paid(due)])
      .when(release)
      .thenRejected('not_pending');
  });

  it('given paid, when a refund cancels it, then DueRefunded; the same refund again, then nothing new', () => {
    spec
      .given([claimed('c1', [due]), paid(due)])
      .when(cancel('10/refund:r1'))
      .thenEvents([refunded('10/refund:r1')]);
    spec
      .given([claimed('c1', [due]), paid(due), refunded('10/refund:r1')])
      .when(cancel('10/refund:r1'))
      .thenEvents([]);
  });

  it('given debited but not yet confirmed, when a refund cancels it, then DueRefunded, and a late confirm is a no-op', () => {
    spec
      .given([claimed('c1', [due])])
      .when(cancel('10/refund:r1'))
      .thenEvents([refunded('10/refund:r1')]);
    spec
      .given([claimed('c1', [due]), refunded('10/refund:r1')])
      .when(confirm)
      .thenEvents([]);
  });

  it('given already refunded, when a second refund asks to cancel, then DueRefundSkipped', () => {
    spec
      .given([claimed('c1', [due]), paid(due), refunded('10/refund:r1')])
      .when(cancel('10/refund:r2'))
      .thenEvents([
        {
          type: 'DueRefundSkipped',
          data: { userPk: 101, due: due.due, transferKey: keyOf(due), refundTransferKey: '10/refund:r2', at },
        },
      ]);
  });

  it('given re-paid by a newer transfer, when a late refund of the old one asks to cancel, then skipped', () => {
    const again = item(fee('115-1'), 'c2', 'cash-7');
    const state = [
      claimed('c1', [due]),
      paid(due),
      refunded('10/refund:r1'),
      claimed('c2', [again]),
      paid(again),
    ];
    const decision = spec.given(state).when(cancel('10/refund:r2')).decision;
    expect(decision).toEqual([expect.objectContaining({ type: 'DueRefundSkipped' })]);
    expect(dueStatusOf(fold(membershipDecider, state), due.due)).toMatchObject({
      status: 'paid',
      transferKey: keyOf(again),
    });
  });
});

describe('membershipSummary (ismember, isnextmember, lastmember)', () => {
  const f1 = item(fee('114-2'), 'a', 'cash-7');
  const f2 = item(fee('115-1'), 'b', 'cash-7');
  const f3 = item(fee('115-2'), 'c', 'cash-7');

  it('never a member', () => {
    expect(membershipSummary(fold(membershipDecider, []), '115-1', '115-2')).toEqual({
      ismember: false,
      isnextmember: false,
      lastmember: null,
      paidSemesters: [],
    });
  });

  it('lapsed: paid an earlier semester only', () => {
    const state = fold(membershipDecider, [claimed('a', [f1]), paid(f1)]);
    expect(membershipSummary(state, '115-1', '115-2')).toMatchObject({
      ismember: false,
      isnextmember: false,
      lastmember: '114-2',
    });
  });

  it('current and next paid; a pending claim does not count', () => {
    const state = fold(membershipDecider, [
      claimed('a', [f1]),
      paid(f1),
      claimed('b', [f2]),
      paid(f2),
      claimed('c', [f3]),
    ]);
    expect(membershipSummary(state, '115-1', '115-2')).toEqual({
      ismember: true,
      isnextmember: false,
      lastmember: '115-1',
      paidSemesters: ['114-2', '115-1'],
    });
    const withNext = fold(membershipDecider, [
      ...[claimed('b', [f2]), paid(f2)],
      claimed('c', [f3]),
      paid(f3),
    ]);
    expect(membershipSummary(withNext, '115-1', '115-2')).toMatchObject({
      ismember: true,
      isnextmember: true,
      lastmember: '115-2',
    });
  });
});
