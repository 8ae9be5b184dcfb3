// The search picker's lists for the kinds other than user (document 2: searchable kinds). The user kind
// is money.userSearchList (GET /typeahead2/user). Each kind answers from its read model once its domain
// exists; until then an empty list, never 404.
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

export const bookEntrySchema = z.object({
  pk: z.number(),
  barcode: z.string(),
  isbn: z.string(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
});
export const stockEntrySchema = z.object({
  pk: z.number(),
  barcodelist: z.array(z.string()),
  name: z.string(),
  /** 'S' + pk padded to five digits (a stock label's barcode). */
  pkstr: z.string().optional(),
  /** The account's prefix (E24, F, ...). */
  prefix: z.string().optional(),
});
export const sharingpaperEntrySchema = z.object({
  pk: z.number(),
  barcode: z.string(),
  stock: z.object({ name: z.string() }),
});
export const propertyEntrySchema = z.object({ pk: z.number(), pkstr: z.string(), name: z.string() });

const list = <Entry extends z.ZodType>(entry: Entry) => okSchema.extend({ searchlist: z.array(entry) });

export const bookSearchList = endpoint({
  method: 'GET',
  path: '/typeahead2/book',
  ok: list(bookEntrySchema),
  fail: failSchema,
});
export const stockSearchList = endpoint({
  method: 'GET',
  path: '/typeahead2/stock',
  ok: list(stockEntrySchema),
  fail: failSchema,
});
export const sharingpaperSearchList = endpoint({
  method: 'GET',
  path: '/typeahead2/sharingpaper',
  ok: list(sharingpaperEntrySchema),
  fail: failSchema,
});
export const propertySearchList = endpoint({
  method: 'GET',
  path: '/typeahead2/property',
  ok: list(propertyEntrySchema),
  fail: failSchema,
});
