import type * as access from '@club/api/contracts/access';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// AdminAuth's calls (api/src/contracts/access.ts; docs/api.md, staff area: permissions; the auth authority).

export type AuthOverview = OkOf<typeof access.authOverview>;
export type AuthorityInfo = AuthOverview['authlist'][number];
/** Per authority: the grants to people and to position keywords (`pk` is the grant's pk). */
export type GrantGroup = AuthOverview['authdict'][string];

export type GrantChange = BodyOf<typeof access.grantChange>;
export type GrantChangeResponse = ReplyOf<typeof access.grantChange>;

const authKey = ['admin', 'auth'] as const;

const authOverviewCall = endpoint<typeof access.authOverview>('GET', '/admin/auth');
const grantChangeCall = endpoint<typeof access.grantChange>('POST', '/admin/auth');

export const getAuthOverview = (signal?: AbortSignal): Promise<AuthOverview> =>
  okOrThrow(authOverviewCall({}, withSignal(signal)));

export const authOverviewQueryOptions = () =>
  queryOptions({ queryKey: authKey, queryFn: ({ signal }) => getAuthOverview(signal) });

export const useAuthOverview = () => useQuery(authOverviewQueryOptions());

export const changeGrants = (change: GrantChange): Promise<GrantChangeResponse> =>
  grantChangeCall({ body: change });

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
