import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';
import { FREE_FAILURES_PER_IP, MAX_FAILURES_PER_ACCOUNT, MAX_IP_PAUSE_MS } from './login-limiter.ts';
import { passwordChecks } from './passwords.ts';

// The login limits through POST /api/user/login on the real app: one budget per person whatever
// identifier is typed, reservations that parallel guesses cannot overtake, counts that survive a
// restart, and an IP that is slowed down rather than banned, whatever X-Forwarded-For says.

let portal: TestPortal;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(options: Parameters<typeof createTestPortal>[0] = {}): Promise<TestPortal> {
  portal = await createTestPortal(options);
  const opened = portal;
  cleanups.push(() => opened.close());
  return portal;
}

const login = (user: string, password: string, headers: Record<string, string> = {}) =>
  portal.client().request('POST', '/api/user/login', { user, password }, headers);

/** The password checks the portal made, as its log of login attempts records them (one per check). */
async function loginAttemptsOf(pk: number | null): Promise<number> {
  const events = await portal.store.readAll();
  return events.filter(
    (event) => event.type === 'LoginAttempted' && (event.data as { userPk: number | null }).userPk === pk,
  ).length;
}

describe('POST /api/user/login: the per-account limit', () => {
  it('counts the person, not the spelling: mobile, student ID and e-mail share one budget', async () => {
    await open();
    const person = await signUp(portal, '王小明');
    const spellings = [
      person.mobile,
      person.stuid,
      person.stuid.toLowerCase(),
      person.email,
      person.email.toUpperCase(),
    ];
    expect(spellings).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    for (const spelling of spellings) expect((await login(spelling, 'wrong-pass')).body.reason).toBe('wrong');
    for (const spelling of [person.mobile, person.stuid, person.email]) {
      const blocked = await login(spelling, 'secret1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toEqual({ status: 'fail', reason: 'toomany' });
    }
  });

  it('checks at most five passwords of twelve parallel wrong attempts', async () => {
    await open();
    const person = await signUp(portal, '王小明');
    const before = await loginAttemptsOf(person.pk);
    const checksBefore = passwordChecks.count;
    const answered: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        login(person.mobile, `guess-${attempt}`).then((answer) => {
          answered.push(answer.statusCode === 429 ? 'toomany' : String(answer.body.reason));
        }),
      ),
    );
    // Counted twice: the argon2 verifications this process ran, and the attempts the log recorded.
    expect(passwordChecks.count - checksBefore).toBe(MAX_FAILURES_PER_ACCOUNT);
    expect((await loginAttemptsOf(person.pk)) - before).toBe(MAX_FAILURES_PER_ACCOUNT);
    expect(answered.filter((reason) => reason === 'wrong')).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(answered.filter((reason) => reason === 'toomany')).toHaveLength(12 - MAX_FAILURES_PER_ACCOUNT);
    // The race happened: refusals were answered while password checks were still running, so the limit
    // held against attempts in flight, not only against attempts made one after another.
    expect(answered.indexOf('toomany')).toBeLessThan(answered.lastIndexOf('wrong'));
  });

  it('keeps the failures over a restart on the same data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'club-limiter-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const eventsFile = join(dataDir, 'events.sqlite3');
    await open({ dataDir, store: openSqliteEventStore({ file: eventsFile }) });
    const person: TestPerson = await signUp(portal, '王小明');
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await login(person.mobile, `before-${attempt}`)).body.reason).toBe('wrong');
    await portal.close();
    cleanups.pop();

    await open({ dataDir, store: openSqliteEventStore({ file: eventsFile }) });
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT - 3; attempt++)
      expect((await login(person.email, `after-${attempt}`)).body.reason).toBe('wrong');
    expect((await login(person.mobile, 'secret1')).statusCode).toBe(429);
  });

  it('forgives the failures after a successful login', async () => {
    await open();
    const person = await signUp(portal, '王小明');
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT - 1; attempt++)
      await login(person.mobile, `wrong-${attempt}`);
    expect((await login(person.mobile, 'secret1')).body.status).toBe('ok');
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT - 1; attempt++)
      expect((await login(person.mobile, `again-${attempt}`)).body.reason).toBe('wrong');
  });
});

describe('POST /api/user/login: the per-IP limit', () => {
  /** Fails from this IP with identifiers that name nobody, so only the IP's budget is spent. */
  const failUnknown = (n: number, headers: Record<string, string> = {}) =>
    login(`nobody-${n}@example.com`, 'wrong-pass', headers);

  it('does not let a forged X-Forwarded-For reset the count', async () => {
    await open();
    for (let n = 0; n <= FREE_FAILURES_PER_IP; n++)
      expect((await failUnknown(n, { 'x-forwarded-for': `203.0.113.${n}` })).body.reason).toBe('wrong');
    const forged = await failUnknown(99, { 'x-forwarded-for': '198.51.100.7' });
    expect(forged.statusCode).toBe(429);
    expect(forged.body.reason).toBe('toomany');
  });

  it('counts the client X-Forwarded-For names when TRUST_PROXY trusts the proxy in front', async () => {
    // app.inject connects from 127.0.0.1: here that is the reverse proxy.
    await open({ config: { trustProxy: '127.0.0.1' } });
    const behindProxy = (client: string) => ({ 'x-forwarded-for': client });
    for (let n = 0; n <= FREE_FAILURES_PER_IP; n++)
      expect((await failUnknown(n, behindProxy('203.0.113.5'))).body.reason).toBe('wrong');
    expect((await failUnknown(50, behindProxy('203.0.113.5'))).statusCode).toBe(429);
    // Another client behind the same proxy has a budget of its own.
    expect((await failUnknown(51, behindProxy('203.0.113.6'))).body.reason).toBe('wrong');
  });

  it('slows an IP down with pauses that double up to a minute instead of banning it', async () => {
    await open();
    const person = await signUp(portal, '王小明');
    let n = 0;
    for (; n < FREE_FAILURES_PER_IP; n++) expect((await failUnknown(n)).body.reason).toBe('wrong');
    const pauses: number[] = [];
    for (let round = 0; round < 9; round++) {
      expect((await failUnknown(n++)).body.reason).toBe('wrong');
      // Right after a failure the IP waits, even with the right password of a real account.
      const paused = await portal.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { scope: 'main' },
        payload: { user: person.mobile, password: 'secret1' },
      });
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toEqual({ status: 'fail', reason: 'toomany' });
      const retryAfter = Number(paused.headers['retry-after']);
      pauses.push(retryAfter);
      portal.clock.now = new Date(portal.clock.now.getTime() + retryAfter * 1000);
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(Math.max(...pauses) * 1000).toBe(MAX_IP_PAUSE_MS);
    // After the pause the person behind the same address logs in: nobody is locked out for 15 minutes.
    expect((await login(person.mobile, 'secret1')).body.status).toBe('ok');
  });
});
