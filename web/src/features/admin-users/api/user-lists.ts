import type { OkOf } from '@club/api/contracts/shared';
import type * as userLists from '@club/api/contracts/user-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// AdminUserRecentDebtList's calls (api/src/contracts/user-lists.ts): recent (staff) and debt (sql).

export type UserListKind = 'recent' | 'debt';

export type UserListResponse = OkOf<typeof userLists.recentUserList>;
export type ListedUser = UserListResponse['list'][number];

const userListCalls = {
  recent: endpoint<typeof userLists.recentUserList>('GET', '/admin/user/list/recent'),
  debt: endpoint<typeof userLists.debtUserList>('GET', '/admin/user/list/debt'),
};

export const getUserList = (kind: UserListKind, signal?: AbortSignal): Promise<UserListResponse> =>
  okOrThrow(userListCalls[kind]({}, withSignal(signal)));

export const userListQueryOptions = (kind: UserListKind) =>
  queryOptions({
    queryKey: ['admin', 'user', 'list', kind],
    queryFn: ({ signal }) => getUserList(kind, signal),
  });

export const useUserList = (kind: UserListKind) => useQuery(userListQueryOptions(kind));
