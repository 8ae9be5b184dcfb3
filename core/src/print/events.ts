// A print project is a stream `printproject-{pk}`: created, saved (title and imposition settings), and
// its imposition runs (queued, progressed, finished or failed). The project's pages are file records of
// the files domain (objname printproject, objpk = the project's pk), so attaching a file is the upload's
// own event. Project pks come from one sequence stream.
import { z } from 'zod';
import { IMPOSITION_METHODS, impositionSettingsSchema } from './settings.ts';

export const printProjectStream = (pk: number): string => `printproject-${pk}`;
export const PRINT_PROJECT_ID_SEQUENCE_STREAM = 'sequence-printproject-id';

export const PRINT_TITLE_MAX = 80;

export const printProjectCreatedSchema = z.object({
  type: z.literal('PrintProjectCreated'),
  data: z.object({
    pk: z.number().int().positive(),
    title: z.string().min(1).max(PRINT_TITLE_MAX),
    ownerPk: z.number().int().positive(),
    settings: impositionSettingsSchema,
    createdAt: z.string(),
  }),
});

export const printProjectSavedSchema = z.object({
  type: z.literal('PrintProjectSaved'),
  data: z.object({
    pk: z.number().int().positive(),
    title: z.string().min(1).max(PRINT_TITLE_MAX),
    settings: impositionSettingsSchema,
    byPk: z.number().int().positive(),
    savedAt: z.string(),
  }),
});

export const impositionQueuedSchema = z.object({
  type: z.literal('ImpositionQueued'),
  data: z.object({
    pk: z.number().int().positive(),
    jobId: z.string(),
    method: z.enum(IMPOSITION_METHODS),
    s3pklist: z.array(z.number().int().positive()),
    demoOnly: z.boolean(),
    /** The settings the job runs with (the pages follow the selected files). */
    settings: impositionSettingsSchema,
    byPk: z.number().int().positive(),
    queuedAt: z.string(),
  }),
});

export const impositionProgressedSchema = z.object({
  type: z.literal('ImpositionProgressed'),
  data: z.object({
    pk: z.number().int().positive(),
    jobId: z.string(),
    percent: z.number().int().min(0).max(100),
    text: z.string(),
  }),
});

/** A print-ready PDF the imposition wrote into the file storage. */
export const impositionResultSchema = z.object({
  key: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  sheets: z.number().int().nonnegative(),
});
export type ImpositionResult = z.infer<typeof impositionResultSchema>;

export const impositionFinishedSchema = z.object({
  type: z.literal('ImpositionFinished'),
  data: z.object({
    pk: z.number().int().positive(),
    jobId: z.string(),
    results: z.array(impositionResultSchema),
    text: z.string(),
    finishedAt: z.string(),
  }),
});

export const impositionFailedSchema = z.object({
  type: z.literal('ImpositionFailed'),
  data: z.object({
    pk: z.number().int().positive(),
    jobId: z.string(),
    text: z.string(),
    failedAt: z.string(),
  }),
});

export const printResultsDeletedSchema = z.object({
  type: z.literal('PrintResultsDeleted'),
  data: z.object({
    pk: z.number().int().positive(),
    keys: z.array(z.string()),
    byPk: z.number().int().positive(),
    deletedAt: z.string(),
  }),
});

export const printEventSchema = z.union([
  printProjectCreatedSchema,
  printProjectSavedSchema,
  impositionQueuedSchema,
  impositionProgressedSchema,
  impositionFinishedSchema,
  impositionFailedSchema,
  printResultsDeletedSchema,
]);
export type PrintEvent = z.infer<typeof printEventSchema>;
export type PrintProjectCreatedEvent = z.infer<typeof printProjectCreatedSchema>;
export type ImpositionQueuedEvent = z.infer<typeof impositionQueuedSchema>;

export const PRINT_EVENT_TYPES = new Set<string>([
  'PrintProjectCreated',
  'PrintProjectSaved',
  'ImpositionQueued',
  'ImpositionProgressed',
  'ImpositionFinished',
  'ImpositionFailed',
  'PrintResultsDeleted',
]);

export const printProjectIdsAllocatedSchema = z.object({
  type: z.literal('PrintProjectIdsAllocated'),
  data: z.object({ first: z.number().int().positive(), count: z.number().int().positive() }),
});
