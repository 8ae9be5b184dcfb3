// Start-up on the big log (big-log.ts, a million events): the portal as it runs in production (a child
// process of api/src/main.ts on a copy of the log), timed from spawn until GET /api/health answers, twice:
// the first start replays the whole log and leaves a read-model snapshot when it stops; the second starts
// from that snapshot. The resident memory of the second is read from /proc once it answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clubLogFile } from './big-log.ts';
import { BIG_LOG_EVENTS } from './rebuild.ts';
import { restoreSteps } from './snapshot-restore.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

/** Resident memory of a process in MiB, from /proc (Linux). */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kib / 1024);
}

async function startPortal(dataDir: string): Promise<{ child: ChildProcess; ms: number; url: string }> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { child, ms: performance.now() - startedAt, url };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopPortal(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function benchStartup(): Promise<Record<string, number | string>> {
  const log = await clubLogFile(BIG_LOG_EVENTS);
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-startup-'));
  try {
    copyFileSync(log, join(dataDir, 'events.sqlite3'));
    const cold = await startPortal(dataDir);
    const coldMiB = residentMiB(cold.child.pid!);
    const stopAt = performance.now();
    await stopPortal(cold.child);
    const stopMs = performance.now() - stopAt;
    const warm = await startPortal(dataDir);
    const warmMiB = residentMiB(warm.child.pid!);
    const health = (await (await fetch(`${warm.url}/api/health`)).json()) as { position: number };
    await stopPortal(warm.child);
    // Models with a stored form (the ledger, the login log) are restored at their first use, after
    // /api/health answered, and the ledger's rows at their own first read: what those first reads pay
    // (timed in this process from the snapshot the portal left).
    const steps = restoreSteps(join(dataDir, 'readmodels.snapshot'));
    const seconds = (name: string) =>
      Number(((steps.find((step) => step.name === name)?.ms ?? Number.NaN) / 1000).toFixed(2));
    return {
      'start without a snapshot, until /api/health (s)': Number((cold.ms / 1000).toFixed(2)),
      'resident memory after that start (MiB)': coldMiB,
      'stop, writing the snapshot (s)': Number((stopMs / 1000).toFixed(2)),
      'start from the snapshot, until /api/health (s, <= 5)': Number((warm.ms / 1000).toFixed(2)),
      'resident memory after start from snapshot (MiB, < 1024)': warmMiB,
      'read models at position': health.position,
      'then the ledger at its first read (s)': seconds('ledger'),
      "then the ledger's rows at their first read (s)": seconds('ledger, at first use'),
      'then the login log at the first login (s)': seconds('loginLog'),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
