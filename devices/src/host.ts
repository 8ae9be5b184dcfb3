// What every device host shares: how it is started (by `npm run device -- <name>`, by `npm start` for the
// simulated fleet, or by a test) and how it is stopped.
import type { DeviceHostName } from '@club/workers/device-commands';
import type { Logger } from '@club/workers/redis';

export interface DeviceHostOptions {
  /** Drive the simulator instead of the real device. */
  simulate: boolean;
  /** Defaults to REDIS_URL, then the machine's own Redis. */
  redisUrl?: string;
  /** Defaults to QUEUE_PREFIX, then 'club'. */
  prefix?: string;
  logger?: Logger;
}

export interface RunningDeviceHost {
  readonly device: DeviceHostName;
  readonly simulated: boolean;
  /** Stops the heartbeat (the portal sees the host gone at once), finishes the job in hand, disconnects. */
  close(): Promise<void>;
}
