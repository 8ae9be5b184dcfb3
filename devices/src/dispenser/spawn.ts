// Starts the sensor or the dispenser host as its own process (tests: every device host runs as a child
// process) through `npm run device`'s entry point, on a queue prefix of the test's own.
import { type SpawnedHost, spawnDeviceHost } from '../spawn.ts';

export interface SpawnedDarkroomHost extends SpawnedHost {
  /** The dispenser simulator's control URL (POST /fail, /stop, /start), once the host printed it. */
  controlUrl(): Promise<string>;
}

export function spawnDarkroomHost(options: {
  device: 'sensors' | 'dispenser';
  prefix: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): SpawnedDarkroomHost {
  const host = spawnDeviceHost(options);
  return {
    ...host,
    async controlUrl() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const match = /dispenser host ready: control=(\S+)/.exec(host.output());
        if (match) return match[1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`dispenser host did not start: ${host.output()}`);
    },
  };
}
