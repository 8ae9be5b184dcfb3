import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// AdminUserRecentDebtList's call (docs/api.md): recent (staff) and debt (the sql authority).

export type UserListKind = 'recent' | 'debt';

export interface ListedUser {
  pk: number;
  pkstr: string;
  name: string;
  /** '1' male, '2' female. */
  sex: string;
  stuid: string;
  studepartment: string;
  email: string;
  mobile: string;
  facebook: string;
  laststaff: string | null;
  lastmember: string | null;
  lastworkshop: string | null;
  point: number;
  discount: number;
  /** Stored-value balance, NTD. */
  balance: number;
  registertime: string;
}

export interface UserListResponse {
  status: 'ok';
  list: ListedUser[];
}

export const getUserList = (kind: UserListKind, signal?: AbortSignal) =>
  api.get<UserListResponse>(`/admin/user/list/${kind}`, signal ? { signal } : {});

export const userListQueryOptions = (kind: UserListKind) =>
  queryOptions({
    queryKey: ['admin', 'user', 'list', kind],
    queryFn: ({ signal }) => getUserList(kind, signal),
  });

export const useUserList = (kind: UserListKind) => useQuery(userListQueryOptions(kind));
