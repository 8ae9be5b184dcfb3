import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { sheetDecider, signInDecider } from './decider.ts';
import type { SignedIn, SignInSheetCreated } from './events.ts';

const now = new Date('2026-11-23T10:00:00Z');
const create = {
  type: 'CreateSheet' as const,
  sheetId: 's1',
  title: '  暗房課 1 ',
  code: '1234',
  workshop: null,
  actorPk: 5,
};

describe('sheet decider', () => {
  it('given no sheet, when created without a period, then it is open from now for three hours', () => {
    const events = sheetDecider.decide(create, sheetDecider.initialState(), now);
    expect(events).toEqual([
      {
        type: 'SignInSheetCreated',
        data: {
          sheetId: 's1',
          title: '暗房課 1',
          code: '1234',
          opensAt: '2026-11-23T10:00:00.000Z',
          closesAt: '2026-11-23T13:00:00.000Z',
          workshop: null,
          createdBy: 5,
        },
      },
    ]);
  });

  it('refuses a blank title with title_required', () => {
    expect(sheetDecider.decide({ ...create, title: '   ' }, sheetDecider.initialState(), now)).toEqual({
      rejected: 'title_required',
    });
  });

  it('refuses a period that ends before it starts', () => {
    expect(
      sheetDecider.decide(
        { ...create, opensAt: now, closesAt: new Date(now.getTime() - 1) },
        sheetDecider.initialState(),
        now,
      ),
    ).toEqual({ rejected: 'period_invalid' });
  });

  it('accepts an empty code, meaning none is needed', () => {
    const events = sheetDecider.decide({ ...create, code: '' }, sheetDecider.initialState(), now);
    expect(Array.isArray(events) && events[0]!.data.code).toBe('');
  });
});

describe('sign-in decider', () => {
  const sheet = (sheetDecider.decide(create, sheetDecider.initialState(), now) as SignInSheetCreated[])[0]!
    .data;
  const signIn = { type: 'SignIn' as const, sheet, userPk: 7, code: '1234' };
  const during = new Date('2026-11-23T11:00:00Z');

  it('given no sign-in, when the code is right in the period, then the person is signed in', () => {
    expect(signInDecider.decide(signIn, signInDecider.initialState(), during)).toEqual([
      { type: 'SignedIn', data: { sheetId: 's1', userPk: 7, signedAt: during.toISOString() } },
    ]);
  });

  it('refuses a wrong code with codewrong', () => {
    expect(signInDecider.decide({ ...signIn, code: '9999' }, signInDecider.initialState(), during)).toEqual({
      rejected: 'codewrong',
    });
  });

  it('needs no code on a sheet without one', () => {
    const open = { ...signIn, sheet: { ...sheet, code: '' }, code: '' };
    expect(Array.isArray(signInDecider.decide(open, signInDecider.initialState(), during))).toBe(true);
  });

  it('given a sign-in, when the person signs in again, then exists', () => {
    const state = fold(signInDecider, [
      { type: 'SignedIn', data: { sheetId: 's1', userPk: 7, signedAt: during.toISOString() } } as SignedIn,
    ]);
    expect(signInDecider.decide(signIn, state, during)).toEqual({ rejected: 'exists' });
  });

  it('refuses after the period (and before it) with expired', () => {
    expect(
      signInDecider.decide(signIn, signInDecider.initialState(), new Date('2026-11-23T13:00:00Z')),
    ).toEqual({
      rejected: 'expired',
    });
    expect(
      signInDecider.decide(signIn, signInDecider.initialState(), new Date('2026-11-23T09:59:59Z')),
    ).toEqual({
      rejected: 'expired',
    });
  });
});
