import type { QueueName } from '../queues.ts';
import { type DeviceQueueSender, processDeviceCommand } from './device-command.ts';
import { createEmailSender, type EmailSettings } from './email.ts';

/** A processor is one function of a job's data; the wiring in `workers.ts` turns it into a BullMQ worker. */
export type JobDataProcessor = (data: unknown) => Promise<unknown>;
export type QueueProcessors = { readonly [Name in QueueName]?: JobDataProcessor };

export interface ProcessorDependencies {
  sendToDevice: DeviceQueueSender;
  /** SMTP_URL and MAIL_FROM; without them the email queue has no worker (the API then sends no mail jobs). */
  email?: EmailSettings;
}

/**
 * The processors the worker process runs. Queues without one (their issues have not landed) get no
 * worker, so their jobs wait instead of failing.
 */
export function createProcessors(dependencies: ProcessorDependencies): QueueProcessors {
  return {
    'device-command': (data) => processDeviceCommand(data, dependencies.sendToDevice),
    ...(dependencies.email ? { email: createEmailSender(dependencies.email) } : {}),
  };
}
