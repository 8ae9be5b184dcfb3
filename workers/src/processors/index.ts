import type { QueueName } from '../queues.ts';

/** A processor is one function of a job's data; the wiring in `workers.ts` turns it into a BullMQ worker. */
export type JobDataProcessor = (data: unknown) => Promise<unknown>;
export type QueueProcessors = { readonly [Name in QueueName]?: JobDataProcessor };

/**
 * The processors the worker processes run (in the API process by default, or `npm run workers`). Queues
 * without one (their issues have not landed) get no worker, so their jobs wait instead of failing. Device
 * commands are not here: the API sends them straight to the device hosts' queues (device-link.ts).
 */
export function createProcessors(): QueueProcessors {
  return {};
}
