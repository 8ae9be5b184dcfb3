// The gicleePrintingDue staff warning (document 1): giclee jobs left unpaid for over 3 days
// (docs/giclee.md); the list is AdminGicleeJobHistory with the notpaid filter.
import { duePrintingCount } from '../giclee/view.ts';
import type { WarningSource } from './index.ts';

export const gicleePrintingDue: WarningSource = (services, now) => ({
  kind: 'gicleePrintingDue',
  quantity: duePrintingCount(services, now),
});
