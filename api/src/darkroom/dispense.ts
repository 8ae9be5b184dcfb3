// Dispenser runs in the API process, the only writer of events: a member's start (record the request, send
// it to the host), the host's reports (started, finished, runs started at its panel), failed jobs
// (unreachable), and each finished run's dispensed volumes as chemical 'use' events. docs/darkroom-devices.md.
import type { CommandContext } from '@club/core/commands';
import { deterministicUuid } from '@club/core/ids';
import type { DispenseFinished, DispenseRequested } from '@club/core/dispenser/events';
import {
  DISPENSE_MAX_ML,
  DISPENSE_MIN_ML,
  DISPENSE_TARGETS,
  formulaByName,
  planIngredients,
} from '@club/core/dispenser/formulas';
import type { DispenserReport } from '@club/devices/dispenser/contract';
import type { DeviceJobState } from '@club/workers/device-link';
import type { PortalServices } from '../services.ts';

const systemContext = (services: PortalServices, what: string): CommandContext => ({
  now: services.now(),
  actor: null,
  correlationId: `dispenser-${what}`,
});

export type StartAnswer =
  | { ok: true; pk: number; dispenseId: string }
  | { ok: false; reason: 'formula' | 'volume' | 'target' | 'mismatch' }
  | { ok: false; reason: 'servicedown'; pk: number };

/** A member's start from the darkroom page. `requestId` makes a retried press start one run. */
export async function startDispense(
  services: PortalServices,
  input: { formula: string; volume: number | string; target: string; userPk: number; requestId?: string },
  context: CommandContext,
): Promise<StartAnswer> {
  const formula = formulaByName(input.formula);
  if (!formula) return { ok: false, reason: 'formula' };
  const volume = typeof input.volume === 'number' ? input.volume : Number(String(input.volume).trim());
  if (!Number.isInteger(volume) || volume < DISPENSE_MIN_ML || volume > DISPENSE_MAX_ML)
    return { ok: false, reason: 'volume' };
  if (!(DISPENSE_TARGETS as readonly string[]).includes(input.target)) return { ok: false, reason: 'target' };
  const dispenseId = input.requestId
    ? `web-${deterministicUuid(`dispense ${input.userPk} ${input.requestId}`)}`
    : `web-${deterministicUuid(`dispense ${context.correlationId}`)}`;
  const run: DispenseRequested['data'] = {
    dispenseId,
    userPk: input.userPk,
    target: input.target,
    formula: { name: formula.name, volume },
    ingredients: planIngredients(formula, volume),
    source: 'web',
    requestedAt: context.now.toISOString(),
  };
  const existing = services.projections.models.darkroomDevices.dispenseById.get(dispenseId);
  if (existing) {
    const same =
      existing.run.formula.name === run.formula.name &&
      existing.run.formula.volume === volume &&
      existing.run.target === run.target;
    if (!same) return { ok: false, reason: 'mismatch' };
  }
  const requested = await services.dispenser.handle({ type: 'RequestDispense', run }, context);
  if (!requested.ok) return { ok: false, reason: 'mismatch' };
  await services.projections.waitFor(requested.position);
  const row = services.projections.models.darkroomDevices.dispenseById.get(dispenseId);
  if (!row) throw new Error(`dispense ${dispenseId} not in the read model after its request`);
  if (existing) return { ok: true, pk: row.pk, dispenseId };
  const sent = services.devices
    ? await services.devices.send(
        {
          device: 'dispenser',
          action: 'dispense',
          requestId: dispenseId,
          target: run.target,
          formula: run.formula,
          ingredients: run.ingredients,
        },
        { waitMs: 0 },
      )
    : ({ ok: false, reason: 'servicedown', why: 'redis' } as const);
  if (!sent.ok) {
    await finishUnreachable(services, dispenseId, sent.reason === 'servicedown' ? sent.why : sent.error);
    return { ok: false, reason: 'servicedown', pk: row.pk };
  }
  return { ok: true, pk: row.pk, dispenseId };
}

async function finishUnreachable(services: PortalServices, dispenseId: string, error: string): Promise<void> {
  const finished: DispenseFinished['data'] = {
    dispenseId,
    status: 'unreachable',
    results: [],
    history: [],
    finishedAt: services.now().toISOString(),
    error: error.slice(0, 500),
  };
  await services.dispenser.handle(
    { type: 'FinishDispense', finished },
    systemContext(services, 'unreachable'),
  );
}

/** Records one report of the dispenser host as events. */
export async function recordDispenserReport(
  services: PortalServices,
  report: DispenserReport,
): Promise<void> {
  const context = systemContext(services, report.kind);
  switch (report.kind) {
    case 'requested':
      await services.dispenser.handle(
        {
          type: 'RequestDispense',
          run: {
            dispenseId: report.dispenseId,
            userPk: report.userPk,
            target: report.target,
            formula: report.formula,
            ingredients: report.ingredients,
            source: 'device',
            requestedAt: report.at,
          },
        },
        context,
      );
      return;
    case 'started':
      await services.dispenser.handle(
        { type: 'StartDispense', dispenseId: report.dispenseId, startedAt: report.at },
        context,
      );
      return;
    case 'finished': {
      const answer = await services.dispenser.handle(
        {
          type: 'FinishDispense',
          finished: {
            dispenseId: report.dispenseId,
            status: report.status,
            results: report.results,
            history: report.history,
            finishedAt: report.at,
          },
        },
        context,
      );
      if (answer.ok && answer.state.status === 'ended') await recordChemicalUses(services, report.dispenseId);
      return;
    }
    default:
      report satisfies never;
  }
}

/**
 * The chemical 'use' events of a finished run: each ingredient drawn from a chemical stock, with the volume
 * the scale measured. Idempotent per run and ingredient (the chemical's decider remembers
 * `{dispenseId}/{index}`), so it is safe to call again after a crash between the finish and the uses.
 */
export async function recordChemicalUses(services: PortalServices, dispenseId: string): Promise<void> {
  const { dispenseById, chemicals } = services.projections.models.darkroomDevices;
  const row = dispenseById.get(dispenseId);
  const finished = row?.finished;
  if (!row || !finished) return;
  for (const [index, result] of finished.results.entries()) {
    const planned = row.run.ingredients[index];
    if (!planned?.chemicalPk || result.volume <= 0) continue;
    if (!chemicals.has(planned.chemicalPk)) continue;
    await services.chemicals.handle(
      {
        type: 'UseChemical',
        pk: planned.chemicalPk,
        volumeMl: result.volume,
        userPk: row.run.userPk,
        comment: `${row.run.formula.name} ${row.run.formula.volume} ml → ${row.run.target}`,
        dispenseId: `${dispenseId}/${index}`,
      },
      systemContext(services, 'use'),
    );
  }
}

/** A dispenser job the device link reports as failed for good: the dispenser could not be reached. */
export async function recordDispenserJob(services: PortalServices, job: DeviceJobState): Promise<void> {
  const row = services.projections.models.darkroomDevices.dispenseById.get(job.requestId);
  if (!row || row.finished) return;
  if (job.state === 'failed') await finishUnreachable(services, job.requestId, job.error);
  if (job.state === 'unknown' && row.run.source === 'web' && row.status === 'init')
    await finishUnreachable(services, job.requestId, 'no-job');
}
