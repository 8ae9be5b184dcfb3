import type { OkOf } from '@club/api/contracts/shared';
import type * as system from '@club/api/contracts/system';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The system area's calls (api/src/contracts/system.ts): the status lists and the log pages.

export type SystemStatus = OkOf<typeof system.systemStatus>;
export type StatusItem = SystemStatus['problem'][number];
export type LoginLogRow = OkOf<typeof system.loginLog>['loglist'][number];
export type UserChangeLogRow = OkOf<typeof system.userChangeLog>['loglist'][number];
export type UserSearchLogRow = OkOf<typeof system.userSearchLog>['loglist'][number];

const calls = {
  status: endpoint<typeof system.systemStatus>('GET', '/admin/system/status'),
  loginLog: endpoint<typeof system.loginLog>('GET', '/admin/system/login/log/:page'),
  userChangeLog: endpoint<typeof system.userChangeLog>('GET', '/admin/system/user/change/log/:page'),
  userSearchLog: endpoint<typeof system.userSearchLog>('GET', '/admin/system/user/search/log/:page'),
};

const systemKey = ['admin', 'system'] as const;

/** The member home's system button shares this query for its problem count. */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...systemKey, 'status'],
    queryFn: ({ signal }) => okOrThrow(calls.status({}, withSignal(signal))),
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());

const pageParams = (page: number) => ({ params: { page: String(page) } });

export const useLoginLog = (page: number) =>
  useQuery({
    queryKey: [...systemKey, 'login', page],
    queryFn: ({ signal }) => okOrThrow(calls.loginLog(pageParams(page), withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const useUserChangeLog = (page: number) =>
  useQuery({
    queryKey: [...systemKey, 'userchange', page],
    queryFn: ({ signal }) => okOrThrow(calls.userChangeLog(pageParams(page), withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const useUserSearchLog = (page: number) =>
  useQuery({
    queryKey: [...systemKey, 'usersearch', page],
    queryFn: ({ signal }) => okOrThrow(calls.userSearchLog(pageParams(page), withSignal(signal))),
    placeholderData: keepPreviousData,
  });
