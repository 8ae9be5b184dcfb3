// Starts the card reader host as its own process (tsx devices/src/card/main.ts --simulate), for tests:
// it answers once the host printed its control URL, and `read(cardid)` holds a card to the simulated reader.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CardHostProcess {
  child: ChildProcess;
  controlUrl: string;
  read(cardid: string): Promise<void>;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export async function startCardHostProcess(options: {
  prefix: string;
  reader?: string;
  redisUrl?: string;
}): Promise<CardHostProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'devices/src/card/main.ts', '--simulate', '--reader', options.reader ?? 'counter'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        QUEUE_PREFIX: options.prefix,
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const controlUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`card host did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /card host ready: reader=\S+ control=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`card host exited with ${code}: ${output}`));
    });
  });
  return {
    child,
    controlUrl,
    async read(cardid) {
      const response = await fetch(`${controlUrl}/read`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardid }),
      });
      if (response.status !== 204) throw new Error(`card host refused the read: ${await response.text()}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
