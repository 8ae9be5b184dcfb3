// AdminSystemTempRH and the time-series call, AdminChemical2 with its log and adjust form, the member's
// dispenser start and AdminDispenserLog with its detail (document 3; docs/darkroom-devices.md). Thin: the
// rules are in core (chemicals, dispenser, sensors) and api/src/darkroom/.
import { parseBottleCount } from '@club/core/chemicals/rules';
import { DISPENSE_MAX_ML, DISPENSE_MIN_ML, DISPENSE_TARGETS, FORMULAS } from '@club/core/dispenser/formulas';
import {
  CURRENT_VALUE_MAX_AGE_MS,
  rangeProblems,
  roundHumidity,
  roundTemperature,
  SENSOR_KEYS,
  SENSOR_NAMES,
  taipeiDayBounds,
} from '@club/core/sensors/rules';
import {
  type ChemicalRow,
  chemicalBottles,
  chemicalNeedsReplenish,
  type DispenseRow,
  dispenseElapsedSeconds,
} from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/darkroom-devices.ts';
import { startDispense } from '../darkroom/dispense.ts';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';
import { pageNewestFirst } from './system-logs.ts';
import { responses, responsesOf } from './schemas.ts';

const idempotencyKey = (request: FastifyRequest, fromBody: string | undefined): string | undefined => {
  const header = request.headers['idempotency-key'];
  return fromBody ?? (typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined);
};

export const chemicalView = (row: ChemicalRow) => ({
  pk: row.pk,
  name: row.name,
  bottle: chemicalBottles(row),
  volume: row.volume,
  bottle2ml: row.bottle2ml,
  needRecycle: row.needRecycle,
  needReplenish: chemicalNeedsReplenish(row),
  accurecyclevolume: row.accurecyclevolume,
});

const dispenseView = (services: PortalServices, row: DispenseRow) => ({
  pk: row.pk,
  timestamp: row.timestamp,
  timeelasped: dispenseElapsedSeconds(row),
  user: services.projections.models.users.byPk.has(row.run.userPk)
    ? personRef(services.projections.models.users, row.run.userPk)
    : null,
  target: row.run.target,
  formula: row.run.formula,
  result: row.finished?.results ?? [],
  status: row.status,
  source: row.run.source,
});

/** The current value of each sensor, for AdminSystemTempRH and the system status. */
export function currentSensors(services: PortalServices) {
  const nowMs = services.now().getTime();
  return SENSOR_KEYS.map((key) => {
    const latest = services.sensorReadings.latest(key);
    const fresh =
      latest !== null && nowMs - latest.at <= CURRENT_VALUE_MAX_AGE_MS && latest.at <= nowMs + 60_000;
    return {
      key,
      name: SENSOR_NAMES[key],
      status: fresh ? ('ok' as const) : ('unavailable' as const),
      temperature: fresh ? roundTemperature(latest.temperature) : null,
      humidity: fresh ? roundHumidity(latest.humidity) : null,
      at: fresh ? new Date(latest.at).toISOString() : null,
      problems: fresh ? rangeProblems(latest) : [],
    };
  });
}

export const darkroomDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staff = requireRole('staff');
  const models = () => services.projections.models.darkroomDevices;

  app.get(
    contract.tempRh.path,
    {
      preHandler: requireStaffWith('system'),
      schema: {
        tags: ['admin'],
        summary: 'The sensors with their current temperature and humidity (needs system)',
        response: responsesOf(contract.tempRh),
      },
    },
    async () => ({ status: 'ok' as const, loglist: currentSensors(services) }),
  );

  app.get(
    contract.chemicalList.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'The darkroom chemicals',
        response: responsesOf(contract.chemicalList),
      },
    },
    async () => ({
      status: 'ok' as const,
      loglist: [...models().chemicals.values()].sort((a, b) => a.pk - b.pk).map(chemicalView),
    }),
  );

  app.get(
    contract.chemicalLog.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: "A chemical's log, newest first",
        params: contract.chemicalLog.params,
        response: responsesOf(contract.chemicalLog),
      },
    },
    async (request) => {
      const row = models().chemicals.get(Number(request.params.pk));
      if (!row) return { status: 'fail' as const, reason: 'notfound' };
      const { rows, pager } = pageNewestFirst(row.log, Number(request.params.page));
      const users = services.projections.models.users;
      return {
        status: 'ok' as const,
        loglist: rows.map((log) => ({
          ...log,
          user: log.userPk !== null && users.byPk.has(log.userPk) ? personRef(users, log.userPk) : null,
        })),
        pager,
        obj: chemicalView(row),
      };
    },
  );

  app.get(
    contract.chemicalAdjustGet.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'A chemical for the adjust form',
        params: contract.chemicalAdjustGet.params,
        response: responsesOf(contract.chemicalAdjustGet),
      },
    },
    async (request) => {
      const row = models().chemicals.get(Number(request.params.pk));
      return row
        ? { status: 'ok' as const, obj: chemicalView(row) }
        : { status: 'fail' as const, reason: 'notfound' };
    },
  );

  app.post(
    contract.chemicalAdjust.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'Replenish (operation 2: add bottles) or adjust (3: set the bottle count) a chemical',
        params: contract.chemicalAdjust.params,
        body: contract.chemicalAdjust.body,
        response: responsesOf(contract.chemicalAdjust),
      },
    },
    async (request) => {
      const pk = Number(request.params.pk);
      if (!models().chemicals.has(pk)) return { status: 'fail' as const, reason: 'notfound' };
      const operation = Number(request.body.operation);
      if (operation !== 2 && operation !== 3) return { status: 'fail' as const, reason: 'operation' };
      const bottles = parseBottleCount(request.body.quantity);
      if (bottles === null) return { status: 'fail' as const, reason: 'format' };
      const key = idempotencyKey(request, request.body.requestId);
      const answer = await services.chemicals.handle(
        {
          type: operation === 2 ? 'ReplenishChemical' : 'AdjustChemical',
          pk,
          bottles,
          userPk: request.viewer!.row.pk,
          comment: (request.body.comment ?? '').trim(),
        },
        commandContext(request, key ? `chemical-adjust-${request.viewer!.row.pk}-${key}` : undefined),
      );
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, obj: chemicalView(models().chemicals.get(pk)!) };
    },
  );

  app.get(
    contract.dispenseLog.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'Dispenser runs, newest first',
        params: contract.dispenseLog.params,
        response: responsesOf(contract.dispenseLog),
      },
    },
    async (request) => {
      const { rows, pager } = pageNewestFirst(models().dispenses, Number(request.params.page));
      return { status: 'ok' as const, loglist: rows.map((row) => dispenseView(services, row)), pager };
    },
  );

  app.get(
    contract.dispenseResultHistory.path,
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'One dispenser run with its result history',
        params: contract.dispenseResultHistory.params,
        response: responsesOf(contract.dispenseResultHistory),
      },
    },
    async (request) => {
      const row = models().dispenseByPk.get(Number(request.params.pk));
      if (!row) return { status: 'fail' as const, reason: 'notfound' };
      return {
        status: 'ok' as const,
        dispenser: { ...dispenseView(services, row), history: row.finished?.history ?? [] },
      };
    },
  );

  app.get(
    contract.dispenseFormulas.path,
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['darkroom'],
        summary: "The dispenser's formulas and tanks, and the member's last runs",
        response: responsesOf(contract.dispenseFormulas),
      },
    },
    async (request) => {
      const pk = request.viewer!.row.pk;
      const mine = models()
        .dispenses.filter((row) => row.run.userPk === pk)
        .slice(-5)
        .reverse();
      return {
        status: 'ok' as const,
        formulas: FORMULAS.map((formula) => ({
          name: formula.name,
          ingredients: formula.ingredients.map(({ ingredient, mlPerLitre }) => ({ ingredient, mlPerLitre })),
        })),
        targets: [...DISPENSE_TARGETS],
        minVolume: DISPENSE_MIN_ML,
        maxVolume: DISPENSE_MAX_ML,
        mine: mine.map((row) => dispenseView(services, row)),
      };
    },
  );

  app.post(
    contract.dispenseStart.path,
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['darkroom'],
        summary: 'Start a formula on the dispenser for a target tank',
        body: contract.dispenseStart.body,
        response: responsesOf(contract.dispenseStart),
      },
    },
    async (request) => {
      const key = idempotencyKey(request, request.body.requestId);
      const answer = await startDispense(
        services,
        { ...request.body, userPk: request.viewer!.row.pk, ...(key ? { requestId: key } : {}) },
        commandContext(request),
      );
      if (answer.ok) return { status: 'ok' as const, pk: answer.pk, dispenseId: answer.dispenseId };
      return answer.reason === 'servicedown'
        ? { status: 'fail' as const, reason: answer.reason, pk: answer.pk }
        : { status: 'fail' as const, reason: answer.reason };
    },
  );
};

/** GET /go/flux/read/{sensor}/{metric}/{yyyy}/{mm}/{dd}: one Taipei day of one metric (staff with system). */
export const fluxRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  app.get(
    contract.FLUX_READ_PATH,
    {
      preHandler: requireStaffWith('system'),
      schema: {
        hide: true,
        params: contract.fluxParamsSchema,
        response: responses(contract.fluxSeriesSchema),
      },
    },
    async (request) => {
      const { sensor, metric, yyyy, mm, dd } = request.params;
      const day = taipeiDayBounds(Number(yyyy), Number(mm), Number(dd));
      if (!day) return { status: 'fail' as const, reason: 'badrequest' };
      const readings = services.sensorReadings.range(sensor, day.startMs, day.endMs);
      return {
        status: 'ok' as const,
        sensor,
        metric,
        series: readings.map((reading) => ({
          time: new Date(reading.at).toISOString(),
          value:
            metric === 'temperature'
              ? roundTemperature(reading.temperature)
              : roundHumidity(reading.humidity),
        })),
      };
    },
  );
};
