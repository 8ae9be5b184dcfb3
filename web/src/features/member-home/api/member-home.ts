import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface MemberHomeResponse {
  status: 'ok';
  /** Whether the workshop registration buttons are offered this semester. */
  showworkshopform: boolean;
}

export const getMemberHome = (signal?: AbortSignal): Promise<MemberHomeResponse> =>
  api.get<MemberHomeResponse>('/memberhome', signal ? { signal } : {});

export const memberHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['memberhome'],
    queryFn: ({ signal }) => getMemberHome(signal),
    staleTime: 5 * 60_000,
  });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
