import type { SessionUser } from './user';

/** A signed-in person for unit tests: never a member, no balance, no authorities, unless overridden. */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  pk: 100,
  pkstr: 'U100',
  name: 'Tester',
  identity: 1,
  ismember: false,
  isnextmember: false,
  isstaff: false,
  authlist: [],
  balance: 0,
  balanceplus: 0,
  point: 0,
  lastmember: null,
  valid: true,
  memberfee: 600,
  settings: { lang: '' },
  bookexpiredcount: 0,
  bookborrowlist: [],
  propertyexpiredcount: 0,
  propertyborrowlist: [],
  ...overrides,
});
