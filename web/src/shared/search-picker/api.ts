// The picker lists of the kinds other than user (GET /typeahead2/{kind}), cached per kind for 5 minutes
// as the user list is (features/money/api/money.ts). Until a kind's domain exists its list is empty.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as typeahead from '@club/api/contracts/typeahead';
import { endpoint, okOrThrow, withSignal } from '../api/endpoint';
import type { BookEntry, PropertyEntry, SharingpaperEntry, StockEntry } from './kinds';

const calls = {
  book: endpoint<typeof typeahead.bookSearchList>('GET', '/typeahead2/book'),
  stock: endpoint<typeof typeahead.stockSearchList>('GET', '/typeahead2/stock'),
  sharingpaper: endpoint<typeof typeahead.sharingpaperSearchList>('GET', '/typeahead2/sharingpaper'),
  property: endpoint<typeof typeahead.propertySearchList>('GET', '/typeahead2/property'),
};

interface EntryOfKind {
  book: BookEntry;
  stock: StockEntry;
  sharingpaper: SharingpaperEntry;
  property: PropertyEntry;
}
export type SearchKind = keyof EntryOfKind;

const listOf: { [Kind in SearchKind]: (signal?: AbortSignal) => Promise<EntryOfKind[Kind][]> } = {
  book: async (signal) => (await okOrThrow(calls.book({}, withSignal(signal)))).searchlist,
  stock: async (signal) => (await okOrThrow(calls.stock({}, withSignal(signal)))).searchlist,
  sharingpaper: async (signal) => (await okOrThrow(calls.sharingpaper({}, withSignal(signal)))).searchlist,
  property: async (signal) => (await okOrThrow(calls.property({}, withSignal(signal)))).searchlist,
};

export const searchListQueryOptions = <Kind extends SearchKind>(kind: Kind) =>
  queryOptions({
    queryKey: ['typeahead2', kind],
    queryFn: ({ signal }) => (listOf[kind] as (signal?: AbortSignal) => Promise<EntryOfKind[Kind][]>)(signal),
    staleTime: 5 * 60_000,
  });

export const useSearchList = <Kind extends SearchKind>(kind: Kind) => useQuery(searchListQueryOptions(kind));
