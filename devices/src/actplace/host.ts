// The booking host: consumes the `device-actplace` queue, books each wish on the booking site (the
// simulator with --simulate) with the club's shared account (ACTPLACE_ACCOUNT, ACTPLACE_PASSWORD from its
// own environment, never from the job), and sends a heartbeat every 2 s: the AdminActPlace page warns
// 'worker cannot connect' when it stops.
import { hostname } from 'node:os';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { startDeviceAgent } from '../agent.ts';
import type { DeviceHostOptions, RunningDeviceHost } from '../host.ts';
import { parseActPlaceJob } from './contract.ts';
import { ActPlaceDriverMissingError, BookingDriver } from './driver.ts';
import { BookingSiteSimulator, type BookingSiteSimulatorOptions } from './simulator.ts';

export interface ActPlaceHostOptions extends DeviceHostOptions {
  simulator?: BookingSiteSimulatorOptions;
  account?: { account: string; password: string };
}

export interface RunningActPlaceHost extends RunningDeviceHost {
  readonly site: BookingSiteSimulator | null;
}

export async function runActPlaceHost(options: ActPlaceHostOptions): Promise<RunningActPlaceHost> {
  if (!options.simulate) throw new ActPlaceDriverMissingError();
  const site = new BookingSiteSimulator(options.simulator);
  const account = options.account ?? {
    account: process.env.ACTPLACE_ACCOUNT || 'club-simulated',
    password: process.env.ACTPLACE_PASSWORD ?? '',
  };
  const driver = new BookingDriver(site, account);
  const prefix = options.prefix ?? (process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix);
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: 'club-device-actplace',
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const agent = startDeviceAgent({
    connection,
    driver,
    parseJob: parseActPlaceJob,
    prefix,
    ...(options.logger ? { logger: options.logger } : {}),
    heartbeat: {
      host: hostname(),
      simulated: true,
      status: () => ({ online: !site.offline, bookings: site.bookings.size }),
    },
  });
  let closing: Promise<void> | undefined;
  return {
    device: 'actplace',
    simulated: true,
    site,
    close: () => {
      closing ??= (async () => {
        await agent.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
