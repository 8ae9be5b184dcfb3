// Shared setup of the staff cash integration tests (fee-collection, cash-desk and deposit .int.test.ts): a
// new portal on the real SQLite store for every test, and the people, grants and balances they start from.
import type { AuthorityKey } from '@club/core/access/authorities';
import { afterEach, beforeEach, expect } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { application, createTestPortal, type TestClient, type TestPortal } from '../testing.ts';

export let portal: TestPortal;
beforeEach(async () => {
  // 2026-11-22 noon in Taipei: semester 115-1, the next is 115-2.
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

export const services = () => portal.app.services;

export interface Person {
  pk: number;
  client: TestClient;
  stuid: string;
  mobile: string;
  name: string;
}

let personCounter = 0;
/** Registers a person (identity 1 unless overridden) and logs them in. */
export async function person(name: string, overrides: Record<string, unknown> = {}): Promise<Person> {
  const n = ++personCounter;
  const mobile = `09${String(20_000_000 + n).padStart(8, '0')}`;
  const stuid = `B${String(20_000_000 + n)}`;
  const registered = await portal
    .client()
    .post(
      '/api/user/register',
      application({ name, mobile, stuid, email: `cash${n}@example.com`, ...overrides }),
    );
  expect(registered.body.status).toBe('ok');
  const client = portal.client();
  const login = await client.post('/api/user/login', { user: mobile, password: 'secret1' });
  expect(login.body.status).toBe('ok');
  return { pk: (login.body.user as { pk: number }).pk, client, stuid, mobile, name };
}

/** A staff member who paid this semester's fee (so staff powers apply), with the given authorities. */
export async function staff(name: string, authorities: AuthorityKey[] = []): Promise<Person> {
  const someone = await person(name);
  await recordMemberFeeByOperator(services(), someone.pk);
  await makeStaffByOperator(services(), someone.pk, '總務', authorities);
  return someone;
}

export async function grant(userPk: number, key: AuthorityKey): Promise<void> {
  const result = await services().access.addGrant(
    { key, userPk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `cash-test-grant-${userPk}-${key}` },
  );
  expect(result.ok).toBe(true);
  if (result.ok) await services().projections.waitFor(result.position);
}

export const balanceCents = (account: string) =>
  services().projections.models.ledger.balances.get(account) ?? 0;
