import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { UniqueClaimEvent, UserEvent } from './events.ts';
import { FIRST_PERSON_PK, pkSequenceDecider } from './pk-sequence.ts';
import { claimDecider } from './unique-claim.ts';
import { userDecider } from './user-decider.ts';

const now = new Date('2026-11-22T04:00:00Z');
const profile = {
  pk: 101,
  identity: 1 as const,
  name: '王小明',
  sex: '1' as const,
  school: '',
  department: '',
  stuid: 'B12345678',
  grade: '',
  facebook: '',
  email: 'a@example.com',
  mobile: '0912345678',
  passwordHash: 'h1',
  valid: true,
  semester: '115-1',
  lang: 'tw' as const,
};
const registered: UserEvent = { type: 'UserRegistered', data: profile };

describe('user decider', () => {
  const given = (...events: UserEvent[]) => fold(userDecider, events);

  it('given nothing, when registering, then the user is registered', () => {
    expect(userDecider.decide({ type: 'Register', profile }, given(), now)).toEqual([registered]);
  });

  it('given a registered user, when registering again, then it is refused as exists', () => {
    expect(userDecider.decide({ type: 'Register', profile }, given(registered), now)).toEqual({
      rejected: 'exists',
    });
  });

  it('given a registered user, when the old password does not match, then the change is refused as wrong', () => {
    const command = { type: 'ChangePassword' as const, oldPasswordMatches: false, newPasswordHash: 'h2' };
    expect(userDecider.decide(command, given(registered), now)).toEqual({ rejected: 'wrong' });
  });

  it('given a registered user, when the old password matches, then the new hash is recorded', () => {
    const command = { type: 'ChangePassword' as const, oldPasswordMatches: true, newPasswordHash: 'h2' };
    const events = userDecider.decide(command, given(registered), now);
    expect(events).toEqual([{ type: 'PasswordChanged', data: { passwordHash: 'h2' } }]);
    const state = given(registered, ...(events as UserEvent[]));
    expect(state.status === 'registered' && state.passwordHash).toBe('h2');
  });

  it('given nobody, when changing settings, then it is refused as notfound; choosing the same language changes nothing', () => {
    expect(userDecider.decide({ type: 'ChangeSettings', lang: 'en' }, given(), now)).toEqual({
      rejected: 'notfound',
    });
    expect(userDecider.decide({ type: 'ChangeSettings', lang: 'tw' }, given(registered), now)).toEqual([]);
  });
});

describe('unique claim decider', () => {
  const claimed: UniqueClaimEvent = {
    type: 'UniqueValueClaimed',
    data: { kind: 'mobile', value: '0912345678', userPk: 101 },
  };
  const claim = (userPk: number) => ({
    type: 'Claim' as const,
    kind: 'mobile' as const,
    value: '0912345678',
    userPk,
  });

  it('given a free value, when claimed, then it is held', () => {
    expect(claimDecider.decide(claim(101), fold(claimDecider, []), now)).toEqual([claimed]);
  });

  it('given a value held by another user, when claimed, then it is refused as taken; by the holder, nothing happens', () => {
    const state = fold(claimDecider, [claimed]);
    expect(claimDecider.decide(claim(102), state, now)).toEqual({ rejected: 'taken' });
    expect(claimDecider.decide(claim(101), state, now)).toEqual([]);
  });

  it('given a released value, when claimed by someone else, then they hold it', () => {
    const released: UniqueClaimEvent = { type: 'UniqueValueReleased', data: claimed.data };
    expect(claimDecider.decide(claim(102), fold(claimDecider, [claimed, released]), now)).toHaveLength(1);
  });
});

describe('pk sequence', () => {
  it('starts people at the first person pk and skips the club account 2861', () => {
    expect(pkSequenceDecider.decide({ type: 'Allocate' }, pkSequenceDecider.initialState(), now)).toEqual([
      { type: 'UserPkAllocated', data: { pk: FIRST_PERSON_PK } },
    ]);
    expect(pkSequenceDecider.decide({ type: 'Allocate' }, { last: 2860 }, now)).toEqual([
      { type: 'UserPkAllocated', data: { pk: 2862 } },
    ]);
  });
});
