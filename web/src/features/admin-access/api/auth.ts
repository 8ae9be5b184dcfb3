import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// AdminAuth's calls (docs/api.md, staff area: permissions; the auth authority).

export interface AuthorityInfo {
  key: string;
  title: string;
  desc: string;
}

export interface GrantGroup {
  /** `pk` is the grant's pk. */
  userlist: { pk: number; name: string; user: { pk: number; pkstr: string; name: string } }[];
  /** `pk` is the grant's pk; `name` the position keyword. */
  keywordlist: { pk: number; name: string }[];
}

export interface AuthOverview {
  status: 'ok';
  authlist: AuthorityInfo[];
  authdict: Record<string, GrantGroup>;
}

export type GrantChange =
  | { cmd: 'add'; key: string; userpk?: number | null; staffkeyword?: string | null }
  | { cmd: 'delete'; pk: number };

export type GrantChangeResponse = { status: 'ok' } | { status: 'fail'; reason: string };

const authKey = ['admin', 'auth'] as const;

export const getAuthOverview = (signal?: AbortSignal) =>
  api.get<AuthOverview>('/admin/auth', signal ? { signal } : {});

export const authOverviewQueryOptions = () =>
  queryOptions({ queryKey: authKey, queryFn: ({ signal }) => getAuthOverview(signal) });

export const useAuthOverview = () => useQuery(authOverviewQueryOptions());

export const changeGrants = (change: GrantChange) => api.post<GrantChangeResponse>('/admin/auth', change);

/** A grant changes the overview and possibly the viewer's own authorities. */
export const useChangeGrants = () => {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: [...authKey, 'change'],
      mutationFn: changeGrants,
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: authKey }),
          queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        ]),
    }),
  );
};
