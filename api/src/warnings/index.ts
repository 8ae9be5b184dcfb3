// Staff warnings on the member home (document 1): each domain contributes one small function in its own
// file here, and this list gathers them. A warning with quantity 0 is not shown.
import type { PortalServices } from '../services.ts';
import { debtUserWarning } from './debt.ts';
import {
  bookExpiredWarning,
  propertyLendOutWarning,
  sharingpaperNeedFix,
  sharingpaperNeedReplenish,
  sharingpaperNeedReturn,
} from './loans.ts';
import { pocketNeedDeposit } from './pockets.ts';
import { chemicalNeedReplenishWarning } from './chemicals.ts';
import { gicleePrintingDue } from './giclee.ts';

export interface StaffWarning {
  kind: string;
  quantity: number;
  due?: number;
  pocketTotal?: number;
  pocketUsed?: number;
}

export type WarningSource = (services: PortalServices, now: Date) => StaffWarning | null;

/** Add each domain's source here (debtUser, pocketNeedDeposit, bookExpired, ...). */
export const warningSources: WarningSource[] = [
  debtUserWarning,
  pocketNeedDeposit,
  chemicalNeedReplenishWarning,
  bookExpiredWarning,
  propertyLendOutWarning,
  sharingpaperNeedReturn,
  sharingpaperNeedReplenish,
  sharingpaperNeedFix,
  gicleePrintingDue,
];

export function collectStaffWarnings(services: PortalServices, now: Date): StaffWarning[] {
  return warningSources
    .map((source) => source(services, now))
    .filter((warning): warning is StaffWarning => warning !== null && warning.quantity > 0);
}
