// The duo-alignment processor: reads the back-side image from the file storage, writes the adjusted image
// (core/src/duo/adjust.ts) under a key of its own and returns where it is and its final size. The API
// process, the only writer of events, then records it as a file of application 11 (api/src/print/duo.ts).
import { adjustBackImage } from '@club/core/duo/adjust';
import type { FileStorage } from '@club/core/files/storage';
import { InvalidJobDataError } from '../device-commands.ts';

export interface DuoAlignmentJob {
  [key: string]: string | number | { x: number; y: number };
  jobId: string;
  projectPk: number;
  s3pk: number;
  /** Storage key of the back-side image (a file of the project). */
  sourceKey: string;
  left: { x: number; y: number };
  right: { x: number; y: number };
}

export interface DuoAlignmentResult {
  resultKey: string;
  finalsize: { width: number; height: number };
  stretch: number;
}

/** Where a job's adjusted image is kept until the API records it as a file. */
export const duoResultKey = (jobId: string): string => `duo-results/${jobId.toLowerCase()}.png`;

const isOffset = (value: unknown): value is { x: number; y: number } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as { x: unknown }).x) &&
  Number.isFinite((value as { y: unknown }).y);

export function parseDuoAlignmentJob(data: unknown): DuoAlignmentJob {
  const job = data as Partial<Record<keyof DuoAlignmentJob, unknown>> | null;
  if (
    !job ||
    typeof job.jobId !== 'string' ||
    typeof job.sourceKey !== 'string' ||
    !Number.isInteger(job.projectPk) ||
    !Number.isInteger(job.s3pk) ||
    !isOffset(job.left) ||
    !isOffset(job.right)
  ) {
    throw new InvalidJobDataError(
      'duo-alignment job: jobId, projectPk, s3pk, sourceKey, left and right needed',
    );
  }
  return job as DuoAlignmentJob;
}

export function createDuoAlignmentProcessor(storage: Pick<FileStorage, 'get' | 'put'>) {
  return async (data: unknown): Promise<DuoAlignmentResult> => {
    const job = parseDuoAlignmentJob(data);
    const source = await storage.get(job.sourceKey);
    // A missing source will not come back with retries.
    if (!source) throw new InvalidJobDataError(`duo-alignment job ${job.jobId}: the back-side image is gone`);
    const { png, adjustment } = await adjustBackImage(source, { left: job.left, right: job.right });
    const resultKey = duoResultKey(job.jobId);
    await storage.put(resultKey, png, 'image/png');
    return { resultKey, finalsize: adjustment.finalSize, stretch: adjustment.stretch };
  };
}
