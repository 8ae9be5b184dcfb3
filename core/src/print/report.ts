// What the imposition worker reports back to the API process (the only event writer) on the queue
// `print-report`: progress, the finished job's result PDFs, or its failure. The API records each as an
// event on the project's stream (api/src/print/follow.ts); reports of a job that is no longer the
// project's running one are dropped there.
import { z } from 'zod';
import { impositionResultSchema } from './events.ts';

export const PRINT_REPORT_QUEUE = 'print-report';

export const printReportSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('progress'),
    jobId: z.string(),
    projectPk: z.number().int().positive(),
    percent: z.number().min(0).max(100),
    text: z.string().max(200),
  }),
  z.object({
    kind: z.literal('finished'),
    jobId: z.string(),
    projectPk: z.number().int().positive(),
    results: z.array(impositionResultSchema),
    text: z.string().max(200),
  }),
  z.object({
    kind: z.literal('failed'),
    jobId: z.string(),
    projectPk: z.number().int().positive(),
    text: z.string().max(500),
  }),
]);
export type PrintReport = z.infer<typeof printReportSchema>;

/** Where a job's result PDF is stored (a key of the file storage). */
export const resultKey = (projectPk: number, jobId: string, index: number): string =>
  `print-results/${projectPk}/${jobId.slice(-36)}-${index + 1}.pdf`;
