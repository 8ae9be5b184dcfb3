// Starts a device host as its own process, as tests need it (every device host runs as a child process,
// on a queue prefix of the test's own), through `npm run device`'s entry point unless `entry` names another.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');

export interface SpawnedHost {
  child: ChildProcess;
  /** Everything the host printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; nothing when it has already exited. */
  stop(): Promise<void>;
}

export function spawnDeviceHost(options: {
  /** The `npm run device` argument (door, giclee, sensors…), run with --simulate. */
  device?: string;
  /** A script to run instead of the device CLI, relative to the repository. */
  entry?: string;
  prefix: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): SpawnedHost {
  let output = '';
  const args = options.entry
    ? [options.entry]
    : ['api/src/cli/device.ts', options.device ?? '', '--simulate'];
  // Node itself with tsx as a loader, not the tsx command: the command relays a SIGTERM to its child and
  // SIGKILLs the child when the child's acknowledgement takes over 30 ms (a loaded machine), which would
  // kill the host before its graceful close deleted its heartbeat.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      QUEUE_PREFIX: options.prefix,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
