// The sensor host: reads the darkroom's sensor every minute (SENSOR_INTERVAL_MS), puts each reading on the
// `sensor-reading` queue and sends heartbeats with the last values. Runs as its own process
// (`npm run device -- sensors --simulate`).
import { hostname } from 'node:os';
import { startHeartbeat } from '@club/workers/device-link';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection, type Logger } from '@club/workers/redis';
import { Queue } from 'bullmq';
import type { RunningDeviceHost } from '../host.ts';
import { SENSOR_READING_QUEUE, sensorReadingJobId, sensorReadingSchema } from './contract.ts';
import type { SensorDriver } from './driver.ts';
import { SensorSimulator, type SensorSimulatorOptions } from './simulator.ts';

export const SENSOR_INTERVAL_MS = 60_000;

export interface SensorHostOptions {
  simulate: boolean;
  simulator?: Partial<SensorSimulatorOptions>;
  driver?: SensorDriver;
  intervalMs?: number;
  redisUrl?: string;
  prefix?: string;
  logger?: Logger;
}

export async function runSensorHost(options: SensorHostOptions): Promise<RunningDeviceHost> {
  if (!options.simulate && !options.driver) throw new Error('no real sensor driver yet: run with --simulate');
  const logger = options.logger ?? console;
  const prefix = options.prefix ?? defaultQueuePrefix;
  const driver = options.driver ?? new SensorSimulator(options.simulator);
  const connection = createRedisConnection({
    role: 'worker',
    ...(options.redisUrl ? { url: options.redisUrl } : {}),
    connectionName: `club-sensors-${driver.sensor}`,
    logger,
  });
  const queue = new Queue(SENSOR_READING_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: { attempts: 3, removeOnComplete: { count: 1_000 }, removeOnFail: { count: 1_000 } },
  });
  queue.on('error', (error: Error) => logger.debug(`[sensors] ${error.message}`));
  let last: { temperature: number; humidity: number } | null = null;
  const heartbeat = startHeartbeat({
    connection,
    device: 'sensors',
    host: hostname(),
    simulated: driver instanceof SensorSimulator,
    prefix,
    logger,
    status: () => ({
      sensor: driver.sensor,
      temperature: last?.temperature ?? null,
      humidity: last?.humidity ?? null,
    }),
  });
  const tick = async () => {
    const at = new Date();
    // Whole seconds: the reading's key in the table is (sensor, at).
    at.setMilliseconds(0);
    const values = await driver.read(at).catch(() => null);
    last = values;
    if (!values) return;
    const reading = sensorReadingSchema.parse({ sensor: driver.sensor, at: at.toISOString(), ...values });
    const jobId = sensorReadingJobId(reading);
    await queue.add(SENSOR_READING_QUEUE, reading, { jobId }).then(
      () => heartbeat.setLastResult({ requestId: jobId, ok: true, at: reading.at }),
      (error: Error) => logger.warn(`[sensors] a reading could not be queued: ${error.message}`),
    );
  };
  void tick();
  const timer = setInterval(() => void tick(), options.intervalMs ?? SENSOR_INTERVAL_MS);
  let closing: Promise<void> | undefined;
  return {
    device: 'sensors',
    simulated: driver instanceof SensorSimulator,
    close: () => {
      closing ??= (async () => {
        clearInterval(timer);
        await heartbeat.stop();
        await driver.close();
        await queue.close();
        await closeRedisConnection(connection);
      })();
      return closing;
    },
  };
}
