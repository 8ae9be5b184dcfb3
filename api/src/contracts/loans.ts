// Loans, part 1: the book library (document 1: Library, UserLibraryHistory, the member home's borrowed and
// overdue lists; document 3: AdminLibraryHistory with the `due` filter, the library rule: 5 books, 30
// days, no renewal, a fine of 5 per book per overdue day). Equipment is in loans-property.ts, shared
// darkroom paper in loans-paper.ts. docs/loans.md explains the decisions.
//
// Units at this edge: money in whole NTD, times as ISO instants. Every refusal is `status: 'fail'` with a
// reason from the list next to the call; `barcode` names the book a refusal is about.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pagerSchema, personRefSchema, requestIdSchema } from './shared.ts';

// --- Shapes ---

/** A book's classification (document 1: Book.classification). `color` is a CSS colour ('#c0392b'). */
export const bookClassificationSchema = z.object({ name: z.string(), color: z.string() });

/** A book in the catalogue (document 1, section 3: Book). */
export const bookSchema = z.object({
  pk: z.number(),
  barcode: z.string(),
  isbn: z.string(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  classification: bookClassificationSchema,
  /** Lent out right now. */
  out: z.boolean(),
  /** May be borrowed (reference books may not). */
  allowborrow: z.boolean(),
});

/**
 * A book loan (document 1: Book log; document 3: Book borrow log). `expired`: past its due time and not
 * returned, or returned late; `expiredays` the overdue days counted so far (or at the return), each
 * started day counts. `fine` is what the late return charged (NTD; 0 when on time or not returned).
 */
export const bookLogSchema = z.object({
  /** 'BLOG-{pk}'. */
  pk: z.string(),
  user: personRefSchema,
  book: z.object({ pk: z.number(), barcode: z.string(), title: z.string() }),
  borrowtime: z.string(),
  /** borrowtime + 30 days. */
  duetime: z.string(),
  returntime: z.string().nullable(),
  expired: z.boolean(),
  expiredays: z.number(),
  fine: z.number(),
});

/** What `GET /api/user/check` lists in `user.bookborrowlist`: the member's books not yet returned. */
export const bookBorrowEntrySchema = z.object({
  pk: z.string(),
  barcode: z.string(),
  title: z.string(),
  borrowtime: z.string(),
  duetime: z.string(),
  expired: z.boolean(),
  expiredays: z.number(),
});

/** Library rules as constants the pages quote (document 3, section 9). */
export const LIBRARY_RULES = { maxBooks: 5, loanDays: 30, finePerBookPerDayNtd: 5 } as const;

// --- Catalogue ---

/**
 * The catalogue (document 1: Library), 20 books a page, ordered by barcode. `keyword` matches barcode,
 * ISBN, title, author, publisher and classification (case-insensitive, full-width folded). `borrowcount`:
 * how many books the viewer has borrowed now; `bookTotal`: books in the catalogue.
 */
export const library = endpoint({
  method: 'GET',
  path: '/library/:page',
  params: z.object({ page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  query: z.object({ keyword: z.string().max(100).optional() }),
  ok: okSchema.extend({
    loglist: z.array(bookSchema),
    pager: pagerSchema,
    borrowcount: z.number(),
    bookTotal: z.number(),
  }),
  fail: failSchema,
});

/** Book edit reasons: invalid (a field missing or malformed; `fields` names them), duplicated (barcode
 * taken), notfound. */
export const bookEditReasons = ['invalid', 'duplicated', 'notfound'] as const;
export const bookEditFailSchema = failSchema.extend({ fields: z.array(z.string()).optional() });

const bookFieldsSchema = z.object({
  barcode: z.string().max(64),
  isbn: z.string().max(32).optional(),
  title: z.string().max(300),
  author: z.string().max(200).optional(),
  publisher: z.string().max(200).optional(),
  classification: bookClassificationSchema.partial().optional(),
  allowborrow: z.boolean().optional(),
});

/** Staff add a book (document 3: manage library). */
export const createBook = endpoint({
  method: 'POST',
  path: '/admin/library/book',
  body: bookFieldsSchema.extend({ requestId: requestIdSchema }),
  ok: okSchema.extend({ book: bookSchema }),
  fail: bookEditFailSchema,
});

export const getBook = endpoint({
  method: 'GET',
  path: '/admin/library/book/:pk',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  ok: okSchema.extend({ book: bookSchema, loglist: z.array(bookLogSchema) }),
  fail: failSchema,
});

/** Staff edit a book; the fields sent replace the book's. */
export const editBook = endpoint({
  method: 'PUT',
  path: '/admin/library/book/:pk',
  params: z.object({ pk: z.string().regex(/^\d{1,9}$/) }),
  body: bookFieldsSchema,
  ok: okSchema.extend({ book: bookSchema }),
  fail: bookEditFailSchema,
});

/**
 * Import a catalogue from CSV text (UTF-8, first line the header). Columns by header name: barcode, isbn,
 * title, author, publisher, classification, color, allowborrow ('0'/'no'/'false'/'否' refuse; default
 * yes). A row whose barcode exists updates that book; a row with no barcode or title is skipped and
 * reported with its line number. `dryRun` reports without saving. Refusal: invalid (not CSV, no barcode
 * or title column, more than 5,000 rows).
 */
export const importBooks = endpoint({
  method: 'POST',
  path: '/admin/library/import',
  body: z.object({ csv: z.string().max(2_000_000), dryRun: z.boolean().optional() }),
  ok: okSchema.extend({
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    skipped: z.array(z.object({ line: z.number(), reason: z.enum(['nobarcode', 'notitle', 'duplicated']) })),
  }),
  fail: failSchema,
});

// --- Borrow and return ---

/**
 * Borrow and return reasons (the first refusal is answered; nothing is recorded when any book is
 * refused): notfound (no such barcode; `barcode`), notallowed (the book may not be borrowed), out (lent
 * already), limit (more than 5 books would be out), expired (the borrower has an overdue book), notmember
 * (the borrower is not a current member), nouser (staff named no borrower, or no such user), notout
 * (return of a book that is not lent), notborrower (a member returning someone else's book), empty (no
 * barcode), duplicated (a barcode twice in one request), forbidden (a member outside the store scope, or
 * naming another borrower), mismatch (the request id was used for other books).
 */
export const loanReasons = [
  'notfound',
  'notallowed',
  'out',
  'limit',
  'expired',
  'notmember',
  'nouser',
  'notout',
  'notborrower',
  'empty',
  'duplicated',
  'forbidden',
  'mismatch',
] as const;
export const loanFailSchema = failSchema.extend({ barcode: z.string().optional() });

/**
 * Borrow books at the counter (store scope: the signed-in member borrows for themselves) or by staff for
 * `userpk`. All or nothing.
 */
export const borrowBooks = endpoint({
  method: 'POST',
  path: '/library/borrow',
  body: z.object({
    userpk: z.number().int().positive().optional(),
    barcodes: z.array(z.string().max(64)).max(20),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ loglist: z.array(bookLogSchema), borrowcount: z.number() }),
  fail: loanFailSchema,
});

/**
 * Return books (store scope: the member's own; staff: any). A late return charges 5 NTD per book per
 * overdue day from the borrower's balance, into debt if need be (docs/loans.md); `fine` is the total.
 */
export const returnBooks = endpoint({
  method: 'POST',
  path: '/library/return',
  body: z.object({ barcodes: z.array(z.string().max(64)).max(20), requestId: requestIdSchema }),
  ok: okSchema.extend({ loglist: z.array(bookLogSchema), fine: z.number() }),
  fail: loanFailSchema,
});

// --- Histories ---

const historyOk = okSchema.extend({ loglist: z.array(bookLogSchema), pager: pagerSchema });

/** The member's own loans, newest first, 20 a page (document 1: UserLibraryHistory). */
export const userLibraryHistory = endpoint({
  method: 'GET',
  path: '/user/library/history/:page',
  params: z.object({ page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  ok: historyOk,
  fail: failSchema,
});

/** Every loan (`all`, newest first) or only the books out past their due time (`due`, oldest due first). */
export const adminLibraryHistory = endpoint({
  method: 'GET',
  path: '/admin/library/history/:filter/:page',
  params: z.object({ filter: z.enum(['all', 'due']), page: z.string().regex(/^[1-9]\d{0,6}$/) }),
  ok: historyOk,
  fail: failSchema,
});
