// Entry point of the card reader host: `tsx devices/src/card/main.ts --simulate [--reader counter]
// [--control-port 0] [--demo 0123456789,...]`. Environment: REDIS_URL, QUEUE_PREFIX.
// Prints one line `card host ready: reader=<name> control=<url>` once it is running.
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeOnShutdownSignal } from '@club/workers/shutdown';
import { runCardHost } from './host.ts';

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
};

const starting = runCardHost({
  simulate: args.includes('--simulate'),
  reader: flagValue('--reader') ?? 'counter',
  controlPort: Number(flagValue('--control-port') ?? 0),
  demoCards:
    flagValue('--demo')
      ?.split(',')
      .filter((card) => card !== '') ?? [],
  prefix: process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix,
});
// Listening before the host is up: a stop during its start waits for the start, then closes it.
closeOnShutdownSignal(async () => (await starting.catch(() => undefined))?.close());
const host = await starting;
console.info(`card host ready: reader=${host.reader} control=${host.controlUrl}`);
