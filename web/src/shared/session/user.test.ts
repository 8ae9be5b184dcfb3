import { describe, expect, it } from 'vitest';
import { canSpend, isActiveStaff, membershipStatus, type SessionUser } from './user';
import { sessionUser } from './session-user.testing';

const user = (overrides: Partial<SessionUser>): SessionUser =>
  sessionUser({ pk: 5, pkstr: 'U5', name: 'x', ...overrides });

describe('session user', () => {
  it('tells never-a-member, lapsed and current members apart', () => {
    expect(membershipStatus(user({}))).toBe('never');
    expect(membershipStatus(user({ lastmember: '114-2' }))).toBe('lapsed');
    expect(membershipStatus(user({ ismember: true, lastmember: '115-1' }))).toBe('current');
  });

  it('counts staff only when they are members', () => {
    expect(isActiveStaff(user({ isstaff: true }))).toBe(false);
    expect(isActiveStaff(user({ isstaff: true, ismember: true }))).toBe(true);
    expect(isActiveStaff(null)).toBe(false);
  });

  it('allows a spend within balanceplus or with allowdebt', () => {
    expect(canSpend(user({ balanceplus: 50 }), 50)).toBe(true);
    expect(canSpend(user({ balanceplus: 49 }), 50)).toBe(false);
    expect(canSpend(user({ authlist: ['allowdebt'] }), 50)).toBe(true);
  });
});
