// The club's darkroom chemicals (pks 1-4 are the dispenser formulas' stocks, core/src/dispenser/formulas.ts).
// Defined by the demo and the tests through the same command staff would use; idempotent by pk.
import type { CommandContext } from '@club/core/commands';
import type { ChemicalDefined } from '@club/core/chemicals/events';
import type { PortalServices } from '../services.ts';

export const CLUB_CHEMICALS: readonly (ChemicalDefined['data'] & { initialMl: number })[] = [
  { pk: 1, name: 'D-76', bottle2ml: 3800, needRecycle: false, replenishBelowMl: 2000, initialMl: 7600 },
  { pk: 2, name: 'Ilfostop', bottle2ml: 500, needRecycle: false, replenishBelowMl: 200, initialMl: 1000 },
  { pk: 3, name: 'Rapid Fixer', bottle2ml: 1000, needRecycle: true, replenishBelowMl: 1500, initialMl: 3000 },
  {
    pk: 4,
    name: 'Multigrade developer',
    bottle2ml: 1000,
    needRecycle: false,
    replenishBelowMl: 1000,
    initialMl: 800,
  },
  {
    pk: 5,
    name: 'Hypo clearing agent',
    bottle2ml: 1000,
    needRecycle: false,
    replenishBelowMl: 300,
    initialMl: 1000,
  },
];

export async function defineClubChemicals(
  services: PortalServices,
  context: CommandContext,
): Promise<number> {
  let position = 0;
  for (const { initialMl, ...chemical } of CLUB_CHEMICALS) {
    const answer = await services.chemicals.handle(
      { type: 'DefineChemical', chemical, initialMl, userPk: null },
      { ...context, commandId: `chemical-define-${chemical.pk}` },
    );
    if (answer.ok) position = Math.max(position, answer.position);
  }
  await services.projections.waitFor(position);
  return position;
}
