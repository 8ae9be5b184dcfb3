// The dispenser host: takes runs from the device-dispenser queue (started on the darkroom page) and from
// its own panel (the simulator's control port), runs them one at a time and reports each run's progress on
// the `dispenser-report` queue. `npm run device -- dispenser --simulate`; docs/darkroom-devices.md.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { DISPENSE_TARGETS, formulaByName, planIngredients } from '@club/core/dispenser/formulas';
import type { PlannedIngredient } from '@club/core/dispenser/events';
import type { DeviceCommandFor, DeviceOutcome } from '@club/workers/device-commands';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, type Logger } from '@club/workers/redis';
import { Queue } from 'bullmq';
import { startDeviceAgent } from '../agent.ts';
import type { DeviceDriver } from '../driver.ts';
import type { RunningDeviceHost } from '../host.ts';
import {
  DISPENSER_REPORT_QUEUE,
  type DispenserReport,
  dispenseJobSchema,
  dispenserReportJobId,
} from './contract.ts';
import type { DispenserHardware } from './driver.ts';
import { runFormula } from './run.ts';
import {
  DISPENSER_FAILURES,
  type DispenserFailure,
  DispenserSimulator,
  type DispenserSimulatorOptions,
} from './simulator.ts';

export interface DispenserHostOptions {
  simulate: boolean;
  simulator?: Partial<DispenserSimulatorOptions>;
  hardware?: DispenserHardware;
  /** The simulator's control port on 127.0.0.1 (0: any free port). */
  controlPort?: number;
  redisUrl?: string;
  prefix?: string;
  logger?: Logger;
}

export interface DispenserHost extends RunningDeviceHost {
  controlUrl: string | undefined;
}

export async function runDispenserHost(options: DispenserHostOptions): Promise<DispenserHost> {
  if (!options.simulate && !options.hardware)
    throw new Error('no real dispenser driver yet: run with --simulate');
  const logger = options.logger ?? console;
  const prefix = options.prefix ?? defaultQueuePrefix;
  const hardware = options.hardware ?? new DispenserSimulator(options.simulator);
  const tickMs = hardware instanceof DispenserSimulator ? hardware.tickMs : 100;
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: 'club-host-dispenser',
    logger,
  });
  const reports = new Queue(DISPENSER_REPORT_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 1_000 },
    },
  });
  reports.on('error', (error: Error) => logger.debug(`[dispenser] ${error.message}`));
  const report = (value: DispenserReport) =>
    reports.add(value.kind, value, { jobId: dispenserReportJobId(value) }).then(
      () => undefined,
      (error: Error) => logger.warn(`[dispenser] report ${value.kind} not queued: ${error.message}`),
    );

  // One run at a time: the dispenser has one outlet and one scale.
  let queueTail: Promise<unknown> = Promise.resolve();
  let running: string | null = null;
  const done = new Map<string, DeviceOutcome>();
  const run = (dispenseId: string, ingredients: readonly PlannedIngredient[]): Promise<DeviceOutcome> => {
    const next = queueTail.then(async () => {
      const earlier = done.get(dispenseId);
      if (earlier) return earlier;
      running = dispenseId;
      try {
        await report({ kind: 'started', dispenseId, at: new Date().toISOString() });
        const result = await runFormula(hardware, ingredients, tickMs);
        await report({ kind: 'finished', dispenseId, ...result, at: new Date().toISOString() });
        const outcome: DeviceOutcome = {
          device: 'dispenser',
          action: 'dispense',
          requestId: dispenseId,
          completedAt: new Date().toISOString(),
          detail: { status: result.status },
        };
        done.set(dispenseId, outcome);
        return outcome;
      } finally {
        running = null;
      }
    });
    queueTail = next.catch(() => undefined);
    return next;
  };

  const driver: DeviceDriver<'dispenser'> = {
    device: 'dispenser',
    execute: (command: DeviceCommandFor<'dispenser'>) => run(command.requestId, command.ingredients),
    close: () => hardware.close(),
  };
  const agent = startDeviceAgent({
    connection,
    driver,
    prefix,
    logger,
    parseJob: (data) => dispenseJobSchema.parse(data),
    heartbeat: {
      host: hostname(),
      simulated: hardware instanceof DispenserSimulator,
      status: () => ({ running }),
    },
  });

  let server: Server | undefined;
  let controlUrl: string | undefined;
  if (hardware instanceof DispenserSimulator) {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        try {
          const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
          if (request.method === 'POST' && request.url === '/fail') {
            const mode = String(input.mode);
            if (!(DISPENSER_FAILURES as readonly string[]).includes(mode))
              throw new Error(`unknown mode ${mode}`);
            hardware.failNext(mode as DispenserFailure);
            response.writeHead(204).end();
          } else if (request.method === 'POST' && request.url === '/stop') {
            hardware.pressStop();
            response.writeHead(204).end();
          } else if (request.method === 'POST' && request.url === '/start') {
            // A run started at the panel: the member chose a formula, a volume and a tank there.
            const formula = formulaByName(String(input.formula));
            const volume = Number(input.volume);
            const target = String(input.target ?? DISPENSE_TARGETS[0]);
            const userPk = Number(input.userPk);
            if (
              !formula ||
              !Number.isInteger(volume) ||
              volume <= 0 ||
              !Number.isInteger(userPk) ||
              userPk <= 0
            )
              throw new Error('start needs a known formula, a volume in ml and the member');
            const dispenseId = `panel-${randomUUID()}`;
            const ingredients = planIngredients(formula, volume);
            void report({
              kind: 'requested',
              dispenseId,
              userPk,
              target,
              formula: { name: formula.name, volume },
              ingredients,
              at: new Date().toISOString(),
            }).then(() =>
              run(dispenseId, ingredients).catch((error: Error) =>
                logger.warn(`[dispenser] ${error.message}`),
              ),
            );
            response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ dispenseId }));
          } else response.writeHead(404).end();
        } catch (error) {
          response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
        }
      });
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(options.controlPort ?? 0, '127.0.0.1', resolve));
    controlUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  }

  let closing: Promise<void> | undefined;
  return {
    device: 'dispenser',
    simulated: hardware instanceof DispenserSimulator,
    controlUrl,
    close: () => {
      closing ??= (async () => {
        const listening = server;
        if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
        await agent.close();
        await reports.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
