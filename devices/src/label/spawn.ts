// Starts the label printer host as its own process (tests: every device host runs as a child process),
// on a queue prefix and output folder of the test's own.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');

export interface SpawnedLabelHost {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export function spawnLabelHost(options: {
  prefix: string;
  outputDir: string;
  redisUrl?: string;
  rollSize?: number;
  msPerSheet?: number;
}): SpawnedLabelHost {
  let output = '';
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['devices/src/label/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      QUEUE_PREFIX: options.prefix,
      LABEL_OUTPUT_DIR: options.outputDir,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...(options.rollSize === undefined ? {} : { LABEL_ROLL_SIZE: String(options.rollSize) }),
      ...(options.msPerSheet === undefined ? {} : { LABEL_MS_PER_SHEET: String(options.msPerSheet) }),
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
