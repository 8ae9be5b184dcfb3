import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type * as accounts from '@club/api/contracts/accounts';
import type { OkOf } from '@club/api/contracts/shared';
import { endpoint, withSignal } from '../api/endpoint';
import type { SessionUser } from './user';

export type UserCheckResponse = OkOf<typeof accounts.userCheck>;

const userCheckCall = endpoint<typeof accounts.userCheck>('GET', '/user/check');

export const getCurrentUser = (signal?: AbortSignal): Promise<UserCheckResponse> =>
  userCheckCall({}, withSignal(signal));

export const currentUserQueryKey = ['user', 'check'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60_000,
  });

/** The signed-in person, or null for a visitor; `isPending` until the first answer. */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data?.user ?? null };
}

/** Replaces the cached person after login, logout or a settings change, without another round trip. */
export function setCurrentUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<UserCheckResponse>(currentUserQueryKey, (previous) => ({
    status: 'ok',
    user,
    semesternow: previous?.semesternow ?? '',
    semesternext: previous?.semesternext ?? '',
  }));
}
