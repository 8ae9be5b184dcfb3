// The print assistant's calls (document 2: print project, imposition settings, lastlog; docs/print.md).
// Lengths in mm. The project's pages are file records (contracts/files.ts) of objname printproject.
import { z } from 'zod';
import { IMPOSITION_METHODS, impositionSettingsSchema } from '@club/core/print/settings';
import { PRINT_TITLE_MAX } from '@club/core/print/events';
import { fileRecordSchema } from './files.ts';
import { endpoint, failSchema, looseNumberSchema, okSchema, personRefSchema } from './shared.ts';

/**
 * The domain's refusals: 'running' is the spec's; 'incomplete' ('data incomplete'), 'bleed' (page width and
 * height must be greater than twice the bleed), 'punch' (punch distance at least 1), 'multipleof4',
 * 'signature', 'mixedsizes' (book mode: all files one size), 'nofiles' ('selected files no longer exist'),
 * 'toolarge' ('page too large to print'), 'cannotcalculate' ('Data problem, cannot calculate').
 */
export const printReasons = [
  'notfound',
  'running',
  'incomplete',
  'bleed',
  'punch',
  'multipleof4',
  'signature',
  'mixedsizes',
  'nofiles',
  'toolarge',
  'cannotcalculate',
] as const;

export const lastlogSchema = z.object({
  /** none, queued and running (the running states), end, error. */
  status: z.enum(['none', 'queued', 'running', 'end', 'error']),
  progresspercent: z.number(),
  progresstext: z.string(),
});

export const printResultSchema = z.object({
  name: z.string(),
  filename: z.string(),
  url: z.string(),
  size: z.number(),
  sheets: z.number(),
});

const summaryFields = {
  pk: z.number(),
  title: z.string(),
  user: personRefSchema,
  lastlog: lastlogSchema,
  images_app1_count: z.number(),
  /** The first source page's thumbnail, or null. */
  coverThumbnail: z.string().nullable(),
  createdAt: z.string(),
};

export const printProjectSummarySchema = z.object(summaryFields);

export const printProjectSchema = z.object({
  ...summaryFields,
  settings: impositionSettingsSchema,
  imagelist: z.array(fileRecordSchema),
  results: z.array(printResultSchema),
  /** The viewer is the owner or staff: may start the imposition and upload self-made sheets. */
  canManage: z.boolean(),
  /** The uploader column shows to staff, or to the owner when several users uploaded. */
  showUploader: z.boolean(),
});

const pkParams = z.object({ pk: z.string().regex(/^[1-9]\d{0,12}$/) });

export const list = endpoint({
  method: 'GET',
  path: '/print/list',
  ok: okSchema.extend({ pplist: z.array(printProjectSummarySchema) }),
  fail: failSchema,
});

export const create = endpoint({
  method: 'POST',
  path: '/print',
  body: z.object({ title: z.string().trim().min(1).max(PRINT_TITLE_MAX) }),
  ok: okSchema.extend({ printproject: z.object({ pk: z.number() }) }),
  fail: failSchema,
});

export const detail = endpoint({
  method: 'GET',
  path: '/print/:pk',
  params: pkParams,
  ok: okSchema.extend({ printproject: printProjectSchema }),
  fail: failSchema,
});

export const lastlog = endpoint({
  method: 'GET',
  path: '/print/:pk/lastlog',
  params: pkParams,
  ok: okSchema.extend({ lastlog: lastlogSchema }),
  fail: failSchema,
});

export const save = endpoint({
  method: 'POST',
  path: '/print/:pk/save',
  params: pkParams,
  body: z.object({
    printproject: z.object({
      title: z.string().trim().min(1).max(PRINT_TITLE_MAX),
      settings: impositionSettingsSchema,
    }),
  }),
  ok: okSchema,
  fail: failSchema,
});

export const imposition = endpoint({
  method: 'POST',
  path: '/print/:pk/imposition',
  params: pkParams,
  body: z.object({
    impositionMethod: z.enum(IMPOSITION_METHODS),
    s3pklist: z.array(looseNumberSchema).max(2000).default([]),
    demoOnly: z.boolean().default(false),
  }),
  /** `duplicates`: file names selected more than once (a warning only). */
  ok: okSchema.extend({ duplicates: z.array(z.string()) }),
  fail: failSchema,
});

/** The bytes of one result PDF (owner or staff). */
export const result = endpoint({
  method: 'GET',
  path: '/print/:pk/result/:name',
  params: pkParams.extend({ name: z.string().regex(/^[a-z0-9-]{1,80}\.pdf$/) }),
  ok: z.unknown().describe('application/pdf'),
  fail: failSchema,
});

/** A zip of the listed result PDFs (all when `names` is empty). */
export const resultZip = endpoint({
  method: 'POST',
  path: '/print/:pk/result/zip',
  params: pkParams,
  body: z.object({ names: z.array(z.string().max(80)).max(500).default([]) }),
  ok: z.unknown().describe('application/zip'),
  fail: failSchema,
});

export const deleteResults = endpoint({
  method: 'POST',
  path: '/print/:pk/result/delete',
  params: pkParams,
  body: z.object({ names: z.array(z.string().max(80)).min(1).max(500) }),
  ok: okSchema,
  fail: failSchema,
});
