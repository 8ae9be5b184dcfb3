import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

// The staff area's person search (docs/api.md: GET /api/admin/point/users, staff or the point
// authority): at most 6 people whose pk, pkstr or name matches. The staff pages that pick a person
// (roster add, permissions, transaction modify) share it.

export interface PersonRef {
  pk: number;
  pkstr: string;
  name: string;
}

export const searchPeople = (keyword: string, signal?: AbortSignal) =>
  api.get<{ status: 'ok'; list: PersonRef[] }>(
    `/admin/point/users?keyword=${encodeURIComponent(keyword)}`,
    signal ? { signal } : {},
  );

export const peopleSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['people-search', keyword],
    queryFn: ({ signal }) => searchPeople(keyword, signal),
    enabled: keyword.trim() !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { quietForbidden: true },
  });

export const usePeopleSearch = (keyword: string) => useQuery(peopleSearchQueryOptions(keyword));
