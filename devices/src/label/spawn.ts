// Starts the label printer host as its own process (tests: every device host runs as a child process),
// on a queue prefix and output folder of the test's own.
import { type SpawnedHost, spawnDeviceHost } from '../spawn.ts';

export type SpawnedLabelHost = SpawnedHost;

export function spawnLabelHost(options: {
  prefix: string;
  outputDir: string;
  redisUrl?: string;
  rollSize?: number;
  msPerSheet?: number;
}): SpawnedLabelHost {
  return spawnDeviceHost({
    entry: 'devices/src/label/main.ts',
    prefix: options.prefix,
    redisUrl: options.redisUrl,
    env: {
      LABEL_OUTPUT_DIR: options.outputDir,
      ...(options.rollSize === undefined ? {} : { LABEL_ROLL_SIZE: String(options.rollSize) }),
      ...(options.msPerSheet === undefined ? {} : { LABEL_MS_PER_SHEET: String(options.msPerSheet) }),
    },
  });
}
