// Runs one formula on the dispenser hardware, ingredient by ingredient, with the control loop of
// core/src/dispenser/rules.ts: tare, pump and read the scale until the ingredient finishes or fails; the
// first ingredient that does not finish ends the run. Every step is a result-history row.
import type { HistoryRow, IngredientResult, PlannedIngredient } from '@club/core/dispenser/events';
import { isIngredientDone, runStatusOf, startIngredient, stepIngredient } from '@club/core/dispenser/rules';
import type { DispenserHardware } from './driver.ts';
import { DispenserSimulator } from './simulator.ts';

export interface RunResult {
  status: 'finish' | 'aborted' | 'weightdrop' | 'limitexceed';
  results: IngredientResult[];
  history: HistoryRow[];
}

/** History rows kept per ingredient: the first steps and the last ones (a slow pour has hundreds). */
const HISTORY_PER_INGREDIENT = 60;

export async function runFormula(
  hardware: DispenserHardware,
  ingredients: readonly PlannedIngredient[],
  tickMs: number,
): Promise<RunResult> {
  hardware.beginRun();
  const results: IngredientResult[] = [];
  const history: HistoryRow[] = [];
  for (const planned of ingredients) {
    await hardware.tare();
    if (hardware instanceof DispenserSimulator) hardware.expect(planned.targetvolume);
    let loop = startIngredient(planned.targetvolume);
    await hardware.setPump(planned.ingredient, true);
    const rows: HistoryRow[] = [];
    let previous = 0;
    while (!isIngredientDone(loop)) {
      if (tickMs > 0) await new Promise((resolve) => setTimeout(resolve, tickMs));
      const reading = await hardware.readScale();
      loop = stepIngredient(loop, reading, hardware.stopPressed());
      await hardware.setPump(planned.ingredient, loop.pump === 'on');
      rows.push({
        lasttime: new Date().toISOString(),
        status: loop.status,
        ingredient: planned.ingredient,
        iteration: loop.iteration,
        volume: loop.volume,
        targetvolume: planned.targetvolume,
        flowrate: tickMs > 0 ? Math.round(((reading - previous) / (tickMs / 1000)) * 10) / 10 : 0,
        pumpstatus: loop.pump,
        stablecount: loop.stablecount,
      });
      previous = reading;
    }
    history.push(
      ...(rows.length > HISTORY_PER_INGREDIENT
        ? [...rows.slice(0, HISTORY_PER_INGREDIENT / 2), ...rows.slice(-HISTORY_PER_INGREDIENT / 2)]
        : rows),
    );
    results.push({
      ingredient: planned.ingredient,
      volume: Math.max(0, loop.volume),
      status: loop.status,
      iteration: loop.iteration,
    });
    if (loop.status !== 'finish') break;
  }
  return { status: runStatusOf(results.map((result) => result.status)), results, history };
}
