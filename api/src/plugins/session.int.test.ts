// The session layer's answers (plugins/session.ts, which replaced @fastify/session): which answers set or
// clear the cookie, with what attributes, and that a session outlives a restart of the portal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { application, createTestPortal, type TestPortal } from '../testing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let portal: TestPortal | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

async function loggedIn(p: TestPortal) {
  await p.client().post('/api/user/register', application());
  const login = await p.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { scope: 'main' },
    payload: { user: '0912345678', password: 'secret1' },
  });
  return { login, cookie: login.cookies.find((c) => c.name === 'club.sid')! };
}

describe('session cookie', () => {
  it('is set at login for 30 days (HttpOnly, SameSite=Lax, Path=/, not Secure over http) and not on reads', async () => {
    portal = await createTestPortal();
    const before = Date.now();
    const { login, cookie } = await loggedIn(portal);
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/^club\.sid=[\w-]{32}\.[^;]+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(cookie.expires!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 30 * DAY_MS);
    expect(cookie.expires!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const check = await portal.app.inject({
      method: 'GET',
      url: '/api/user/check',
      headers: { cookie: `club.sid=${cookie.value}` },
    });
    expect(check.json().user.name).toBe('王小明');
    expect(check.headers['set-cookie']).toBeUndefined();
  });

  it('is cleared by the answer to a cookie that is altered or whose session was logged out', async () => {
    portal = await createTestPortal();
    const { cookie } = await loggedIn(portal);
    const get = (value: string) =>
      portal!.app.inject({ method: 'GET', url: '/api/user/check', headers: { cookie: `club.sid=${value}` } });

    const altered = await get(`${cookie.value.slice(0, -1)}${cookie.value.endsWith('A') ? 'B' : 'A'}`);
    expect(altered.json().user).toBeNull();
    expect(altered.cookies).toEqual([expect.objectContaining({ name: 'club.sid', value: '' })]);
    // The real cookie still works.
    expect((await get(cookie.value)).json().user).not.toBeNull();

    const logout = await portal.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { scope: 'main', cookie: `club.sid=${cookie.value}` },
    });
    expect(logout.json().status).toBe('ok');
    const after = await get(cookie.value);
    expect(after.json().user).toBeNull();
    expect(after.cookies).toEqual([expect.objectContaining({ name: 'club.sid', value: '' })]);
  });

  it('keeps a member logged in across a restart of the portal on the same data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'club-session-'));
    const store = openSqliteEventStore({ file: join(dataDir, 'events.sqlite3') });
    try {
      const first = await createTestPortal({ dataDir, store });
      const { cookie } = await loggedIn(first);
      await first.app.close();
      portal = await createTestPortal({ dataDir, store });
      const check = await portal.app.inject({
        method: 'GET',
        url: '/api/user/check',
        headers: { cookie: `club.sid=${cookie.value}` },
      });
      expect(check.json().user.name).toBe('王小明');
    } finally {
      await portal?.close();
      portal = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
