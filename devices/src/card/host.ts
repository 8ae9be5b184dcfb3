// The card reader host: wires a reader driver to the `card-read` queue and sends heartbeats. It runs as
// its own process next to the reader (main.ts; `npm run device -- card --simulate`).
import { hostname } from 'node:os';
import { startHeartbeat } from '@club/workers/device-link';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, type Logger } from '@club/workers/redis';
import { Queue } from 'bullmq';
import { CARD_READ_QUEUE, type CardRead, cardReadJobId, cardReadSchema } from './contract.ts';
import type { CardReaderDriver } from './driver.ts';
import { CardReaderSimulator } from './simulator.ts';

export interface CardHostOptions {
  /** The reader's name (default 'counter'). */
  reader?: string;
  /** Use the simulator (the only driver so far). */
  simulate: boolean;
  /** The simulator's control port on 127.0.0.1 (0: any free port). */
  controlPort?: number;
  /** Demo mode: the simulator reads these cards in turn. */
  demoCards?: readonly string[];
  demoEveryMs?: number;
  redisUrl?: string;
  prefix?: string;
  logger?: Logger;
}

export interface CardHost {
  reader: string;
  /** The simulator's control URL (POST /read), when simulating. */
  controlUrl: string | undefined;
  close(): Promise<void>;
}

export async function runCardHost(options: CardHostOptions): Promise<CardHost> {
  if (!options.simulate) throw new Error('no real card reader driver yet: run with --simulate');
  const logger = options.logger ?? console;
  const reader = options.reader ?? 'counter';
  const prefix = options.prefix ?? defaultQueuePrefix;
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: `club-card-${reader}`,
    logger,
  });
  const queue = new Queue(CARD_READ_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: { attempts: 1, removeOnComplete: { count: 1_000 }, removeOnFail: { count: 1_000 } },
  });
  queue.on('error', (error: Error) => logger.debug(`[card ${reader}] ${error.message}`));
  const heartbeat = startHeartbeat({
    connection,
    device: 'card',
    host: hostname(),
    simulated: true,
    prefix,
    logger,
  });

  const simulator = new CardReaderSimulator();
  const driver: CardReaderDriver = simulator;
  driver.onRead((cardid) => {
    const read: CardRead = cardReadSchema.parse({ reader, cardid, at: new Date().toISOString() });
    const jobId = cardReadJobId(read);
    queue.add(CARD_READ_QUEUE, read, { jobId }).then(
      () => heartbeat.setLastResult({ requestId: jobId, ok: true, at: read.at }),
      (error: Error) => {
        logger.warn(`[card ${reader}] a read could not be queued: ${error.message}`);
        heartbeat.setLastResult({ requestId: jobId, ok: false, at: read.at, error: error.message });
      },
    );
  });
  const controlUrl = await simulator.listen(options.controlPort ?? 0);
  if (options.demoCards && options.demoCards.length > 0)
    simulator.emitEvery(options.demoCards, options.demoEveryMs ?? 30_000);

  return {
    reader,
    controlUrl,
    async close() {
      await driver.close();
      await heartbeat.stop();
      await queue.close();
      await closeRedisConnection(connection);
    },
  };
}
