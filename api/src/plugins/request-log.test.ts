import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { portalLogDestination } from './request-log.ts';

const folders: string[] = [];
function logFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'club-request-log-'));
  folders.push(folder);
  return join(folder, 'portal.log');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const waitForOpen = (destination: ReturnType<typeof portalLogDestination>) =>
  new Promise<void>((resolve) => destination.once('ready', () => resolve()));
const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { n: number; msg: string });

describe('portalLogDestination', () => {
  it('writes every line, in order, once 4 KB have gathered and the rest at a flush', async () => {
    const file = logFile();
    const destination = portalLogDestination(file);
    await waitForOpen(destination);
    const logger = pino({ level: 'info' }, destination);
    for (let n = 0; n < 1000; n += 1) logger.info({ n }, `line ${'社'.repeat(n % 7)}`);
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    destination.flushSync();
    const lines = linesOf(file);
    expect(lines.map((line) => line.n)).toEqual([...Array(1000).keys()]);
    expect(lines[6]!.msg).toBe(`line ${'社'.repeat(6)}`);
    destination.end();
  });

  it('writes a few lines within about a second without a flush', async () => {
    const file = logFile();
    const destination = portalLogDestination(file);
    const logger = pino({ level: 'info' }, destination);
    logger.info({ n: 1 }, 'one');
    logger.info({ n: 2 }, 'two');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(linesOf(file).map((line) => line.n)).toEqual([1, 2]);
    destination.end();
  });

  it('writes the gathered lines when the process exits', () => {
    const file = logFile();
    const script = `
      import pino from 'pino';
      import { portalLogDestination } from './api/src/plugins/request-log.ts';
      const destination = portalLogDestination(${JSON.stringify(file)});
      destination.once('ready', () => {
        const logger = pino({ level: 'info' }, destination);
        for (let n = 0; n < 3; n += 1) logger.info({ n }, 'before exit');
        process.exit(0);
      });`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../../..'),
    });
    expect(linesOf(file).map((line) => line.n)).toEqual([0, 1, 2]);
  });
});
