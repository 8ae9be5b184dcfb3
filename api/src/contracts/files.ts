// Uploads and file records (document 2: upload payloads, image file; document 3: the staff receipt
// upload's imgpoollist). Multipart and binary calls have no JSON body schema: their fields are described
// here and checked by the route.
import { z } from 'zod';
import { FILE_APPLICATIONS, FILE_OBJECT_NAMES } from '@club/core/files/rules';
import { endpoint, failSchema, looseNumberSchema, okSchema, personRefSchema } from './shared.ts';

/**
 * Refusals of the upload calls: 'unknown format' is the spec's (a type the object does not take); the
 * rest are the portal's ('empty' 0-byte file, 'toolarge' over the cap, 'quota' over the user's quota,
 * 'filename' a path or control characters in the name, 'notfound', 'forbidden').
 */
export const uploadReasons = [
  'unknown format',
  'empty',
  'toolarge',
  'quota',
  'filename',
  'notfound',
  'forbidden',
  /** A workshop form takes at most 5 photos. */
  'photolimit',
] as const;

export const imageInfoSchema = z.object({
  width: z.number(),
  height: z.number(),
  profile: z.string(),
  color: z.string(),
  doublesided: z.boolean(),
  source: z.string(),
});

/** An image file (document 2) with what the portal adds: type, size, hash and the object it belongs to. */
export const fileRecordSchema = z.object({
  pk: z.number(),
  filename: z.string(),
  /** Where its bytes are downloaded (owner or staff). */
  url: z.string(),
  thumbnail: z.object({ url: z.string() }).nullable(),
  user: personRefSchema,
  objname: z.enum(FILE_OBJECT_NAMES),
  objpk: z.number(),
  application: z.number(),
  contenttype: z.string(),
  size: z.number(),
  sha256: z.string(),
  info: imageInfoSchema.nullable(),
  infochecktime: z.string().nullable(),
});

const objnameSchema = z.enum(FILE_OBJECT_NAMES);
const applicationSchema = z.union([
  z.union(FILE_APPLICATIONS.map((value) => z.literal(value))),
  z.enum(FILE_APPLICATIONS.map(String) as ['1', '10', '11']),
]);

/**
 * POST /upload, multipart/form-data: fields `objname`, `pk`, `attr`, `application` (default 1), then one
 * or more `file` parts. All files are stored or none. The staff receipt upload (objname stockreceipt)
 * also answers `imgpoollist`: every receipt image of that purchase.
 */
export const upload = endpoint({
  method: 'POST',
  path: '/upload',
  ok: okSchema.extend({
    filelist: z.array(fileRecordSchema),
    imgpoollist: z.array(fileRecordSchema).optional(),
  }),
  fail: failSchema.extend({ filename: z.string().optional() }),
});

/** The multipart fields of POST /upload, as the route checks them. */
export const uploadFieldsSchema = z.object({
  objname: objnameSchema,
  pk: looseNumberSchema,
  attr: z.string().max(200).default(''),
  application: applicationSchema.default(1),
});

export const prepareUpload = endpoint({
  method: 'POST',
  path: '/s3/prepare/upload',
  body: z.object({
    objname: objnameSchema,
    pk: looseNumberSchema,
    application: applicationSchema,
    attr: z.string().max(200).optional(),
    filenamelist: z.array(z.string().max(1000)).min(1).max(50),
  }),
  ok: okSchema.extend({ s3list: z.array(z.object({ pk: z.number(), uploadUrl: z.string() })) }),
  fail: failSchema.extend({ filename: z.string().optional() }),
});

/**
 * The local storage's direct-upload address: the raw bytes with any content type. Answers 200 ok, or a
 * 4xx refusal (403 forbidden for a bad or expired token, 413 toolarge, 400 empty / unknown format).
 */
export const putUpload = endpoint({
  method: 'PUT',
  path: '/s3/put/:token',
  params: z.object({ token: z.string().max(1000) }),
  ok: okSchema,
  fail: failSchema,
});

export const uploadDone = endpoint({
  method: 'POST',
  path: '/s3/update/upload/done',
  body: z.object({ uploadDone: z.record(z.string().regex(/^[1-9]\d{0,12}$/), z.literal(true)) }),
  /** `results`: per pk 'ok', 'missing' (no bytes arrived yet) or the refusal. */
  ok: okSchema.extend({ filelist: z.array(fileRecordSchema), results: z.record(z.string(), z.string()) }),
  fail: failSchema,
});

const pkParamsSchema = z.object({ pk: z.string().regex(/^[1-9]\d{0,12}$/) });

export const fileRecord = endpoint({
  method: 'GET',
  path: '/s3/:pk',
  params: pkParamsSchema,
  ok: okSchema.extend({ file: fileRecordSchema }),
  fail: failSchema,
});

/** The file's bytes (owner or staff), with its sniffed content type. */
export const fileContent = endpoint({
  method: 'GET',
  path: '/s3/:pk/content',
  params: pkParamsSchema,
  ok: z.unknown().describe('the bytes of the file'),
  fail: failSchema,
});

export const fileThumbnail = endpoint({
  method: 'GET',
  path: '/s3/:pk/thumbnail',
  params: pkParamsSchema,
  ok: z.unknown().describe('a JPEG thumbnail'),
  fail: failSchema,
});

export const deleteFiles = endpoint({
  method: 'POST',
  path: '/s3/delete',
  body: z.object({ pklist: z.array(looseNumberSchema).min(1).max(200) }),
  ok: okSchema,
  fail: failSchema,
});

/**
 * A zip of the listed files (document 2: a form with filename and a list of url and filename). The urls
 * must be the portal's own file addresses (`/api/s3/{pk}/content`); `pklist` is the short form.
 */
export const zip = endpoint({
  method: 'POST',
  path: '/go/zip',
  body: z.object({
    filename: z.string().max(200).optional(),
    list: z
      .array(z.object({ url: z.string().max(500), filename: z.string().max(1000).optional() }))
      .max(500)
      .optional(),
    pklist: z.array(looseNumberSchema).max(500).optional(),
  }),
  ok: z.unknown().describe('application/zip'),
  fail: failSchema,
});
