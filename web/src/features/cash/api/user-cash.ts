import type * as cashDesk from '@club/api/contracts/cash-desk';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow } from '../../../shared/api/endpoint';

// AdminUserSearch's calls (api/src/contracts/cash-desk.ts; docs/api.md, staff cash): the user search, add
// value and take back.

export type SearchedUser = OkOf<typeof cashDesk.staffUserSearch>['list'][number];

export type CashDirection = 'addvalue' | 'takeback';

export type CashChangeResponse = ReplyOf<typeof cashDesk.addValue> | ReplyOf<typeof cashDesk.takeBack>;

const calls = {
  search: endpoint<typeof cashDesk.staffUserSearch>('POST', '/admin/user/search'),
  addvalue: endpoint<typeof cashDesk.addValue>('POST', '/admin/cash/addvalue'),
  takeback: endpoint<typeof cashDesk.takeBack>('POST', '/admin/cash/takeback'),
};

const searchKey = ['admin', 'user', 'search'] as const;

export const searchUsers = (keyword: string) => okOrThrow(calls.search({ body: { keyword } }));

export const userSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...searchKey, keyword],
    queryFn: () => searchUsers(keyword),
    enabled: keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (keyword: string) => useQuery(userSearchQueryOptions(keyword));

export const changeCash = ({
  direction,
  ...body
}: BodyOf<typeof cashDesk.addValue> & { direction: CashDirection }): Promise<CashChangeResponse> =>
  calls[direction]({ body });

export function useChangeCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'cash'],
    mutationFn: changeCash,
    // Balances in the search results have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKey }),
  });
}
