// Two real portal processes (api/src/main.ts) on one data folder: the second is refused with a clear
// message and exit code 1, the first keeps serving, and once it stops the folder is free again. Why one
// writer per folder: docs/architecture.md ("One portal process per data folder"); the multi-writer race
// itself is proven by core/src/ledger/multi-process.int.test.ts, whose processes open the store directly.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const main = new URL('./main.ts', import.meta.url).pathname;

let directory: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'club-two-portals-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Portal {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startPortal(port: number): Portal {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: directory,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      SESSION_SECRET: 'two-portals-test-secret-two-portals-test',
      // Nothing listens here: the portal runs without queues, which is enough for this test.
      REDIS_URL: 'redis://127.0.0.1:6391',
      LOG_LEVEL: 'info',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(portal: Portal): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!portal.output().includes('portal ready')) {
    if (portal.child.exitCode !== null) throw new Error(`portal exited early:\n${portal.output()}`);
    if (Date.now() > deadline) throw new Error(`portal not ready in time:\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two portal processes on one data folder', () => {
  it('refuses the second with a clear message; the first keeps serving; the folder is free once it stops', async () => {
    const firstPort = await freePort();
    const first = startPortal(firstPort);
    await ready(first);

    const second = startPortal(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('portal not started: another portal process is already running');
    expect(second.output()).toContain(join(directory, 'writer.lock'));

    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: 'sqlite' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const third = startPortal(await freePort());
    await ready(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
