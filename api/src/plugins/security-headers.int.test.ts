import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '@club/core/eventstore/open';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, type TestPortal } from '../testing.ts';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.ts';

// Security headers on pages and API answers, the API docs page closed in production, and the data folder
// and its files private to the portal's user.

let portal: TestPortal;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['strict-transport-security']).toBe('max-age=15552000');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** The headers that govern an HTML document: on pages, not on API answers. */
function documentHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(DOCUMENT_ONLY_HEADERS.map((name) => [name, headers[name]]));
}

const DOCUMENT_HEADERS = {
  'x-xss-protection': '0',
  'x-download-options': 'noopen',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
  'cross-origin-opener-policy': 'same-origin',
};
const NO_DOCUMENT_HEADERS = Object.fromEntries(DOCUMENT_ONLY_HEADERS.map((name) => [name, undefined]));

describe('security headers', () => {
  it('are on API answers, refusals and 404s alike, without the ones only a page needs', async () => {
    portal = await createTestPortal();
    cleanups.push(() => portal.close());
    for (const [method, url] of [
      ['GET', '/api/user/check'],
      ['GET', '/api/nope'],
      ['POST', '/api/user/login'],
    ] as const) {
      const response = await portal.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expectSecurityHeaders(response.headers);
      expect(documentHeadersOf(response.headers)).toEqual(NO_DOCUMENT_HEADERS);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A call whose answer may be kept says so itself: the public calendar feed, for subscriptions.
    const feed = await portal.app.inject({ method: 'GET', url: '/api/calendar.ics' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    // The API docs are a page.
    const docs = await portal.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    expectSecurityHeaders(docs.headers);
    expect(documentHeadersOf(docs.headers)).toEqual(DOCUMENT_HEADERS);
  });

  it('are on the web app’s pages and files', async () => {
    const webDist = temporaryFolder('club-web-');
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    portal = await createTestPortal({ config: { serveWeb: true, webDist } });
    cleanups.push(() => portal.close());
    for (const url of ['/', '/user/transfer', '/assets/app.js']) {
      const response = await portal.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response.headers);
      expect(documentHeadersOf(response.headers)).toEqual(DOCUMENT_HEADERS);
      expect(response.headers['cache-control']).not.toBe('no-store');
    }
  });
});

describe('GET /api/docs', () => {
  it('is open in development and tests', async () => {
    portal = await createTestPortal();
    cleanups.push(() => portal.close());
    expect((await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('is only for active staff with the system authority in production', async () => {
    portal = await createTestPortal({ config: { production: true } });
    cleanups.push(() => portal.close());
    const services = portal.app.services;
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect((await portal.client().get(url)).statusCode).toBe(401);
    }
    const member = await signUp(portal, '社員');
    expect((await member.client.get('/api/docs/json')).statusCode).toBe(403);
    const staff = await signUp(portal, '幹部');
    await recordMemberFeeByOperator(services, staff.pk);
    await makeStaffByOperator(services, staff.pk, '總務');
    expect((await staff.client.get('/api/docs/json')).statusCode).toBe(403);
    const keeper = await signUp(portal, '網管');
    await recordMemberFeeByOperator(services, keeper.pk);
    await makeStaffByOperator(services, keeper.pk, '網管', ['system']);
    const docs = await keeper.client.get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.body.paths as object)).toContain('/api/user/login');
  });
});

describe('the data folder', () => {
  it('is created 0700 with the event log, the sessions and the secret 0600', async () => {
    const dataDir = join(temporaryFolder('club-data-'), 'data');
    const store = await openEventStore({ DATA_DIR: dataDir });
    portal = await createTestPortal({ dataDir, store, config: { sessionSecret: undefined } });
    cleanups.push(() => portal.close());
    // A login writes to both databases, so their -wal files exist as well.
    await signUp(portal, '王小明');

    const modeOf = (name: string) => statSync(join(dataDir, name)).mode & 0o777;
    expect(modeOf('.')).toBe(0o700);
    for (const file of [
      'events.sqlite3',
      'events.sqlite3-wal',
      'sessions.sqlite3',
      'sessions.sqlite3-wal',
      'session-secret',
    ]) {
      expect({ file, mode: modeOf(file).toString(8) }).toEqual({ file, mode: '600' });
    }
  });

  it('tightens a folder and files an older version left readable', async () => {
    const dataDir = temporaryFolder('club-old-data-');
    chmodSync(dataDir, 0o755);
    const first = await openEventStore({ DATA_DIR: dataDir });
    await first.close();
    writeFileSync(join(dataDir, 'session-secret'), 'x'.repeat(64));
    for (const file of ['events.sqlite3', 'session-secret']) chmodSync(join(dataDir, file), 0o644);

    const store = await openEventStore({ DATA_DIR: dataDir });
    portal = await createTestPortal({ dataDir, store, config: { sessionSecret: undefined } });
    cleanups.push(() => portal.close());

    const modeOf = (name: string) => (statSync(join(dataDir, name)).mode & 0o777).toString(8);
    expect([modeOf('.'), modeOf('events.sqlite3'), modeOf('session-secret')]).toEqual(['700', '600', '600']);
  });
});
