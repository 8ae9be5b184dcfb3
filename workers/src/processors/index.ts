import type { QueueName } from '../queues.ts';
import { type DeviceQueueSender, processDeviceCommand } from './device-command.ts';

/** A processor is one function of a job's data; the wiring in `workers.ts` turns it into a BullMQ worker. */
export type JobDataProcessor = (data: unknown) => Promise<unknown>;
export type QueueProcessors = { readonly [Name in QueueName]?: JobDataProcessor };

export interface ProcessorDependencies {
  sendToDevice: DeviceQueueSender;
}

/**
 * The processors the worker process runs. Queues without one (their issues have not landed) get no
 * worker, so their jobs wait instead of failing.
 */
export function createProcessors(dependencies: ProcessorDependencies): QueueProcessors {
  return {
    'device-command': (data) => processDeviceCommand(data, dependencies.sendToDevice),
  };
}
