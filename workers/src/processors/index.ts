import type { QueueName } from '../queues.ts';
import type { FileStorage } from '@club/core/files/storage';
import { createDuoAlignmentProcessor } from './duo-alignment.ts';
import { createEmailSender, type EmailSettings } from './email.ts';
import { createImpositionProcessor, type ImpositionDependencies } from './imposition.ts';

/** A processor is one function of a job's data; the wiring in `workers.ts` turns it into a BullMQ worker. */
export type JobDataProcessor = (data: unknown) => Promise<unknown>;
export type QueueProcessors = { readonly [Name in QueueName]?: JobDataProcessor };

export interface ProcessorDependencies {
  /** SMTP_URL and MAIL_FROM; without them the email queue has no worker (the API then sends no mail jobs). */
  email?: EmailSettings;
  /** The file storage and the print-report line; without them the imposition queue has no worker. */
  imposition?: ImpositionDependencies;
  /** The file storage the duo-alignment job reads the back side from and writes the adjusted image to. */
  storage?: Pick<FileStorage, 'get' | 'put'>;
}

/**
 * The processors the worker processes run (in the API process by default, or `npm run workers`). Queues
 * without one (their issues have not landed) get no worker, so their jobs wait instead of failing. Device
 * commands are not here: the API sends them straight to the device hosts' queues (device-link.ts).
 */
export function createProcessors(dependencies: ProcessorDependencies = {}): QueueProcessors {
  return {
    ...(dependencies.email ? { email: createEmailSender(dependencies.email) } : {}),
    ...(dependencies.imposition ? { imposition: createImpositionProcessor(dependencies.imposition) } : {}),
    ...(dependencies.storage ? { 'duo-alignment': createDuoAlignmentProcessor(dependencies.storage) } : {}),
  };
}
