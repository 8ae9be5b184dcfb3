// Given a reset's events, when its link is used, then it is spent once within 30 minutes.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  hashToken,
  type PasswordResetEvent,
  passwordResetDecider,
  resetIdOfToken,
  resetTokenOf,
} from './password-reset.ts';

const resetId = '0b6f3c2e-6d0a-4f7e-9d3e-2f1a5c7b8e90';
const token = resetTokenOf('secret', resetId);
const at = new Date('2026-11-22T04:00:00Z');
const requested = passwordResetDecider.decide(
  { type: 'Request', resetId, userPk: 101, tokenHash: hashToken(token) },
  passwordResetDecider.initialState(),
  at,
) as PasswordResetEvent[];
const use = (events: PasswordResetEvent[], given: string, minutes: number) =>
  passwordResetDecider.decide(
    { type: 'Use', resetId, tokenHash: hashToken(given) },
    fold(passwordResetDecider, events),
    new Date(at.getTime() + minutes * 60_000),
  );

describe('password reset decider', () => {
  it('stores only the hash of the token, valid 30 minutes', () => {
    expect(JSON.stringify(requested)).not.toContain(token.split('.')[1]);
    expect(requested[0]?.data).toMatchObject({ expiresAt: '2026-11-22T04:30:00.000Z' });
  });

  it('spends the token once', () => {
    const used = use(requested, token, 29) as PasswordResetEvent[];
    expect(used).toEqual([{ type: 'PasswordResetUsed', data: { resetId, userPk: 101 } }]);
    expect(use([...requested, ...used], token, 29)).toEqual({ rejected: 'token_used' });
  });

  it('refuses an expired or altered token', () => {
    expect(use(requested, token, 31)).toEqual({ rejected: 'token_expired' });
    expect(use(requested, resetTokenOf('other secret', resetId), 1)).toEqual({ rejected: 'token_invalid' });
  });

  it('reads the reset id from a token', () => {
    expect(resetIdOfToken(token)).toBe(resetId);
    expect(resetIdOfToken('nonsense')).toBeNull();
  });
});
