// The rest of the fleet around the API process (docs/architecture.md, the fleet): the queue workers, run in
// this process unless WORKERS=off (then `npm run workers` runs them, as many processes as wanted), and
// simulated device hosts as child processes when DEVICES=simulate or the data folder is the demo's.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFileStorage } from '@club/core/files/open';
import type { DeviceHostName } from '@club/workers/device-commands';
import { createPrintReporter, type PrintReporter } from '@club/workers/print-report';
import { createProcessors, type QueueProcessors } from '@club/workers/processors/index';
import { closeRedisConnection, createRedisConnection, type Logger } from '@club/workers/redis';
import { type RunningWorkers, startWorkers } from '@club/workers/workers';
import type { PortalConfig } from './config.ts';

/** Written by `npm run demo` into the data folder: `npm start` on it then runs the simulated devices. */
export const DEMO_MARKER_FILE = 'demo.json';

export function writeDemoMarker(dataDir: string): void {
  writeFileSync(
    join(dataDir, DEMO_MARKER_FILE),
    `${JSON.stringify({ madeBy: 'npm run demo', simulateDevices: true }, null, 2)}\n`,
  );
}

/** The hosts `npm start` simulates (the label printer writes its PNGs to DATA_DIR/printed-labels). */
export const simulatedDeviceHosts: readonly DeviceHostName[] = [
  'door',
  'label',
  'card',
  'actplace',
  'sensors',
  'dispenser',
  'giclee',
];

export const shouldSimulateDevices = (config: Pick<PortalConfig, 'devices' | 'dataDir'>): boolean =>
  config.devices === 'simulate' ||
  (config.devices === 'auto' && existsSync(join(config.dataDir, DEMO_MARKER_FILE)));

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Fleet {
  /** The embedded workers, or null with WORKERS=off. */
  readonly workers: RunningWorkers | null;
  /** The simulated device hosts this process spawned. */
  readonly deviceHosts: readonly ChildProcess[];
  close(): Promise<void>;
}

export interface StartFleetOptions {
  config: Pick<
    PortalConfig,
    'workers' | 'devices' | 'dataDir' | 'redisUrl' | 'queuePrefix' | 'smtpUrl' | 'mailFrom' | 's3'
  >;
  logger: Logger;
  /** The workers' processors; the portal's own by default (tests pass their own). */
  processors?: QueueProcessors;
}

export function startFleet(options: StartFleetOptions): Fleet {
  const { config, logger } = options;
  let workers: RunningWorkers | null = null;
  let connection: ReturnType<typeof createRedisConnection> | null = null;
  let reporter: PrintReporter | null = null;
  if (config.workers === 'embedded') {
    connection = createRedisConnection({
      role: 'worker',
      url: config.redisUrl,
      connectionName: 'club-workers-embedded',
      logger,
    });
    reporter = createPrintReporter(connection, config.queuePrefix);
    workers = startWorkers({
      connection,
      prefix: config.queuePrefix,
      // The email worker needs SMTP_URL; without it the API logs mails as not sent (docs/mail-and-card.md).
      // The duo-alignment worker reads and writes the same file storage as the API.
      processors:
        options.processors ??
        createProcessors({
          ...(config.smtpUrl ? { email: { smtpUrl: config.smtpUrl, from: config.mailFrom } } : {}),
          // The imposition worker reads pages from the file storage and reports on the print-report queue.
          imposition: {
            storage: openFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
            report: (report) => reporter!.report(report),
          },
          // The duo-alignment worker reads the back side from the same storage and writes its image there.
          storage: openFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
        }),
      logger,
    });
    logger.info(
      `workers embedded in the API process (${workers.workers.map((worker) => worker.name).join(', ') || 'no queue has a processor yet'})`,
    );
  }
  let closing: Promise<void> | undefined;
  const deviceHosts = shouldSimulateDevices(config)
    ? simulatedDeviceHosts.map((device) =>
        spawnSimulatedHost(device, config, logger, () => closing !== undefined),
      )
    : [];
  return {
    workers,
    deviceHosts,
    close: () => {
      closing ??= (async () => {
        // Without Redis, BullMQ's close waits for a connection that never comes (the portal never exited):
        // then it gets a second, and the connection is dropped. With Redis, running jobs finish first.
        const queuesClosed = Promise.all([workers?.close(), reporter?.close()]);
        const bounded =
          connection === null || connection.status === 'ready'
            ? queuesClosed
            : Promise.race([queuesClosed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        await Promise.all([bounded, ...deviceHosts.map((child) => stopChild(child))]);
        if (connection) await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}

function spawnSimulatedHost(
  device: DeviceHostName,
  config: StartFleetOptions['config'],
  logger: Logger,
  stopping: () => boolean,
): ChildProcess {
  // Node with tsx as a loader (see devices/src/spawn.ts: the tsx command may SIGKILL a child it relays a
  // SIGTERM to, skipping the host's graceful close).
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/device.ts', device, '--simulate'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REDIS_URL: config.redisUrl,
      QUEUE_PREFIX: config.queuePrefix,
      DATA_DIR: config.dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  logger.info(`simulated ${device} host started (pid ${child.pid})`);
  child.once('exit', (code, signal) => {
    // Not restarted: a host that dies while the portal runs is a fault to see (the door answers
    // servicedown, the system status lists it), not to hide.
    if (!stopping()) logger.warn(`simulated ${device} host exited (${signal ?? code})`);
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
