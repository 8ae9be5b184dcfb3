// Entry point of a device agent: `DEVICE=door tsx devices/src/agent-main.ts`.
// Environment: DEVICE (required; 'door'), DEVICE_DRIVER ('simulator'; the default outside production),
// REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default 'club').
import { hostname } from 'node:os';
import { type DeviceName, deviceNames } from '@club/workers/device-commands';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { closeOnShutdownSignal } from '@club/workers/shutdown';
import { startDeviceAgent } from './agent.ts';
import { DoorSimulator } from './door-simulator.ts';
import type { DeviceDriver } from './driver.ts';

function deviceFromEnvironment(): DeviceName {
  const device = process.env.DEVICE?.trim();
  const known: readonly string[] = deviceNames;
  if (!device || !known.includes(device)) {
    throw new Error(`DEVICE must be one of ${deviceNames.join(', ')}; got ${JSON.stringify(device ?? '')}`);
  }
  return device as DeviceName;
}

function createDriver(device: DeviceName): DeviceDriver {
  // A simulator in production would acknowledge commands that nothing carries out, so it must be asked for.
  const driverKind =
    process.env.DEVICE_DRIVER?.trim() || (process.env.NODE_ENV === 'production' ? '' : 'simulator');
  if (driverKind !== 'simulator') {
    throw new Error(`no '${driverKind}' driver for ${device} yet; set DEVICE_DRIVER=simulator`);
  }
  switch (device) {
    case 'door':
      return new DoorSimulator();
    case 'label':
      throw new Error('the label printer host runs from devices/src/label (npm run device -- label)');
    default: {
      const unknownDevice: never = device;
      throw new Error(`no simulator for ${String(unknownDevice)}`);
    }
  }
}

const device = deviceFromEnvironment();
const prefix = process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix;
const connection = createRedisConnection({ role: 'worker', connectionName: `club-agent-${device}` });
const agent = startDeviceAgent({
  connection,
  driver: createDriver(device),
  prefix,
  heartbeat: { host: hostname(), simulated: true },
});
console.info(`device agent for ${device} consuming ${agent.queueName} (prefix ${prefix})`);

closeOnShutdownSignal(async () => {
  await agent.close();
  await closeRedisConnection(connection);
});
