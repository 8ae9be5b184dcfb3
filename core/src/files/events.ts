// A file record is a stream `file-{pk}` of events: prepared (a direct upload was promised an address),
// uploaded (the bytes are stored and checked), analysed (image information and thumbnail), deleted.
import { z } from 'zod';
import { FILE_APPLICATIONS, FILE_OBJECT_NAMES, SNIFFED_TYPES } from './rules.ts';

export const fileStream = (pk: number): string => `file-${pk}`;
export const FILE_ID_SEQUENCE_STREAM = 'sequence-file-id';

/** The object a file belongs to (objname and its pk) and what the file is for. */
const ownershipSchema = z.object({
  pk: z.number().int().positive(),
  filename: z.string().min(1),
  ownerPk: z.number().int().positive(),
  objname: z.enum(FILE_OBJECT_NAMES),
  objpk: z.number().int().nonnegative(),
  application: z.union(FILE_APPLICATIONS.map((value) => z.literal(value))),
  /** The upload's free attribute (the spec's attr), kept as sent. */
  attr: z.string(),
});

export const fileUploadPreparedSchema = z.object({
  type: z.literal('FileUploadPrepared'),
  data: ownershipSchema.extend({ preparedAt: z.string(), storageKey: z.string() }),
});

export const fileUploadedSchema = z.object({
  type: z.literal('FileUploaded'),
  data: ownershipSchema.extend({
    storageKey: z.string(),
    contentType: z.enum(SNIFFED_TYPES),
    size: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    uploadedAt: z.string(),
    /** 'multipart' through POST /upload, 'direct' through a prepared address. */
    via: z.enum(['multipart', 'direct']),
  }),
});

/** Image information read with sharp (document 2: image file info). */
export const imageInfoSchema = z.object({
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** The embedded colour profile's description, '' when there is none. */
  profile: z.string(),
  /** The colour space (srgb, cmyk, b-w, ...). */
  color: z.string(),
  doublesided: z.boolean(),
  /** What read the information: 'sharp' for images, 'pdf' for PDFs (pages are not rasterised here). */
  source: z.string(),
});
export type ImageInfo = z.infer<typeof imageInfoSchema>;

export const fileAnalysedSchema = z.object({
  type: z.literal('FileAnalysed'),
  data: z.object({
    pk: z.number().int().positive(),
    info: imageInfoSchema,
    thumbnailKey: z.string().nullable(),
    infochecktime: z.string(),
  }),
});

export const fileDeletedSchema = z.object({
  type: z.literal('FileDeleted'),
  data: z.object({
    pk: z.number().int().positive(),
    deletedAt: z.string(),
    /** Who deleted it (null for the sweep) and why. */
    byPk: z.number().int().positive().nullable(),
    reason: z.enum(['owner', 'staff', 'expired', 'refused']),
  }),
});

export type FileUploadPreparedEvent = z.infer<typeof fileUploadPreparedSchema>;
export type FileUploadedEvent = z.infer<typeof fileUploadedSchema>;
export type FileAnalysedEvent = z.infer<typeof fileAnalysedSchema>;
export type FileDeletedEvent = z.infer<typeof fileDeletedSchema>;
export type FileEvent = FileUploadPreparedEvent | FileUploadedEvent | FileAnalysedEvent | FileDeletedEvent;

export const FILE_EVENT_TYPES = new Set<string>([
  'FileUploadPrepared',
  'FileUploaded',
  'FileAnalysed',
  'FileDeleted',
]);
