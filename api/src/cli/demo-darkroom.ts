// The demo's darkroom devices: the club's chemicals, two days of temperature and humidity from the sensor
// simulator's curve (so today's chart has a morning before the simulated host starts), and a few dispenser
// runs of the member's with their results, one of them failed. Safe to run again: chemicals are defined
// once, readings are keyed by (sensor, time) and the runs' ids are fixed.
import { planIngredients, formulaByName } from '@club/core/dispenser/formulas';
import { runFormula } from '@club/devices/dispenser/run';
import { DispenserSimulator } from '@club/devices/dispenser/simulator';
import { SensorSimulator } from '@club/devices/sensors/simulator';
import { defineClubChemicals } from '../darkroom/catalogue.ts';
import { recordDispenserReport } from '../darkroom/dispense.ts';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

const MINUTE_MS = 60_000;

export async function loadDemoDarkroom(services: PortalServices, people: { member: number }): Promise<void> {
  await defineClubChemicals(services, cliContext(services, 'demo-chemicals'));
  const now = Date.now();
  // A fixed seed: the same demo gives the same curve and gaps.
  let seed = 16;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const simulator = new SensorSimulator({ random, gapRate: 0.02 });
  const first = Math.floor((now - 2 * 24 * 60 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  for (let at = first; at < now - MINUTE_MS; at += MINUTE_MS) {
    const values = simulator.sample(new Date(at));
    if (values) services.sensorReadings.add({ sensor: 'darkroom', at, ...values });
  }
  const runs = [
    { id: 'demo-run-1', formula: 'D-76 1+1', volume: 1000, target: 'tank-1', fail: null },
    { id: 'demo-run-2', formula: 'Rapid Fixer 1+4', volume: 1000, target: 'tank-3', fail: null },
    { id: 'demo-run-3', formula: 'Stop bath 1+19', volume: 500, target: 'tank-2', fail: 'weightdrop' },
  ] as const;
  for (const [index, run] of runs.entries()) {
    if (services.projections.models.darkroomDevices.dispenseById.has(run.id)) continue;
    const formula = formulaByName(run.formula)!;
    const ingredients = planIngredients(formula, run.volume);
    const at = new Date(now - (runs.length - index) * 3 * 60 * MINUTE_MS).toISOString();
    await recordDispenserReport(services, {
      kind: 'requested',
      dispenseId: run.id,
      userPk: people.member,
      target: run.target,
      formula: { name: formula.name, volume: run.volume },
      ingredients,
      at,
    });
    await recordDispenserReport(services, { kind: 'started', dispenseId: run.id, at });
    const hardware = new DispenserSimulator({ tickMs: 0, random, failEvery: run.fail });
    const result = await runFormula(hardware, ingredients, 0);
    await services.projections.waitFor(await services.store.headPosition());
    await recordDispenserReport(services, {
      kind: 'finished',
      dispenseId: run.id,
      ...result,
      at: new Date(Date.parse(at) + 90_000).toISOString(),
    });
    await services.projections.waitFor(await services.store.headPosition());
  }
}
