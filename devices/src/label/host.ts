// The label printer host: consumes the device-label queue with a printer driver (the simulator until a
// real printer's driver exists) and reports a heartbeat with the labels left on the roll.
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, type Logger } from '@club/workers/redis';
import { type DeviceAgent, startDeviceAgent } from '../agent.ts';
import type { LabelPrinterDriver } from './driver.ts';
import { LabelPrinterSimulator, type LabelSimulatorOptions } from './simulator.ts';

export interface LabelHostOptions {
  redisUrl?: string;
  prefix?: string;
  /** A driver; default the simulator with `simulator` options. */
  driver?: LabelPrinterDriver;
  simulator?: Partial<LabelSimulatorOptions>;
  logger?: Logger;
}

export interface LabelHost {
  readonly agent: DeviceAgent;
  readonly driver: LabelPrinterDriver;
  close(): Promise<void>;
}

/** Where the simulator writes labels: LABEL_OUTPUT_DIR, else DATA_DIR/printed-labels, else a temp folder. */
export function labelOutputDirFromEnvironment(environment: NodeJS.ProcessEnv = process.env): string {
  if (environment.LABEL_OUTPUT_DIR?.trim()) return environment.LABEL_OUTPUT_DIR.trim();
  if (environment.DATA_DIR?.trim()) return join(environment.DATA_DIR.trim(), 'printed-labels');
  return join(tmpdir(), 'club-printed-labels');
}

export function runLabelHost(options: LabelHostOptions = {}): LabelHost {
  const driver =
    options.driver ??
    new LabelPrinterSimulator({ outputDir: labelOutputDirFromEnvironment(), ...options.simulator });
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: 'club-host-label',
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const agent = startDeviceAgent({
    connection,
    driver,
    prefix: options.prefix ?? defaultQueuePrefix,
    ...(options.logger ? { logger: options.logger } : {}),
    heartbeat: {
      host: hostname(),
      simulated: driver instanceof LabelPrinterSimulator,
      status: () => ({ labelsLeft: driver.labelsLeft() }),
    },
  });
  let closing: Promise<void> | undefined;
  return {
    agent,
    driver,
    close: () => {
      closing ??= (async () => {
        await agent.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
