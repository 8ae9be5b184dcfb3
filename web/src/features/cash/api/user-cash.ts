import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// AdminUserSearch's calls (docs/api.md, staff cash): the user search, add value and take back.

export interface SearchedUser {
  pk: number;
  pkstr: string;
  name: string;
  stuid: string;
  studepartment: string;
  mobile: string;
  email: string;
  ismember: boolean;
  isstaff: boolean;
  lastmember: string | null;
  balance: number;
}

export type CashDirection = 'addvalue' | 'takeback';

export type CashChangeResponse =
  | {
      status: 'ok';
      user: { pk: number; pkstr: string; name: string; balance: number };
      trans: {
        pk: number;
        pkstr: string;
        timestamp: string;
        summary: string;
        summaryEn: string;
        delta: number;
      };
    }
  | { status: 'fail'; reason: string };

const searchKey = ['admin', 'user', 'search'] as const;

export const searchUsers = (keyword: string) =>
  api.post<{ status: 'ok'; list: SearchedUser[] }>('/admin/user/search', { keyword });

export const userSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...searchKey, keyword],
    queryFn: () => searchUsers(keyword),
    enabled: keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (keyword: string) => useQuery(userSearchQueryOptions(keyword));

export const changeCash = (input: {
  direction: CashDirection;
  userpk: number;
  amount: number;
  requestId: string;
}) =>
  api.post<CashChangeResponse>(`/admin/cash/${input.direction}`, {
    userpk: input.userpk,
    amount: input.amount,
    requestId: input.requestId,
  });

export function useChangeCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'cash'],
    mutationFn: changeCash,
    // Balances in the search results have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKey }),
  });
}
