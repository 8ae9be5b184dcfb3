// The inkjet (giclee) printer host: consumes `device-giclee` (each job one poll: the printer's job log and
// ink levels), and sends a heartbeat every 2 s. The portal's printer-poll asks it every minute; while the
// host or the printer cannot be reached the poll fails, and after 5 minutes AdminGicleeJobHistory warns.
import { hostname } from 'node:os';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { startDeviceAgent } from '../agent.ts';
import type { DeviceHostOptions, RunningDeviceHost } from '../host.ts';
import { parseGicleeJob } from './contract.ts';
import { GicleeDriver, GicleeDriverMissingError } from './driver.ts';
import { PrinterSimulator, type PrinterSimulatorOptions } from './simulator.ts';

export interface GicleeHostOptions extends DeviceHostOptions {
  simulator?: PrinterSimulatorOptions;
}

export interface RunningGicleeHost extends RunningDeviceHost {
  readonly printer: PrinterSimulator | null;
}

export async function runGicleeHost(options: GicleeHostOptions): Promise<RunningGicleeHost> {
  if (!options.simulate) throw new GicleeDriverMissingError();
  const printer = new PrinterSimulator(options.simulator);
  const driver = new GicleeDriver(printer);
  const prefix = options.prefix ?? (process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix);
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: 'club-device-giclee',
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const agent = startDeviceAgent({
    connection,
    driver,
    parseJob: parseGicleeJob,
    prefix,
    ...(options.logger ? { logger: options.logger } : {}),
    heartbeat: { host: hostname(), simulated: true, status: () => ({ online: !printer.offline }) },
  });
  let closing: Promise<void> | undefined;
  return {
    device: 'giclee',
    simulated: true,
    printer,
    close: () => {
      closing ??= (async () => {
        printer.stop();
        await agent.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
