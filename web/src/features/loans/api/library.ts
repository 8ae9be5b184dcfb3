// The library calls (api/src/contracts/loans.ts; docs/loans.md). Types come from the contract.
import type * as loans from '@club/api/contracts/loans';
import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallOptions } from '../../../shared/api/endpoint';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

export type LibraryData = OkOf<typeof loans.library>;
export type Book = LibraryData['loglist'][number];
export type BookLog = OkOf<typeof loans.userLibraryHistory>['loglist'][number];
export type BookFields = BodyOf<typeof loans.editBook>;
export type ImportResult = OkOf<typeof loans.importBooks>;
export type LibraryFilter = 'all' | 'due';
/** The counter kiosk sends Scope: store (docs/loans.md, who lends). */
export type ClientScope = 'main' | 'store';

const calls = {
  library: endpoint<typeof loans.library>('GET', '/library/:page'),
  createBook: endpoint<typeof loans.createBook>('POST', '/admin/library/book'),
  getBook: endpoint<typeof loans.getBook>('GET', '/admin/library/book/:pk'),
  editBook: endpoint<typeof loans.editBook>('PUT', '/admin/library/book/:pk'),
  importBooks: endpoint<typeof loans.importBooks>('POST', '/admin/library/import'),
  borrow: endpoint<typeof loans.borrowBooks>('POST', '/library/borrow'),
  giveBack: endpoint<typeof loans.returnBooks>('POST', '/library/return'),
  userHistory: endpoint<typeof loans.userLibraryHistory>('GET', '/user/library/history/:page'),
  adminHistory: endpoint<typeof loans.adminLibraryHistory>('GET', '/admin/library/history/:filter/:page'),
};

const libraryKey = ['library'] as const;

export const libraryQueryOptions = (page: number, keyword: string) =>
  queryOptions({
    queryKey: [...libraryKey, 'catalogue', page, keyword],
    queryFn: ({ signal }) =>
      okOrThrow(
        calls.library(
          { params: { page: String(page) }, query: keyword === '' ? {} : { keyword } },
          withSignal(signal),
        ),
      ),
    placeholderData: (previous) => previous,
  });
export const useLibrary = (page: number, keyword: string) => useQuery(libraryQueryOptions(page, keyword));

export const useUserLibraryHistory = (page: number) =>
  useQuery({
    queryKey: [...libraryKey, 'user-history', page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.userHistory({ params: { page: String(page) } }, withSignal(signal))),
    placeholderData: (previous) => previous,
  });

export const useAdminLibraryHistory = (filter: LibraryFilter, page: number) =>
  useQuery({
    queryKey: [...libraryKey, 'admin-history', filter, page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.adminHistory({ params: { filter, page: String(page) } }, withSignal(signal))),
    placeholderData: (previous) => previous,
  });

export const useBook = (pk: string | null) =>
  useQuery({
    queryKey: [...libraryKey, 'book', pk],
    queryFn: ({ signal }) => okOrThrow(calls.getBook({ params: { pk: pk ?? '' } }, withSignal(signal))),
    enabled: pk !== null,
  });

const scoped = (scope: ClientScope): CallOptions => ({ scope });

export const createBook = (body: BodyOf<typeof loans.createBook>) => calls.createBook({ body });
export const editBook = (pk: number, body: BookFields) =>
  calls.editBook({ params: { pk: String(pk) }, body });
export const importBooks = (csv: string, dryRun: boolean) => calls.importBooks({ body: { csv, dryRun } });
export const borrowBooks = (body: BodyOf<typeof loans.borrowBooks>, scope: ClientScope) =>
  calls.borrow({ body }, scoped(scope));
export const returnBooks = (body: BodyOf<typeof loans.returnBooks>, scope: ClientScope) =>
  calls.giveBack({ body }, scoped(scope));

/** After a loan or an edit: the catalogue, the histories, the member's lists and balance. */
export const invalidateLibrary = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKey }),
    queryClient.invalidateQueries({ queryKey: ['user'] }),
    queryClient.invalidateQueries({ queryKey: ['typeahead2', 'book'] }),
  ]);
