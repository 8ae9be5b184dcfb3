// The book library's routes (api/src/contracts/loans.ts; docs/loans.md): the catalogue, staff edits and
// the CSV import, borrow and return at the counter or by staff, the histories.
import type { BookFields } from '@club/core/loans/library';
import { parse } from 'csv-parse/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/loans.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { bookLogView, bookView, overdueBookLoans, pagedRows } from '../views/loans.ts';
import { borrowerOf, cleanText, isStaff, loanFail } from './loans-common.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, scopedKey } from './stock-purchase.ts';

const MAX_IMPORT_ROWS = 5000;
const COLOR = /^#[0-9a-fA-F]{3,8}$|^[a-z]{3,20}$/;

/** A book's fields from a form or a CSV row, or the names of the fields that are wrong. */
function bookFieldsOf(
  input: {
    barcode?: string;
    isbn?: string;
    title?: string;
    author?: string;
    publisher?: string;
    classification?: { name?: string; color?: string };
    allowborrow?: boolean;
  },
  previous?: BookFields,
): { ok: true; book: BookFields } | { ok: false; fields: string[] } {
  const book: BookFields = {
    barcode: cleanText(input.barcode ?? previous?.barcode).toUpperCase(),
    isbn: cleanText(input.isbn ?? previous?.isbn).replace(/[\s-]/g, ''),
    title: cleanText(input.title ?? previous?.title),
    author: cleanText(input.author ?? previous?.author),
    publisher: cleanText(input.publisher ?? previous?.publisher),
    classificationName: cleanText(input.classification?.name ?? previous?.classificationName),
    classificationColor: cleanText(input.classification?.color ?? previous?.classificationColor),
    allowBorrow: input.allowborrow ?? previous?.allowBorrow ?? true,
  };
  const fields: string[] = [];
  if (!/^[0-9A-Z._-]{1,64}$/.test(book.barcode)) fields.push('barcode');
  if (book.isbn !== '' && !/^(\d{9}[\dX]|\d{13})$/i.test(book.isbn)) fields.push('isbn');
  if (book.title === '') fields.push('title');
  if (book.classificationColor !== '' && !COLOR.test(book.classificationColor)) fields.push('classification');
  return fields.length > 0 ? { ok: false, fields } : { ok: true, book };
}

const NO = new Set(['0', 'no', 'n', 'false', '否', '不可', '不可借']);

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const model = () => services.projections.models.loans;
  const user = requireRole('user');
  const staff = requireRole('staff');

  app.get(
    contract.library.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'The book catalogue with search',
        params: contract.library.params,
        querystring: contract.library.query,
        response: responsesOf(contract.library),
      },
    },
    async (request) => {
      const page = Number(request.params.page);
      const words = cleanText(request.query.keyword).toLowerCase().split(/\s+/).filter(Boolean);
      const books = [...model().library.books.values()]
        .filter((book) => {
          const text = [
            book.barcode,
            book.isbn,
            book.title,
            book.author,
            book.publisher,
            book.classificationName,
          ]
            .join(' ')
            .toLowerCase();
          return words.every((word) => text.includes(word));
        })
        .sort((a, b) => a.barcode.localeCompare(b.barcode));
      const { rows, pager } = pagedRows(books, page);
      return {
        status: 'ok' as const,
        loglist: rows.map(bookView),
        pager,
        borrowcount: model().library.outByUser.get(request.viewer!.row.pk)?.length ?? 0,
        bookTotal: model().library.books.size,
      };
    },
  );

  app.post(
    contract.createBook.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Add a book',
        body: contract.createBook.body,
        response: responsesOf(contract.createBook),
      },
    },
    async (request) => {
      const fields = bookFieldsOf(request.body);
      if (!fields.ok) return loanFail('invalid', { fields: fields.fields });
      const key = scopedKey('book', idempotencyKey(request, request.body.requestId));
      const added = await services.loans.addBook(fields.book, key, ledgerRequestOf(request, services));
      if (!added.ok) return loanFail(added.reason);
      await services.projections.waitFor(added.position);
      const pk = added.state.requests.get(key)?.pks[0];
      const book = pk === undefined ? undefined : model().library.books.get(pk);
      if (!book) throw new Error(`book ${key} missing after its creation`);
      return { status: 'ok' as const, book: bookView(book) };
    },
  );

  app.get(
    contract.getBook.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'One book with its loans',
        params: contract.getBook.params,
        response: responsesOf(contract.getBook),
      },
    },
    async (request) => {
      const pk = Number(request.params.pk);
      const book = model().library.books.get(pk);
      if (!book) return loanFail('notfound');
      const now = services.now();
      const loans = [...model().library.loans.values()].filter((loan) => loan.bookPk === pk).reverse();
      return {
        status: 'ok' as const,
        book: bookView(book),
        loglist: loans.map((loan) => bookLogView(services, loan, now)),
      };
    },
  );

  app.put(
    contract.editBook.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Edit a book',
        params: contract.editBook.params,
        body: contract.editBook.body,
        response: responsesOf(contract.editBook),
      },
    },
    async (request) => {
      const pk = Number(request.params.pk);
      const previous = model().library.books.get(pk);
      if (!previous) return loanFail('notfound');
      const fields = bookFieldsOf(request.body, previous);
      if (!fields.ok) return loanFail('invalid', { fields: fields.fields });
      const edited = await services.loans.libraryCommand(
        { type: 'EditBook', bookPk: pk, book: fields.book, actorPk: request.viewer!.row.pk },
        ledgerRequestOf(request, services),
      );
      if (!edited.ok) return loanFail(edited.reason);
      await services.projections.waitFor(edited.position);
      return { status: 'ok' as const, book: bookView(model().library.books.get(pk)!) };
    },
  );

  app.post(
    contract.importBooks.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Import a catalogue from CSV',
        body: contract.importBooks.body,
        response: responsesOf(contract.importBooks),
      },
    },
    async (request) => {
      let records: Record<string, string>[];
      try {
        records = parse(request.body.csv.replace(/^\uFEFF/, ''), {
          columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
          skip_empty_lines: true,
          relax_column_count: true,
          trim: true,
        });
      } catch {
        return loanFail('invalid');
      }
      if (records.length > MAX_IMPORT_ROWS || records.length === 0) return loanFail('invalid');
      const columns = Object.keys(records[0]!);
      if (!columns.includes('barcode') || !columns.includes('title')) return loanFail('invalid');
      const result = {
        created: 0,
        updated: 0,
        unchanged: 0,
        skipped: [] as { line: number; reason: 'nobarcode' | 'notitle' | 'duplicated' }[],
      };
      const seen = new Set<string>();
      const ledgerRequest = ledgerRequestOf(request, services);
      for (const [index, record] of records.entries()) {
        const line = index + 2;
        const barcode = cleanText(record.barcode).toUpperCase();
        if (barcode === '') {
          result.skipped.push({ line, reason: 'nobarcode' });
          continue;
        }
        if (seen.has(barcode)) {
          result.skipped.push({ line, reason: 'duplicated' });
          continue;
        }
        seen.add(barcode);
        const existingPk = model().library.byBarcode.get(barcode);
        const previous = existingPk === undefined ? undefined : model().library.books.get(existingPk);
        const allow =
          record.allowborrow === undefined || record.allowborrow === ''
            ? undefined
            : !NO.has(record.allowborrow.toLowerCase());
        // An empty cell keeps what the book has (a partial sheet updates only what it lists).
        const cell = (name: string) => (record[name] ? record[name] : undefined);
        const fields = bookFieldsOf(
          {
            barcode,
            isbn: cell('isbn'),
            title: cell('title'),
            author: cell('author'),
            publisher: cell('publisher'),
            classification: { name: cell('classification'), color: cell('color') },
            allowborrow: allow,
          },
          previous,
        );
        if (!fields.ok) {
          result.skipped.push({ line, reason: fields.fields.includes('title') ? 'notitle' : 'nobarcode' });
          continue;
        }
        if (
          previous &&
          JSON.stringify({ ...previous, pk: 0, outLoanPk: null }) ===
            JSON.stringify({ ...previous, ...fields.book, pk: 0, outLoanPk: null })
        ) {
          result.unchanged += 1;
          continue;
        }
        if (request.body.dryRun) {
          if (previous) result.updated += 1;
          else result.created += 1;
          continue;
        }
        const done = previous
          ? await services.loans.libraryCommand(
              { type: 'EditBook', bookPk: previous.pk, book: fields.book, actorPk: request.viewer!.row.pk },
              ledgerRequest,
            )
          : await services.loans.addBook(fields.book, scopedKey('book-import', barcode), ledgerRequest);
        if (!done.ok) result.skipped.push({ line, reason: 'duplicated' });
        else if (previous) result.updated += 1;
        else result.created += 1;
        if (done.ok) await services.projections.waitFor(done.position);
      }
      return { status: 'ok' as const, ...result };
    },
  );

  app.post(
    contract.borrowBooks.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'Borrow books (counter or staff)',
        body: contract.borrowBooks.body,
        response: responsesOf(contract.borrowBooks),
      },
    },
    async (request, reply) => {
      const borrower = borrowerOf(request, reply, services, request.body.userpk);
      if (!borrower) return reply;
      const key = scopedKey(`borrow-${borrower.row.pk}`, idempotencyKey(request, request.body.requestId));
      const borrowed = await services.loans.libraryCommand(
        {
          type: 'BorrowBooks',
          userPk: borrower.row.pk,
          barcodes: request.body.barcodes.map(cleanText),
          requestKey: key,
          actorPk: request.viewer!.row.pk,
          isMember: borrower.ismember,
        },
        ledgerRequestOf(request, services),
      );
      if (!borrowed.ok) return loanFail(borrowed.reason, borrowed.detail ?? {});
      await services.projections.waitFor(borrowed.position);
      const now = services.now();
      const loanPks = borrowed.state.requests.get(key)?.pks ?? [];
      return {
        status: 'ok' as const,
        loglist: loanPks.flatMap((loanPk) => {
          const loan = model().library.loans.get(loanPk);
          return loan ? [bookLogView(services, loan, now)] : [];
        }),
        borrowcount: model().library.outByUser.get(borrower.row.pk)?.length ?? 0,
      };
    },
  );

  app.post(
    contract.returnBooks.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'Return books (counter or staff); a late return charges its fine',
        body: contract.returnBooks.body,
        response: responsesOf(contract.returnBooks),
      },
    },
    async (request, reply) => {
      const borrower = borrowerOf(request, reply, services, undefined);
      if (!borrower) return reply;
      const staffReturn = isStaff(request);
      const key = scopedKey('return', idempotencyKey(request, request.body.requestId));
      const returned = await services.loans.libraryCommand(
        {
          type: 'ReturnBooks',
          barcodes: request.body.barcodes.map(cleanText),
          requestKey: key,
          actorPk: request.viewer!.row.pk,
          onlyUserPk: staffReturn ? null : borrower.row.pk,
        },
        ledgerRequestOf(request, services),
      );
      if (!returned.ok) return loanFail(returned.reason, returned.detail ?? {});
      await services.projections.waitFor(returned.position);
      const now = services.now();
      const loglist = (returned.state.requests.get(key)?.pks ?? []).flatMap((loanPk) => {
        const loan = model().library.loans.get(loanPk);
        return loan ? [bookLogView(services, loan, now)] : [];
      });
      return { status: 'ok' as const, loglist, fine: loglist.reduce((sum, row) => sum + row.fine, 0) };
    },
  );

  app.get(
    contract.userLibraryHistory.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'My book loans',
        params: contract.userLibraryHistory.params,
        response: responsesOf(contract.userLibraryHistory),
      },
    },
    async (request) => {
      const now = services.now();
      const mine = [...model().library.loans.values()]
        .filter((loan) => loan.userPk === request.viewer!.row.pk)
        .reverse();
      const { rows, pager } = pagedRows(mine, Number(request.params.page));
      return { status: 'ok' as const, loglist: rows.map((loan) => bookLogView(services, loan, now)), pager };
    },
  );

  app.get(
    contract.adminLibraryHistory.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Every book loan, or the overdue ones',
        params: contract.adminLibraryHistory.params,
        response: responsesOf(contract.adminLibraryHistory),
      },
    },
    async (request) => {
      const now = services.now();
      const loans =
        request.params.filter === 'due'
          ? overdueBookLoans(services, now)
          : [...model().library.loans.values()].reverse();
      const { rows, pager } = pagedRows(loans, Number(request.params.page));
      return { status: 'ok' as const, loglist: rows.map((loan) => bookLogView(services, loan, now)), pager };
    },
  );
};
