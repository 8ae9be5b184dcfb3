// The door host: consumes the `device-door` queue, drives the door (the simulator with --simulate), and
// reports a heartbeat every 2 s so the portal answers servicedown at once when it is gone.
import { hostname } from 'node:os';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { startDeviceAgent } from '../agent.ts';
import type { DeviceHostOptions, RunningDeviceHost } from '../host.ts';
import { parseDoorJob } from './contract.ts';
import { DoorDriverMissingError } from './driver.ts';
import { DoorSimulator, type DoorSimulatorOptions } from './simulator.ts';

export interface DoorHostOptions extends DeviceHostOptions {
  /** The simulator's failure modes (relay delay, unreachable share, forced offline). */
  simulator?: DoorSimulatorOptions;
}

export interface RunningDoorHost extends RunningDeviceHost {
  /** The simulator when simulated, so a test or the CLI can switch it offline. */
  readonly simulator: DoorSimulator | null;
}

/** The simulator's settings from the environment: DOOR_RELAY_DELAY_MS, DOOR_UNREACHABLE_RATE, DOOR_OFFLINE. */
export function doorSimulatorOptionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): DoorSimulatorOptions {
  const number = (name: string) => {
    const raw = environment[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a number >= 0, got ${JSON.stringify(raw)}`);
    return value;
  };
  const relayDelayMs = number('DOOR_RELAY_DELAY_MS');
  const unreachableRate = number('DOOR_UNREACHABLE_RATE');
  return {
    ...(relayDelayMs === undefined ? {} : { relayDelayMs }),
    ...(unreachableRate === undefined ? {} : { unreachableRate }),
    ...(environment.DOOR_OFFLINE === '1' ? { offline: true } : {}),
  };
}

export async function runDoorHost(options: DoorHostOptions): Promise<RunningDoorHost> {
  if (!options.simulate) throw new DoorDriverMissingError();
  const simulator = new DoorSimulator(options.simulator);
  const prefix = options.prefix ?? (process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix);
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: 'club-device-door',
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const agent = startDeviceAgent({
    connection,
    driver: simulator,
    parseJob: parseDoorJob,
    prefix,
    ...(options.logger ? { logger: options.logger } : {}),
    heartbeat: {
      host: hostname(),
      simulated: true,
      status: () => ({ online: simulator.online, open: simulator.open }),
    },
  });
  let closing: Promise<void> | undefined;
  return {
    device: 'door',
    simulated: true,
    simulator,
    close: () => {
      closing ??= (async () => {
        await agent.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
