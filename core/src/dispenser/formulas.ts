// The dispenser's formulas and target tanks. A formula names its ingredients in millilitres per litre of
// mix; a run of `volume` ml pours each ingredient's share. Chemical pks refer to the demo's chemical list
// (api/src/cli/demo-darkroom.ts defines them with these pks); water comes from the tap line (no stock).
import type { PlannedIngredient } from './events.ts';

export interface Formula {
  name: string;
  ingredients: { ingredient: string; chemicalPk: number | null; mlPerLitre: number }[];
}

export const FORMULAS: readonly Formula[] = [
  {
    name: 'D-76 1+1',
    ingredients: [
      { ingredient: 'D-76', chemicalPk: 1, mlPerLitre: 500 },
      { ingredient: 'water', chemicalPk: null, mlPerLitre: 500 },
    ],
  },
  {
    name: 'Stop bath 1+19',
    ingredients: [
      { ingredient: 'Ilfostop', chemicalPk: 2, mlPerLitre: 50 },
      { ingredient: 'water', chemicalPk: null, mlPerLitre: 950 },
    ],
  },
  {
    name: 'Rapid Fixer 1+4',
    ingredients: [
      { ingredient: 'Rapid Fixer', chemicalPk: 3, mlPerLitre: 200 },
      { ingredient: 'water', chemicalPk: null, mlPerLitre: 800 },
    ],
  },
  {
    name: 'Multigrade 1+9',
    ingredients: [
      { ingredient: 'Multigrade developer', chemicalPk: 4, mlPerLitre: 100 },
      { ingredient: 'water', chemicalPk: null, mlPerLitre: 900 },
    ],
  },
];

/** The tanks the dispenser's outlet can be swung over. */
export const DISPENSE_TARGETS = ['tank-1', 'tank-2', 'tank-3', 'tank-4'] as const;

/** A run's volume: 100 ml to 5 litres, in whole ml. */
export const DISPENSE_MIN_ML = 100;
export const DISPENSE_MAX_ML = 5_000;

export const formulaByName = (name: string): Formula | undefined =>
  FORMULAS.find((formula) => formula.name === name);

/** Each ingredient's millilitres for a run of `volumeMl`; shares are rounded and the last takes the rest. */
export function planIngredients(formula: Formula, volumeMl: number): PlannedIngredient[] {
  let poured = 0;
  return formula.ingredients
    .map((ingredient, index) => {
      const last = index === formula.ingredients.length - 1;
      const share = last ? volumeMl - poured : Math.round((ingredient.mlPerLitre * volumeMl) / 1000);
      poured += share;
      return { ingredient: ingredient.ingredient, chemicalPk: ingredient.chemicalPk, targetvolume: share };
    })
    .filter((ingredient) => ingredient.targetvolume > 0);
}
