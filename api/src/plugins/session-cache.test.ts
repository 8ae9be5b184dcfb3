// The read path's memories in the session layer: a remembered signature never lets an altered cookie in,
// and the session store's in-memory copy forgets a session at logout and at its expiry.
import { describe, expect, it } from 'vitest';
import { rememberingSigner } from './session-signer.ts';
import { SqliteSessionStore } from './session-store.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('rememberingSigner', () => {
  it('answers like the plain signer, and an altered cookie fails even after the real one was remembered', () => {
    const signer = rememberingSigner(SECRET);
    const cookie = signer.sign('session-id-1');
    expect(signer.sign('session-id-1')).toBe(cookie);
    expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    const altered = `${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.unsign(altered).valid).toBe(false);
    expect(signer.unsign(`other-id${cookie.slice(cookie.lastIndexOf('.'))}`).valid).toBe(false);
    // Another secret's signer does not accept this cookie.
    expect(rememberingSigner(`${SECRET}x`).unsign(cookie).valid).toBe(false);
  });
});

describe('SqliteSessionStore memory', () => {
  it('shares a copy no reader can change, forgets a destroyed session, and never answers an expired one', async () => {
    const store = new SqliteSessionStore(':memory:');
    try {
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      store.write('a', { userPk: 101, cookie: { expires: inAnHour } });
      const first = store.read('a') as { userPk?: number; cookie?: { expires?: string } };
      expect(() => {
        first.userPk = 999;
      }).toThrow(TypeError);
      expect(() => {
        first.cookie!.expires = 'never';
      }).toThrow(TypeError);
      expect(store.read('a')).toEqual({ userPk: 101, cookie: { expires: inAnHour } });

      // A write replaces the shared copy.
      store.write('a', { userPk: 101, scope: 'store', cookie: { expires: inAnHour } });
      expect(store.read('a')?.scope).toBe('store');

      store.remove('a');
      expect(store.read('a')).toBeNull();

      const past = new Date(Date.now() + 30).toISOString();
      store.write('b', { userPk: 102, cookie: { expires: past } });
      expect(store.read('b')).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(store.read('b')).toBeNull();
    } finally {
      store.close();
    }
  });
});
