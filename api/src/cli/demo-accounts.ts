// The demo club's people and their published password, shared by `npm run demo` (which creates them) and
// the start-up check that refuses to serve a network while any of them still opens with that password.
import { verifyPassword } from '../auth/passwords.ts';
import type { PortalServices } from '../services.ts';

export const DEMO_PASSWORD = 'demo1234';

export const demoPeople = [
  {
    key: 'head',
    name: '陳社長',
    sex: '1',
    stuid: 'B10000001',
    mobile: '0900000001',
    email: 'head@demo.club',
  },
  {
    key: 'member',
    name: '林小美',
    sex: '2',
    stuid: 'B10000002',
    mobile: '0900000002',
    email: 'mei@demo.club',
  },
  {
    key: 'lapsed',
    name: '張志明',
    sex: '1',
    stuid: 'B10000003',
    mobile: '0900000003',
    email: 'ming@demo.club',
  },
  {
    key: 'applicant',
    name: '黃雅婷',
    sex: '2',
    stuid: 'B10000004',
    mobile: '0900000004',
    email: 'ting@demo.club',
  },
] as const;

/** Numbered cash pouches the demo registers, so a member can top up (their labels would be printed). */
export const DEMO_POUCHES = ['DEMO-001', 'DEMO-002', 'DEMO-003', 'DEMO-004', 'DEMO-005'] as const;

/** The demo accounts in this portal that still open with the published password (their mobiles). */
export async function demoAccountsWithDemoPassword(services: PortalServices): Promise<string[]> {
  const users = services.projections.models.users;
  const open: string[] = [];
  for (const person of demoPeople) {
    const pk = users.byMobile.get(person.mobile);
    const row = pk === undefined ? undefined : users.byPk.get(pk);
    if (row && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) open.push(person.mobile);
  }
  return open;
}
