import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULAS, planIngredients } from './formulas.ts';
import {
  DISPENSE_OVERSHOOT_LIMIT_ML,
  isIngredientDone,
  MAX_ITERATIONS,
  runStatusOf,
  STABLE_COUNT_NEEDED,
  startIngredient,
  stepIngredient,
} from './rules.ts';

describe('dispenser control loop', () => {
  it('pours to the target, waits for a stable scale, then finishes', () => {
    let loop = startIngredient(100);
    for (const reading of [30, 60, 90, 99, 99.2, 99.3, 99.3]) loop = stepIngredient(loop, reading);
    expect(loop.status).toBe('finish');
    expect(loop.pump).toBe('off');
    expect(loop.stablecount).toBe(STABLE_COUNT_NEEDED);
  });

  it('a falling scale is weightdrop, an overpour limitexceed, the stop button aborted', () => {
    expect(stepIngredient(stepIngredient(startIngredient(100), 50), 40).status).toBe('weightdrop');
    expect(stepIngredient(startIngredient(100), 100 + DISPENSE_OVERSHOOT_LIMIT_ML + 1).status).toBe(
      'limitexceed',
    );
    expect(stepIngredient(startIngredient(100), 10, true).status).toBe('aborted');
  });

  it('property: any sequence of readings ends within MAX_ITERATIONS, in a per-ingredient status, reporting the last reading', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.double({ min: 0, max: 3100, noNaN: true }), {
          minLength: MAX_ITERATIONS,
          maxLength: MAX_ITERATIONS + 5,
        }),
        (target, readings) => {
          let loop = startIngredient(target);
          let steps = 0;
          for (const reading of readings) {
            if (isIngredientDone(loop)) break;
            loop = stepIngredient(loop, reading);
            steps += 1;
            expect(loop.volume).toBe(reading);
          }
          expect(isIngredientDone(loop)).toBe(true);
          expect(steps).toBeLessThanOrEqual(MAX_ITERATIONS);
          expect(['finish', 'aborted', 'weightdrop', 'limitexceed']).toContain(loop.status);
          // Finished means within the tolerance band of the target.
          if (loop.status === 'finish') expect(loop.volume).toBeGreaterThanOrEqual(target - 2);
          expect(loop.pump).toBe('off');
        },
      ),
    );
  });

  it('property: a formula plan pours exactly the run volume', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMULAS), fc.integer({ min: 100, max: 5000 }), (formula, volume) => {
        const plan = planIngredients(formula, volume);
        expect(plan.reduce((sum, ingredient) => sum + ingredient.targetvolume, 0)).toBe(volume);
      }),
    );
  });

  it("a run's status is the first failed ingredient's", () => {
    expect(runStatusOf(['finish', 'finish'])).toBe('finish');
    expect(runStatusOf(['finish', 'weightdrop', 'aborted'])).toBe('weightdrop');
  });
});
