import { afterEach, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../config.ts';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';

// The CSRF guard against a money-moving call: spellings of the path the router still matches (or might,
// under other router settings), forged proxy headers, and the configured PUBLIC_ORIGIN. Every refusal is
// checked on the money too: the payer's balance must not move.

let portal: TestPortal;
afterEach(async () => {
  await portal.close();
});

let pouches = 0;
async function fundedPair(): Promise<{ payer: TestPerson; payee: TestPerson }> {
  const payer = await signUp(portal, '付款人');
  const payee = await signUp(portal, '收款人');
  const barcode = `C${String(++pouches).padStart(5, '0')}`;
  await portal.app.services.ledger.registerPouch({ now: portal.clock.now, actorPk: null, barcode });
  expect((await payer.client.post('/api/user/pouch/topup', { barcode, amount: 500 })).body.status).toBe('ok');
  return { payer, payee };
}

async function balanceOf(person: TestPerson): Promise<number> {
  const check = await person.client.get('/api/user/check');
  return (check.body.user as { balance: number }).balance;
}

async function start(config: Partial<PortalConfig> = {}) {
  portal = await createTestPortal({ config });
  return fundedPair();
}

const transferBody = (payee: TestPerson) => ({ touserid: payee.pk, amount: 100, summary: '跨站轉帳' });

describe('PUT /api/user/transfer: the CSRF guard', () => {
  it.each([
    ['percent-encoded', '/%61pi/user/transfer'],
    ['percent-encoded in a later segment', '/api/%75ser/transfer'],
    ['double slash in front', '//api/user/transfer'],
    ['double slash inside', '/api//user/transfer'],
    ['upper case', '/API/user/transfer'],
    ['mixed case and encoded', '/%41pi/User/Transfer'],
    ['the plain path', '/api/user/transfer'],
  ])('refuses the %s spelling from a foreign origin and moves no money', async (_label, path) => {
    const { payer, payee } = await start();
    const answer = await payer.client.request('PUT', path, transferBody(payee), {
      origin: 'https://evil.example',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toEqual({ status: 'fail', reason: 'csrf' });
    expect(await balanceOf(payer)).toBe(500);
    expect(await balanceOf(payee)).toBe(0);
  });

  it.each([['/%61pi/user/transfer'], ['//api/user/transfer'], ['/API/user/transfer']])(
    'refuses %s without the Scope header',
    async (path) => {
      const { payer, payee } = await start();
      const answer = await payer.client.request('PUT', path, transferBody(payee), { scope: '' });
      expect(answer.statusCode).toBe(403);
      expect(answer.body.reason).toBe('csrf');
      expect(await balanceOf(payer)).toBe(500);
    },
  );

  it('still lets the portal’s own page transfer (same origin as the Host)', async () => {
    const { payer, payee } = await start();
    const answer = await payer.client.request('PUT', '/api/user/transfer', transferBody(payee), {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(answer.body.status).toBe('ok');
    expect(await balanceOf(payee)).toBe(100);
  });

  it('ignores a forged X-Forwarded-Host when no proxy is trusted', async () => {
    const { payer, payee } = await start();
    const answer = await payer.client.request('PUT', '/api/user/transfer', transferBody(payee), {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body.reason).toBe('csrf');
    expect(await balanceOf(payer)).toBe(500);
  });

  it('compares with PUBLIC_ORIGIN when it is set, whatever the Host and X-Forwarded-Host say', async () => {
    const { payer, payee } = await start({ publicOrigin: 'https://portal.example', trustProxy: 1 });
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example', host: 'evil.example' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      // The right host over the wrong scheme is another origin.
      { origin: 'http://portal.example', host: 'portal.example' },
    ]) {
      const refused = await payer.client.request('PUT', '/api/user/transfer', transferBody(payee), headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.reason).toBe('csrf');
    }
    expect(await balanceOf(payer)).toBe(500);
    const allowed = await payer.client.request('PUT', '/api/user/transfer', transferBody(payee), {
      origin: 'https://portal.example',
      host: 'internal:3000',
    });
    expect(allowed.body.status).toBe('ok');
    expect(await balanceOf(payer)).toBe(400);
  });

  it('reads X-Forwarded-Host from a trusted proxy when PUBLIC_ORIGIN is unset', async () => {
    // app.inject connects from 127.0.0.1, the one hop TRUST_PROXY=1 trusts.
    const { payer, payee } = await start({ trustProxy: 1 });
    const answer = await payer.client.request('PUT', '/api/user/transfer', transferBody(payee), {
      origin: 'https://portal.example',
      host: 'internal:3000',
      'x-forwarded-host': 'portal.example',
    });
    expect(answer.body.status).toBe('ok');
  });
});
