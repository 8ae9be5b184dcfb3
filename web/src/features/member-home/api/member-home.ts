import type * as home from '@club/api/contracts/home';
import type { OkOf } from '@club/api/contracts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

/** `showworkshopform`: whether the workshop registration buttons are offered this semester. */
export type MemberHomeResponse = OkOf<typeof home.memberHome>;

const memberHomeCall = endpoint<typeof home.memberHome>('GET', '/memberhome');

export const getMemberHome = (signal?: AbortSignal): Promise<MemberHomeResponse> =>
  okOrThrow(memberHomeCall({}, withSignal(signal)));

export const memberHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['memberhome'],
    queryFn: ({ signal }) => getMemberHome(signal),
    staleTime: 5 * 60_000,
  });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
