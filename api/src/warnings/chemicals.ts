// The chemicalNeedReplenish staff warning (document 1): how many darkroom chemicals are below their
// replenish level. The list is AdminChemical2.
import { chemicalNeedsReplenish } from '@club/projections';
import type { WarningSource } from './index.ts';

export const chemicalNeedReplenishWarning: WarningSource = (services) => ({
  kind: 'chemicalNeedReplenish',
  quantity: [...services.projections.models.darkroomDevices.chemicals.values()].filter(chemicalNeedsReplenish)
    .length,
});
