// The book library: one stream `library` decides the catalogue and every loan, so "a book is lent once"
// and "at most 5 books a member" are decided in one place (the club's library is a few thousand books
// and a few loans a day). Money does not move here: a late return records its fine, and the service
// posts it to the ledger with a transfer id derived from the loan (docs/loans.md).
import { z } from 'zod';
import { type Decider, type Rejection, reject } from '../decider.ts';
import { instantSchema } from '../ledger/events.ts';
import { bookDueAt, bookFineCents, LIBRARY_MAX_BOOKS, overdueDays } from './rules.ts';

export const LIBRARY_STREAM = 'library';

const pkSchema = z.number().int().positive();
const actorSchema = pkSchema.nullable();

export const bookFieldsSchema = z.object({
  barcode: z.string().min(1).max(64),
  isbn: z.string().max(32),
  title: z.string().min(1).max(300),
  author: z.string().max(200),
  publisher: z.string().max(200),
  classificationName: z.string().max(60),
  classificationColor: z.string().max(30),
  allowBorrow: z.boolean(),
});
export type BookFields = z.infer<typeof bookFieldsSchema>;

export const libraryEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('BookAdded'),
    data: z.object({
      bookPk: pkSchema,
      book: bookFieldsSchema,
      requestKey: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('BookEdited'),
    data: z.object({ bookPk: pkSchema, book: bookFieldsSchema, actorPk: actorSchema, at: instantSchema }),
  }),
  z.object({
    type: z.literal('BooksBorrowed'),
    data: z.object({
      userPk: pkSchema,
      loans: z.array(z.object({ loanPk: pkSchema, bookPk: pkSchema })).min(1),
      at: instantSchema,
      dueAt: instantSchema,
      requestKey: z.string().max(300),
      fingerprint: z.string().max(2000),
      actorPk: actorSchema,
    }),
  }),
  z.object({
    type: z.literal('BooksReturned'),
    data: z.object({
      returns: z
        .array(
          z.object({
            loanPk: pkSchema,
            bookPk: pkSchema,
            userPk: pkSchema,
            overdueDays: z.number().int().nonnegative(),
            fineCents: z.number().int().nonnegative(),
          }),
        )
        .min(1),
      at: instantSchema,
      requestKey: z.string().max(300),
      fingerprint: z.string().max(2000),
      actorPk: actorSchema,
    }),
  }),
]);
export type LibraryEvent = z.infer<typeof libraryEventSchema>;

export interface BookState extends BookFields {
  pk: number;
  /** The loan that has it out, or null. */
  outLoanPk: number | null;
}

/** A loan: out until returned (status-tagged, STYLE.md). */
export type BookLoan =
  | { status: 'out'; loanPk: number; bookPk: number; userPk: number; at: string; dueAt: string }
  | {
      status: 'returned';
      loanPk: number;
      bookPk: number;
      userPk: number;
      at: string;
      dueAt: string;
      returnedAt: string;
      overdueDays: number;
      fineCents: number;
      /** Who took it back: the fine's posting names them, on every repeat. */
      returnActorPk: number | null;
    };

export interface LibraryState {
  books: ReadonlyMap<number, BookState>;
  byBarcode: ReadonlyMap<string, number>;
  loans: ReadonlyMap<number, BookLoan>;
  /** Loans out per member. */
  outByUser: ReadonlyMap<number, readonly number[]>;
  /** Each request's fingerprint and what it produced (book pk or loan pks). */
  requests: ReadonlyMap<string, { fingerprint: string; pks: readonly number[] }>;
  lastBookPk: number;
  lastLoanPk: number;
}

export type LibraryCommand =
  | { type: 'AddBook'; book: BookFields; requestKey: string; actorPk: number | null }
  | { type: 'EditBook'; bookPk: number; book: BookFields; actorPk: number | null }
  | {
      type: 'BorrowBooks';
      userPk: number;
      barcodes: readonly string[];
      requestKey: string;
      actorPk: number | null;
      /** Looked-up fact: the borrower is a current member. */
      isMember: boolean;
    }
  | {
      type: 'ReturnBooks';
      barcodes: readonly string[];
      requestKey: string;
      actorPk: number | null;
      /** A member at the counter may return only their own books; staff any (null). */
      onlyUserPk: number | null;
    };

export type LibraryReason =
  | 'notfound'
  | 'notallowed'
  | 'out'
  | 'limit'
  | 'expired'
  | 'notmember'
  | 'notout'
  | 'notborrower'
  | 'empty'
  | 'duplicated'
  | 'mismatch';

export const initialLibraryState = (): LibraryState => ({
  books: new Map(),
  byBarcode: new Map(),
  loans: new Map(),
  outByUser: new Map(),
  requests: new Map(),
  lastBookPk: 0,
  lastLoanPk: 0,
});

/** Barcodes are compared trimmed and upper-cased (a scanner and a typist may differ in case). */
export const normaliseBarcode = (barcode: string): string => barcode.trim().toUpperCase();

const fingerprintOf = (kind: string, userPk: number | null, barcodes: readonly string[]): string =>
  `${kind}:${userPk ?? ''}:${[...barcodes].map(normaliseBarcode).sort().join(',')}`;

/** The first loan of this member that is out past its due time at `now`, if any. */
export const overdueLoanOf = (state: LibraryState, userPk: number, now: Date): BookLoan | undefined =>
  (state.outByUser.get(userPk) ?? [])
    .map((loanPk) => state.loans.get(loanPk))
    .find((loan) => loan !== undefined && overdueDays(new Date(loan.dueAt), now) > 0);

function decide(
  command: LibraryCommand,
  state: LibraryState,
  now: Date,
): LibraryEvent[] | Rejection<LibraryReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'AddBook': {
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === `add:${command.book.barcode}` ? [] : reject('mismatch');
      if (state.byBarcode.has(normaliseBarcode(command.book.barcode))) return reject('duplicated');
      return [
        {
          type: 'BookAdded',
          data: {
            bookPk: state.lastBookPk + 1,
            book: command.book,
            requestKey: command.requestKey,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'EditBook': {
      const book = state.books.get(command.bookPk);
      if (!book) return reject('notfound');
      const owner = state.byBarcode.get(normaliseBarcode(command.book.barcode));
      if (owner !== undefined && owner !== command.bookPk) return reject('duplicated');
      return [
        {
          type: 'BookEdited',
          data: { bookPk: command.bookPk, book: command.book, actorPk: command.actorPk, at },
        },
      ];
    }
    case 'BorrowBooks': {
      const fingerprint = fingerprintOf('borrow', command.userPk, command.barcodes);
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      if (command.barcodes.length === 0) return reject('empty');
      const barcodes = command.barcodes.map(normaliseBarcode);
      const duplicate = barcodes.find((barcode, index) => barcodes.indexOf(barcode) !== index);
      if (duplicate !== undefined) return reject('duplicated', { barcode: duplicate });
      if (!command.isMember) return reject('notmember');
      const books: BookState[] = [];
      for (const barcode of barcodes) {
        const bookPk = state.byBarcode.get(barcode);
        const book = bookPk === undefined ? undefined : state.books.get(bookPk);
        if (!book) return reject('notfound', { barcode });
        if (!book.allowBorrow) return reject('notallowed', { barcode });
        if (book.outLoanPk !== null) return reject('out', { barcode });
        books.push(book);
      }
      if (overdueLoanOf(state, command.userPk, now)) return reject('expired');
      const alreadyOut = state.outByUser.get(command.userPk)?.length ?? 0;
      if (alreadyOut + books.length > LIBRARY_MAX_BOOKS) return reject('limit');
      return [
        {
          type: 'BooksBorrowed',
          data: {
            userPk: command.userPk,
            loans: books.map((book, index) => ({ loanPk: state.lastLoanPk + 1 + index, bookPk: book.pk })),
            at,
            dueAt: bookDueAt(now).toISOString(),
            requestKey: command.requestKey,
            fingerprint,
            actorPk: command.actorPk,
          },
        },
      ];
    }
    case 'ReturnBooks': {
      const fingerprint = fingerprintOf('return', command.onlyUserPk, command.barcodes);
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      if (command.barcodes.length === 0) return reject('empty');
      const barcodes = command.barcodes.map(normaliseBarcode);
      const duplicate = barcodes.find((barcode, index) => barcodes.indexOf(barcode) !== index);
      if (duplicate !== undefined) return reject('duplicated', { barcode: duplicate });
      const returns = [];
      for (const barcode of barcodes) {
        const bookPk = state.byBarcode.get(barcode);
        const book = bookPk === undefined ? undefined : state.books.get(bookPk);
        if (!book) return reject('notfound', { barcode });
        const loan = book.outLoanPk === null ? undefined : state.loans.get(book.outLoanPk);
        if (loan?.status !== 'out') return reject('notout', { barcode });
        if (command.onlyUserPk !== null && loan.userPk !== command.onlyUserPk)
          return reject('notborrower', { barcode });
        const dueAt = new Date(loan.dueAt);
        returns.push({
          loanPk: loan.loanPk,
          bookPk: book.pk,
          userPk: loan.userPk,
          overdueDays: overdueDays(dueAt, now),
          fineCents: bookFineCents(dueAt, now),
        });
      }
      return [
        {
          type: 'BooksReturned',
          data: { returns, at, requestKey: command.requestKey, fingerprint, actorPk: command.actorPk },
        },
      ];
    }
  }
}

function evolve(state: LibraryState, event: LibraryEvent): LibraryState {
  switch (event.type) {
    case 'BookAdded': {
      const { bookPk, book, requestKey } = event.data;
      const books = new Map(state.books).set(bookPk, { ...book, pk: bookPk, outLoanPk: null });
      const byBarcode = new Map(state.byBarcode).set(normaliseBarcode(book.barcode), bookPk);
      const requests = new Map(state.requests).set(requestKey, {
        fingerprint: `add:${book.barcode}`,
        pks: [bookPk],
      });
      return { ...state, books, byBarcode, requests, lastBookPk: Math.max(state.lastBookPk, bookPk) };
    }
    case 'BookEdited': {
      const { bookPk, book } = event.data;
      const previous = state.books.get(bookPk);
      if (!previous) return state;
      const byBarcode = new Map(state.byBarcode);
      byBarcode.delete(normaliseBarcode(previous.barcode));
      byBarcode.set(normaliseBarcode(book.barcode), bookPk);
      const books = new Map(state.books).set(bookPk, { ...previous, ...book });
      return { ...state, books, byBarcode };
    }
    case 'BooksBorrowed': {
      const { userPk, loans: lent, at, dueAt, requestKey, fingerprint } = event.data;
      const books = new Map(state.books);
      const loans = new Map(state.loans);
      for (const { loanPk, bookPk } of lent) {
        const book = books.get(bookPk);
        if (book) books.set(bookPk, { ...book, outLoanPk: loanPk });
        loans.set(loanPk, { status: 'out', loanPk, bookPk, userPk, at, dueAt });
      }
      const outByUser = new Map(state.outByUser).set(userPk, [
        ...(state.outByUser.get(userPk) ?? []),
        ...lent.map((loan) => loan.loanPk),
      ]);
      const requests = new Map(state.requests).set(requestKey, {
        fingerprint,
        pks: lent.map((loan) => loan.loanPk),
      });
      const lastLoanPk = Math.max(state.lastLoanPk, ...lent.map((loan) => loan.loanPk));
      return { ...state, books, loans, outByUser, requests, lastLoanPk };
    }
    case 'BooksReturned': {
      const { returns, at, requestKey, fingerprint, actorPk } = event.data;
      const books = new Map(state.books);
      const loans = new Map(state.loans);
      const outByUser = new Map(state.outByUser);
      for (const returned of returns) {
        const book = books.get(returned.bookPk);
        if (book) books.set(returned.bookPk, { ...book, outLoanPk: null });
        const loan = loans.get(returned.loanPk);
        if (loan)
          loans.set(returned.loanPk, {
            ...loan,
            status: 'returned',
            returnedAt: at,
            overdueDays: returned.overdueDays,
            fineCents: returned.fineCents,
            returnActorPk: actorPk,
          });
        outByUser.set(
          returned.userPk,
          (outByUser.get(returned.userPk) ?? []).filter((loanPk) => loanPk !== returned.loanPk),
        );
      }
      const requests = new Map(state.requests).set(requestKey, {
        fingerprint,
        pks: returns.map((returned) => returned.loanPk),
      });
      return { ...state, books, loans, outByUser, requests };
    }
    default:
      return state;
  }
}

export const libraryDecider: Decider<LibraryCommand, LibraryEvent, LibraryState, LibraryReason> = {
  initialState: initialLibraryState,
  decide,
  evolve,
};

/** The ledger transfer id of a loan's fine: one per loan, so a repeated settle posts it once. */
export const bookFineTransferId = (loanPk: number): string => `library-fine:${loanPk}`;
