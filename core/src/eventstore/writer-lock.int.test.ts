// The data folder's writer lock: one holder at a time, in one process or across processes, and released
// by the operating system when the holder dies (no stale lock after kill -9).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireWriterLock, WriterLockedError } from './writer-lock.ts';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'club-writer-lock-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A child process that takes the lock and holds it until killed; resolves once it holds it. */
async function holderProcess(): Promise<ChildProcess> {
  const script = `import { acquireWriterLock } from ${JSON.stringify(new URL('./writer-lock.ts', import.meta.url).pathname)};
acquireWriterLock(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

describe('acquireWriterLock', () => {
  it('refuses a second holder in the same process until the first releases it', () => {
    const first = acquireWriterLock(directory);
    expect(() => acquireWriterLock(directory)).toThrow(WriterLockedError);
    expect(() => acquireWriterLock(directory)).toThrow(/another portal process is already running/);
    first.release();
    const second = acquireWriterLock(directory);
    second.release();
  });

  it('refuses while another process holds it, and is free again once that process is killed', async () => {
    const child = await holderProcess();
    try {
      expect(() => acquireWriterLock(directory)).toThrow(WriterLockedError);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // kill -9 leaves no stale lock: the operating system released it with the process.
    acquireWriterLock(directory).release();
  }, 30_000);
});
