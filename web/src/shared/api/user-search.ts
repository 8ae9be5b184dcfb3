import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as points from '@club/api/contracts/points';
import type { OkOf } from '@club/api/contracts/shared';
import { endpoint, okOrThrow, withSignal } from './endpoint';

// The staff area's person search (docs/api.md: GET /api/admin/point/users, staff or the point
// authority): at most 6 people whose pk, pkstr or name matches. The staff pages that pick a person
// (roster add, permissions, transaction modify) share it.

export type PersonRef = OkOf<typeof points.pointUserSearch>['list'][number];

const pointUserSearchCall = endpoint<typeof points.pointUserSearch>('GET', '/admin/point/users');

export const searchPeople = (keyword: string, signal?: AbortSignal) =>
  okOrThrow(pointUserSearchCall({ query: { keyword } }, withSignal(signal)));

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
