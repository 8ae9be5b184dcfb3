import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Accounts, type PasswordHasher } from '@club/core/accounts/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

// Registrations straight through the accounts service with a constant hash: argon2 for 200 people would
// take most of a minute, and the picker's list needs only their names.
const constantHasher: PasswordHasher = {
  hash: async () => '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
  verify: async () => false,
};
const PEOPLE = 200;

describe('compressed API answers', () => {
  let portal: TestPortal;
  let member: TestPerson;
  const get = (url: string, acceptEncoding?: string) =>
    portal.app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: `club.sid=${member.client.sessionCookie()}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  beforeAll(async () => {
    portal = await createTestPortal();
    member = await signUp(portal, '林小美');
    const accounts = new Accounts(portal.store, constantHasher);
    for (let index = 0; index < PEOPLE; index += 1) {
      const result = await accounts.register(
        {
          identity: 1,
          name: `社員${index}號`,
          sex: '1',
          stuid: `C${String(20_000_000 + index)}`,
          email: `picker${index}@example.com`,
          mobile: `09${String(20_000_000 + index)}`,
          password: 'secret1',
          password2: 'secret1',
          ruleagree: true,
        },
        { now: portal.clock.now, actor: null, correlationId: `picker-${index}` },
      );
      expect(result.ok).toBe(true);
    }
    await portal.app.services.projections.waitFor(await portal.store.headPosition());
  });
  afterAll(() => portal.close());

  it("sends the picker's list of everyone compressed, the same list as uncompressed", async () => {
    const plain = await get('/api/typeahead2/user');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = plain.json() as { status: string; searchlist: unknown[] };
    expect(list.status).toBe('ok');
    // The club's payable accounts, the member and the 200 people.
    expect(list.searchlist).toHaveLength(3 + 1 + PEOPLE);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const brotli = await get('/api/typeahead2/user', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(list);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await get('/api/typeahead2/user', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(list);
  });

  it('sends a small answer as it is, with its length, whatever the client accepts', async () => {
    const check = await get('/api/user/check', 'gzip, deflate, br');
    expect(check.statusCode).toBe(200);
    expect(check.headers['content-encoding']).toBeUndefined();
    expect(Number(check.headers['content-length'])).toBe(check.rawPayload.length);
    expect(check.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect((check.json() as { user: { pk: number } }).user.pk).toBe(member.pk);
  });

  it('does not inflate a compressed request body: a bad request, and nothing changes', async () => {
    const before = await portal.store.headPosition();
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { scope: 'main', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ user: member.mobile, password: 'secret1' })),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.cookies).toHaveLength(0);
    expect(await portal.store.headPosition()).toBe(before);
  });

  it('refuses a guest the list, compressed or not', async () => {
    const guest = await portal.app.inject({
      method: 'GET',
      url: '/api/typeahead2/user',
      headers: { 'accept-encoding': 'br' },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['content-encoding']).toBeUndefined();
    expect((guest.json() as { status: string }).status).toBe('fail');
  });
});
