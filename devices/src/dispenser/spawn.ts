// Starts the sensor or the dispenser host as its own process (tests: every device host runs as a child
// process) through `npm run device`'s entry point, on a queue prefix of the test's own.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');

export interface SpawnedDarkroomHost {
  child: ChildProcess;
  output(): string;
  /** The dispenser simulator's control URL (POST /fail, /stop, /start), once the host printed it. */
  controlUrl(): Promise<string>;
  stop(): Promise<void>;
}

export function spawnDarkroomHost(options: {
  device: 'sensors' | 'dispenser';
  prefix: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): SpawnedDarkroomHost {
  let output = '';
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['api/src/cli/device.ts', options.device, '--simulate'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        QUEUE_PREFIX: options.prefix,
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    child,
    output: () => output,
    async controlUrl() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const match = /dispenser host ready: control=(\S+)/.exec(output);
        if (match) return match[1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`dispenser host did not start: ${output}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
