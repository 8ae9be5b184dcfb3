// Shared setup of the staff cash integration tests (fee-collection, cash-desk and deposit .int.test.ts): a
// new portal on the real SQLite store for every test, and the people, grants and balances they start from.
import type { AuthorityKey } from '@club/core/access/authorities';
import { afterEach, beforeEach, expect } from 'vitest';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

export let portal: TestPortal;
beforeEach(async () => {
  // 2026-11-22 noon in Taipei: semester 115-1, the next is 115-2.
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

export const services = () => portal.app.services;

/** Registers a person (identity 1 unless overridden) on this test's portal and logs them in. */
export const person = (name: string, overrides: Record<string, unknown> = {}): Promise<TestPerson> =>
  signUp(portal, name, overrides);

/** A staff member who paid this semester's fee (so staff powers apply), with the given authorities. */
export const staff = (name: string, authorities: AuthorityKey[] = []): Promise<TestPerson> =>
  signUpStaff(portal, name, authorities);

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
