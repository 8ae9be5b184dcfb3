// The read path's memories in the session layer: a remembered signature never lets an altered cookie in,
// and the session store's in-memory copy forgets a session at logout and at its expiry.
import type { Session } from 'fastify';
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

const read = (store: SqliteSessionStore, id: string) =>
  new Promise<Session | null | undefined>((resolve, reject) =>
    store.get(id, (error, session) => (error ? reject(error) : resolve(session))),
  );
const write = (store: SqliteSessionStore, id: string, session: object) =>
  new Promise<void>((resolve, reject) =>
    store.set(id, session as Session, (error) => (error ? reject(error) : resolve())),
  );

describe('SqliteSessionStore memory', () => {
  it('gives each reader its own copy, forgets a destroyed session, and never answers an expired one', async () => {
    const store = new SqliteSessionStore(':memory:');
    try {
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      await write(store, 'a', { userPk: 101, cookie: { expires: inAnHour } });
      const first = (await read(store, 'a')) as unknown as { userPk: number };
      first.userPk = 999;
      expect(((await read(store, 'a')) as unknown as { userPk: number }).userPk).toBe(101);

      await new Promise<void>((resolve) => store.destroy('a', () => resolve()));
      expect(await read(store, 'a')).toBeNull();

      const past = new Date(Date.now() + 30).toISOString();
      await write(store, 'b', { userPk: 102, cookie: { expires: past } });
      expect(await read(store, 'b')).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await read(store, 'b')).toBeNull();
    } finally {
      store.close();
    }
  });
});
