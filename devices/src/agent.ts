import {
  type DeviceName,
  type DeviceOutcome,
  deviceQueueName,
  InvalidJobDataError,
  parseDeviceCommand,
} from '@club/workers/device-commands';
import { defaultQueuePrefix } from '@club/workers/queues';
import type { Logger } from '@club/workers/redis';
import { type HeartbeatSender, startHeartbeat } from '@club/workers/device-link';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DeviceDriver } from './driver.ts';

/**
 * Processor of a device queue: checks the job's data and has the driver carry it out. Throws
 * `InvalidJobDataError` for data that is not a command for this driver's device.
 */
export async function handleDeviceJob<Device extends DeviceName>(
  driver: DeviceDriver<Device>,
  data: unknown,
): Promise<DeviceOutcome> {
  const command = parseDeviceCommand(data);
  if (command.device !== driver.device) {
    throw new InvalidJobDataError(`a ${command.device} command reached the ${driver.device} agent`);
  }
  // The check above narrows the device at run time; TypeScript cannot carry it over to the generic.
  return driver.execute(command as Parameters<DeviceDriver<Device>['execute']>[0]);
}

export interface DeviceAgentOptions<Device extends DeviceName> {
  /** A `role: 'worker'` connection; BullMQ duplicates it for the worker's blocking reads. */
  connection: Redis;
  driver: DeviceDriver<Device>;
  prefix?: string;
  /** One at a time unless the device can do several things at once. */
  concurrency?: number;
  logger?: Logger;
  /** Reports the host to the portal every 2 s (workers/src/device-link.ts); off only in unit tests. */
  heartbeat?: {
    host: string;
    simulated: boolean;
    status?: () => Record<string, string | number | boolean | null>;
  };
}

export interface DeviceAgent {
  readonly queueName: string;
  readonly worker: Worker;
  /** Stops taking commands, waits for the one in progress, then releases the driver. */
  close(): Promise<void>;
}

/** Consumes the device's queue (`device-door`, ...) and drives `driver` with each command. */
export function startDeviceAgent<Device extends DeviceName>(
  options: DeviceAgentOptions<Device>,
): DeviceAgent {
  const logger = options.logger ?? console;
  const { driver } = options;
  const queueName = deviceQueueName(driver.device);
  const worker = new Worker(
    queueName,
    async (job) => {
      try {
        return await handleDeviceJob(driver, job.data);
      } catch (error) {
        if (error instanceof InvalidJobDataError) {
          throw new UnrecoverableError(error.message);
        }
        throw error;
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix ?? defaultQueuePrefix,
      concurrency: options.concurrency ?? 1,
    },
  );
  worker.on('error', (error: Error) => {
    logger.debug(`[agent ${driver.device}] ${error.message}`);
  });
  const heartbeat: HeartbeatSender | undefined = options.heartbeat
    ? startHeartbeat({
        connection: options.connection,
        device: driver.device,
        prefix: options.prefix ?? defaultQueuePrefix,
        logger,
        ...options.heartbeat,
      })
    : undefined;
  worker.on('completed', (job) => {
    heartbeat?.setLastResult({ requestId: job.id ?? '?', ok: true, at: new Date().toISOString() });
  });
  worker.on('failed', (job, error: Error) => {
    const attempts = job ? ` (attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1})` : '';
    logger.warn(`[agent ${driver.device}] job ${job?.id ?? '?'} failed${attempts}: ${error.message}`);
    heartbeat?.setLastResult({
      requestId: job?.id ?? '?',
      ok: false,
      at: new Date().toISOString(),
      ...{ error: error.message },
    });
  });
  let closing: Promise<void> | undefined;
  return {
    queueName,
    worker,
    close: () => {
      closing ??= (async () => {
        // The portal sees the host gone at once, so it stops sending before the worker stops taking.
        await heartbeat?.stop();
        await worker.close();
        await driver.close();
      })();
      return closing;
    },
  };
}
