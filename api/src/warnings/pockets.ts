// The pocketNeedDeposit staff warning (document 1): cash pouches that members used and whose cash has not
// been counted into the club's cash yet (used, and not in a committed AdminDeposit batch), with the
// number of pouches ever registered and ever used, so the member home can say how many empty ones are left.
import type { WarningSource } from './index.ts';

export const pocketNeedDeposit: WarningSource = (services) => {
  const { cash } = services.projections.models;
  return {
    kind: 'pocketNeedDeposit',
    quantity: cash.pouchAwaitingDeposit,
    pocketTotal: cash.pouchTotal,
    pocketUsed: cash.pouchUsed,
  };
};
