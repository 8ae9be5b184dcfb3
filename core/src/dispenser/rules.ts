// The dispenser's control loop for one ingredient, as a pure step: the host reads the scale, calls
// `stepIngredient`, and switches the pump as told. The simulator and the real driver share it, and the
// property tests check its promises (it always ends, never reports more than it saw, ends in one of the
// per-ingredient statuses).
import type { IngredientStatus } from './events.ts';

/** Pumping stops within this many ml of the target; past the target by more than the limit is limitexceed. */
export const DISPENSE_TOLERANCE_ML = 2;
export const DISPENSE_OVERSHOOT_LIMIT_ML = 15;
/** Consecutive readings that change less than STABLE_DELTA_ML before an ingredient counts as poured. */
export const STABLE_COUNT_NEEDED = 3;
export const STABLE_DELTA_ML = 0.5;
/** A reading this far below the previous one means the vessel was moved or leaks: weightdrop. */
export const WEIGHT_DROP_ML = 5;
/** Pump cycles after which an ingredient that has not reached its target is aborted (source empty). */
export const MAX_ITERATIONS = 400;

export interface IngredientLoop {
  targetvolume: number;
  /** The scale's last reading of this ingredient's pour (ml, tared at the ingredient's start). */
  volume: number;
  iteration: number;
  stablecount: number;
  pump: 'on' | 'off';
  status: IngredientStatus;
}

export const startIngredient = (targetvolume: number): IngredientLoop => ({
  targetvolume,
  volume: 0,
  iteration: 0,
  stablecount: 0,
  pump: 'on',
  status: 'dispense',
});

export const isIngredientDone = (loop: IngredientLoop): boolean => loop.status !== 'dispense';

/**
 * One step: the scale now reads `reading` ml. Returns the next state; `aborted` is the panel's stop button.
 */
export function stepIngredient(loop: IngredientLoop, reading: number, aborted = false): IngredientLoop {
  if (isIngredientDone(loop)) return loop;
  const iteration = loop.iteration + 1;
  if (aborted) return { ...loop, volume: reading, iteration, pump: 'off', status: 'aborted' };
  if (reading < loop.volume - WEIGHT_DROP_ML)
    return { ...loop, volume: reading, iteration, pump: 'off', status: 'weightdrop' };
  if (reading > loop.targetvolume + DISPENSE_OVERSHOOT_LIMIT_ML)
    return { ...loop, volume: reading, iteration, pump: 'off', status: 'limitexceed' };
  const reached = reading >= loop.targetvolume - DISPENSE_TOLERANCE_ML;
  const stable = Math.abs(reading - loop.volume) < STABLE_DELTA_ML;
  const stablecount = reached && stable ? loop.stablecount + 1 : 0;
  const pump = reached ? 'off' : 'on';
  if (stablecount >= STABLE_COUNT_NEEDED)
    return { ...loop, volume: reading, iteration, stablecount, pump: 'off', status: 'finish' };
  if (iteration >= MAX_ITERATIONS)
    return { ...loop, volume: reading, iteration, stablecount, pump: 'off', status: 'aborted' };
  return { ...loop, volume: reading, iteration, stablecount, pump, status: 'dispense' };
}

/** A run's status from its ingredients' (the first that did not finish decides; none left: finish). */
export function runStatusOf(
  statuses: readonly IngredientStatus[],
): 'finish' | 'aborted' | 'weightdrop' | 'limitexceed' {
  const failed = statuses.find((status) => status !== 'finish' && status !== 'dispense');
  return failed === undefined ? 'finish' : (failed as 'aborted' | 'weightdrop' | 'limitexceed');
}
