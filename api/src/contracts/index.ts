// Every domain's contract, and the list of every call: the API checks each is a registered route, and
// the web's development build validates answers against them (web/src/shared/api/contract-check.ts).
import * as access from './access.ts';
import * as actplace from './actplace.ts';
import * as accounts from './accounts.ts';
import * as calendar from './calendar.ts';
import * as card from './card.ts';
import * as cashDesk from './cash-desk.ts';
import * as darkroomDevices from './darkroom-devices.ts';
import * as darkroomSessions from './darkroom-sessions.ts';
import * as deposit from './deposit.ts';
import * as door from './door.ts';
import * as feeCollection from './fee-collection.ts';
import * as files from './files.ts';
import * as finance from './finance.ts';
import * as giclee from './giclee.ts';
import * as groupbuy from './groupbuy.ts';
import * as health from './health.ts';
import * as home from './home.ts';
import * as labels from './labels.ts';
import * as loans from './loans.ts';
import * as loansPaper from './loans-paper.ts';
import * as loansProperty from './loans-property.ts';
import * as mail from './mail.ts';
import * as money from './money.ts';
import * as nas from './nas.ts';
import * as points from './points.ts';
import * as print from './print.ts';
import * as printDuo from './print-duo.ts';
import * as signin from './signin.ts';
import * as statistics from './statistics.ts';
import * as reservations from './reservations.ts';
import * as shop from './shop.ts';
import type { Endpoint } from './shared.ts';
import * as stock from './stock.ts';
import * as system from './system.ts';
import * as transactions from './transactions.ts';
import * as typeahead from './typeahead.ts';
import * as userDetail from './user-detail.ts';
import * as userLists from './user-lists.ts';
import * as vote from './vote.ts';
import * as workshop from './workshop.ts';

export const contracts = {
  access,
  actplace,
  accounts,
  calendar,
  card,
  cashDesk,
  darkroomDevices,
  darkroomSessions,
  deposit,
  door,
  feeCollection,
  files,
  finance,
  giclee,
  groupbuy,
  workshop,
  health,
  home,
  labels,
  loans,
  loansPaper,
  loansProperty,
  mail,
  money,
  nas,
  points,
  print,
  printDuo,
  signin,
  statistics,
  reservations,
  shop,
  stock,
  system,
  transactions,
  typeahead,
  userDetail,
  userLists,
  vote,
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'ok' in value &&
  typeof (value as { path: unknown }).path === 'string';

/** Every call of every domain, found among the modules' exports. */
export const allEndpoints: readonly Endpoint[] = Object.values(contracts).flatMap((module) =>
  Object.values(module as Record<string, unknown>).filter(isEndpoint),
);
